import { describe, expect, it } from 'vitest';
import { localCalendar, usagePerPeriod } from './usage.rules';

/** A local moment (the calendar works in the runtime's time zone, like a browser's). */
const at = (day: number, hour: number) => new Date(2026, 10, day, hour).getTime();
/** A counter report at that moment (water in litres × 10). */
const report = (day: number, hour: number, totalWater: number, regenerationCycles = 0) => ({
  ts: new Date(at(day, hour)).toISOString(),
  totalWater,
  regenerationCycles,
});
const days = localCalendar('day');
const water = (periods: ReturnType<typeof usagePerPeriod<'totalWater' | 'regenerationCycles'>>) =>
  periods.map((p) => p.usage?.totalWater ?? null);

describe('usagePerPeriod', () => {
  it('answers what the counters grew by each day, from the report before the first day on', () => {
    const reports = [report(1, 23, 1000), report(2, 23, 1300), report(3, 12, 1400), report(3, 23, 1700), report(4, 23, 1750)];
    const periods = usagePerPeriod(reports, ['totalWater', 'regenerationCycles'], days, at(2, 0));
    expect(periods.map((p) => p.start)).toEqual([at(2, 0), at(3, 0), at(4, 0)]);
    expect(water(periods)).toEqual([300, 400, 50]);
  });

  it('counts a counter that falls as restarted from zero, never as negative usage', () => {
    // The regeneration counter of a replaced board: 16, then 2 (two regenerations since), then 5.
    const reports = [report(1, 23, 5000, 16), report(2, 23, 5200, 2), report(3, 23, 300, 5)];
    const periods = usagePerPeriod(reports, ['totalWater', 'regenerationCycles'], days, at(2, 0));
    expect(periods.map((p) => p.usage?.regenerationCycles)).toEqual([2, 3]);
    expect(water(periods)).toEqual([200, 300]);
    expect(periods.flatMap((p) => Object.values(p.usage ?? {})).every((v) => v >= 0)).toBe(true);
  });

  it('leaves a day without reports empty and counts its usage on the day of the next report', () => {
    const reports = [report(1, 23, 1000), report(2, 23, 1100), report(4, 23, 1500)];
    const periods = usagePerPeriod(reports, ['totalWater', 'regenerationCycles'], days, at(2, 0));
    expect(periods.map((p) => p.start)).toEqual([at(2, 0), at(3, 0), at(4, 0)]);
    expect(water(periods)).toEqual([100, null, 400]);
  });

  it('starts counting at the first report when there is none before the range', () => {
    const reports = [report(2, 8, 1000), report(3, 8, 1100), report(3, 20, 1250)];
    const periods = usagePerPeriod(reports, ['totalWater'], days, at(1, 0));
    // Day 1 has no report; day 2 only the first one, which measures nothing.
    expect(periods.map((p) => p.usage?.totalWater ?? null)).toEqual([null, null, 250]);
  });

  it('answers nothing without a report in the range', () => {
    expect(usagePerPeriod([report(1, 8, 1000)], ['totalWater'], days, at(2, 0))).toEqual([]);
  });

  it('sums weeks from Monday to Sunday', () => {
    // 2026-11-02 is a Monday, 2026-11-08 a Sunday.
    const reports = [report(1, 23, 0), report(2, 23, 100), report(8, 23, 400), report(9, 23, 450)];
    const periods = usagePerPeriod(reports, ['totalWater'], localCalendar('week'), at(2, 12));
    expect(periods.map((p) => p.start)).toEqual([at(2, 0), at(9, 0)]);
    expect(periods.map((p) => p.usage?.totalWater)).toEqual([400, 50]);
  });

  it('counts the whole first period, not only what came after the range’s first moment', () => {
    // A 30-day range starting a Wednesday at noon: its first bar is that whole week, Monday on.
    const reports = [report(1, 23, 0), report(2, 23, 100), report(3, 23, 250), report(4, 23, 300), report(9, 23, 450)];
    const periods = usagePerPeriod(reports, ['totalWater'], localCalendar('week'), at(4, 12));
    expect(periods.map((p) => p.start)).toEqual([at(2, 0), at(9, 0)]);
    expect(periods.map((p) => p.usage?.totalWater)).toEqual([300, 150]);
    // The same holds for a day: the range's first day is counted from its midnight.
    expect(water(usagePerPeriod(reports, ['totalWater', 'regenerationCycles'], days, at(3, 12)))[0]).toBe(150);
  });
});
