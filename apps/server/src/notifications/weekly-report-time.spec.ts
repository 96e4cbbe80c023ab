import { describe, expect, it } from 'vitest';
import { dueZones, reportWeek, zonedInstant } from './weekly-report-time';

/** When a weekly report is due and which week it covers, across zones and clock changes. */
describe('weekly report time', () => {
  it('covers last week, Monday to Monday on the local wall clock', () => {
    // Wednesday 2026-11-25 in Rome (UTC+1): last week is 16–23 November local.
    const week = reportWeek(new Date('2026-11-25T10:00:00Z'), 'Europe/Rome');
    expect(week.week).toBe('2026-11-16');
    expect(week.start.toISOString()).toBe('2026-11-15T23:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(week.previousStart.toISOString()).toBe('2026-11-08T23:00:00.000Z');
  });

  it('makes the week with the change to winter time 169 hours long', () => {
    // Summer time ended on Sunday 2026-10-25 in Europe.
    const week = reportWeek(new Date('2026-10-26T08:00:00Z'), 'Europe/Rome');
    expect(week.week).toBe('2026-10-19');
    expect((week.end.getTime() - week.start.getTime()) / 3_600_000).toBe(169);
  });

  it('is due in each zone at its own Monday 07:00, for the hours looked back', () => {
    const zones = ['Europe/Rome', 'Europe/London'];
    // 06:10 UTC on Monday 23 November: 07:10 in Rome, 06:10 in London.
    const due = dueZones(new Date('2026-11-23T06:10:00Z'), zones, 12);
    expect([...due.keys()]).toEqual(['Europe/Rome']);
    expect(due.get('Europe/Rome')?.toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect([...dueZones(new Date('2026-11-23T07:10:00Z'), zones, 12).keys()]).toEqual(['Europe/Rome', 'Europe/London']);
    // Not before 07:00, and not after the look-back.
    expect(dueZones(new Date('2026-11-23T05:59:00Z'), zones, 12).size).toBe(0);
    expect(dueZones(new Date('2026-11-23T19:00:00Z'), zones, 12).size).toBe(0);
    expect(dueZones(new Date('2026-11-24T07:00:00Z'), zones, 12).size).toBe(0);
  });

  it('names the instant of a local time, in summer and in winter', () => {
    expect(zonedInstant(2026, 7, 6, 7, 'Europe/Rome').toISOString()).toBe('2026-07-06T05:00:00.000Z');
    expect(zonedInstant(2026, 1, 5, 7, 'Europe/Rome').toISOString()).toBe('2026-01-05T06:00:00.000Z');
    expect(zonedInstant(2026, 1, 5, 7, 'America/New_York').toISOString()).toBe('2026-01-05T12:00:00.000Z');
  });
});
