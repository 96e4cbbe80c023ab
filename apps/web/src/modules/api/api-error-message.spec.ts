import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { serverErrorMessage } from './api-error-message';

const t = ((key: string) => `<${key}>`) as unknown as TFunction;

describe('the text of a failed call that carries the server’s own words', () => {
  it('is the catalogue’s network error, not the browser’s "Failed to fetch", when the call never reached the server', () => {
    expect(serverErrorMessage(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), t)).toBe('<apiErrors.NETWORK_ERROR>');
  });

  it('is the server’s translated message, details and all, otherwise', () => {
    expect(serverErrorMessage(new ApiError(400, 'WRONG_PIN', 'PIN errato, riprova (tentativi rimasti: 2)'), t)).toBe(
      'PIN errato, riprova (tentativi rimasti: 2)',
    );
  });
});
