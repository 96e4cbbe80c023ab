import { describe, expect, it } from 'vitest';
import { followingSlot, nextDailyUtc, nextHourlyUtc } from './recurring';

describe('recurring slots', () => {
  it('answers the next daily and hourly slot after now, never now itself', () => {
    expect(nextDailyUtc(new Date('2026-11-25T00:09:00Z'), 10).toISOString()).toBe('2026-11-25T00:10:00.000Z');
    expect(nextDailyUtc(new Date('2026-11-25T00:10:00Z'), 10).toISOString()).toBe('2026-11-26T00:10:00.000Z');
    expect(nextHourlyUtc(new Date('2026-11-25T05:19:59Z'), 20).toISOString()).toBe('2026-11-25T05:20:00.000Z');
    expect(nextHourlyUtc(new Date('2026-11-25T05:20:00Z'), 20).toISOString()).toBe('2026-11-25T06:20:00.000Z');
  });

  it('queues the slot after the one being run even when this clock lags the database a little', () => {
    // The 05:20 run, claimed when the database said 05:20:00.1 and this server 05:19:59.9.
    const hourly = (now: Date) => nextHourlyUtc(now, 20);
    expect(followingSlot(hourly, new Date('2026-11-25T05:19:59.900Z')).toISOString()).toBe('2026-11-25T06:20:00.000Z');
    expect(followingSlot(hourly, new Date('2026-11-25T05:20:00.300Z')).toISOString()).toBe('2026-11-25T06:20:00.000Z');
    const daily = (now: Date) => nextDailyUtc(now, 150);
    expect(followingSlot(daily, new Date('2026-11-25T02:29:59.950Z')).toISOString()).toBe('2026-11-26T02:30:00.000Z');
  });
});
