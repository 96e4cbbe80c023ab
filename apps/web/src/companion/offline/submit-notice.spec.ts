import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogues } from '@washboard/contracts';
import { submitNotice } from './submit-notice';

// The English catalogue's text with its values filled in, as i18next does.
const t = ((key: string, values: Record<string, string> = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogues.en);
  return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}) as unknown as TFunction;
const texts = { sent: 'Customer saved', queued: 'Kept until the phone is back online' };

describe('the notice after a change went through the offline queue', () => {
  it('says saved or kept for the network', () => {
    expect(submitNotice('sent', 'Modify customer: Rossi Anna', t, texts)).toEqual({ color: 'teal', message: 'Customer saved' });
    expect(submitNotice('queued', 'Modify customer: Rossi Anna', t, texts).message).toBe(texts.queued);
  });

  it('names a change the server refused on replay instead of calling it saved', () => {
    expect(submitNotice('failed', 'Modify customer: Rossi Anna', t, texts)).toEqual({
      color: 'red',
      message: 'Not saved: Modify customer: Rossi Anna',
    });
  });
});
