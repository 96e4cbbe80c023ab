import { describe, expect, it } from 'vitest';
import { INSPECTOR_TOKEN_PATTERN, lastShareableDay, shareablePeriod } from './inspector-link';

/** 00:30 on 28 November in Rome: still the 27th in UTC. */
const AFTER_LOCAL_MIDNIGHT = new Date('2026-11-27T23:30:00Z');

describe('the days a link may share', () => {
  it('end today in UTC, whatever the browser’s day', () => {
    expect(lastShareableDay(AFTER_LOCAL_MIDNIGHT)).toBe('2026-11-27');
  });

  it('take a page’s period as it is when it ends by then', () => {
    const period = { startDate: '2026-11-21', stopDate: '2026-11-27' };
    expect(shareablePeriod(period, AFTER_LOCAL_MIDNIGHT)).toEqual(period);
  });

  it('bring a page’s local today back to UTC’s', () => {
    expect(shareablePeriod({ startDate: '2026-11-22', stopDate: '2026-11-28' }, AFTER_LOCAL_MIDNIGHT)).toEqual({
      startDate: '2026-11-22',
      stopDate: '2026-11-27',
    });
  });

  it('leave a period wholly ahead for the server to refuse', () => {
    const ahead = { startDate: '2026-11-28', stopDate: '2026-11-30' };
    expect(shareablePeriod(ahead, AFTER_LOCAL_MIDNIGHT)).toEqual(ahead);
  });
});

describe('a link’s token', () => {
  it('is 43 base64url characters, as 32 random bytes are written', () => {
    expect(INSPECTOR_TOKEN_PATTERN.test(Buffer.alloc(32, 0xfb).toString('base64url'))).toBe(true);
    expect(INSPECTOR_TOKEN_PATTERN.test(Buffer.alloc(32, 0xfb).toString('base64'))).toBe(false);
    expect(INSPECTOR_TOKEN_PATTERN.test('A'.repeat(42))).toBe(false);
  });
});
