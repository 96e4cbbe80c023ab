import type { TDeviceStats } from './protocol.schema';

/** The periods usage is summed over. */
export const USAGE_PERIODS = ['day', 'week'] as const;
export type TUsagePeriod = (typeof USAGE_PERIODS)[number];

/** The lifetime counters whose growth is drawn as usage per period (the others are times or counts of no daily interest). */
export const USAGE_COUNTERS = ['totalCycles', 'totalWater', 'energy', 'regenerationCycles'] as const;
export type TUsageCounter = (typeof USAGE_COUNTERS)[number];

/** How a calendar is cut into periods: the start of the period holding a moment, and the start of the next one. */
export type TCalendar = { startOf: (ms: number) => number; next: (start: number) => number };

/** One period: when it starts and what the counters grew by in it; `usage` null when nothing could be measured in it. */
export type TPeriodUsage<K extends string> = { start: number; usage: Record<K, number> | null };

/**
 * Calendar days and weeks (Monday to Sunday) in the runtime's own time zone — the browser's, so a
 * kitchen's day ends at its midnight. Built on the Date's local fields, so a day across a change to
 * or from summer time is 23 or 25 hours long, as it is on the wall clock.
 */
export function localCalendar(period: TUsagePeriod): TCalendar {
  const midnight = (ms: number): Date => {
    const d = new Date(ms);
    d.setHours(0, 0, 0, 0);
    return d;
  };
  const days = period === 'day' ? 1 : 7;
  return {
    startOf: (ms) => {
      const d = midnight(ms);
      // getDay: 0 on Sunday; a week starts on Monday (ISO 8601).
      if (period === 'week') d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
      return d.getTime();
    },
    next: (start) => {
      const d = new Date(start);
      d.setDate(d.getDate() + days);
      return d.getTime();
    },
  };
}

/**
 * What cumulative counters grew by in each period from `from` up to the last report, oldest first:
 * the differences between successive reports (`reports` oldest first), each counted in the period
 * of the later report. The first period is the whole one holding `from` (a week from its Monday):
 * reports before its start serve only as the starting point.
 *
 * - A counter that falls was restarted (a board replaced, a factory reset): it counts from zero
 *   again, so the difference is its new value — never a negative bar.
 * - A period without any report has `usage: null` (the machine was off or offline); what the
 *   counters grew by meanwhile is counted in the period of the next report.
 * - The very first report has nothing before it: it only sets where counting starts (a period
 *   holding nothing else has `usage: null` too).
 */
export function usagePerPeriod<K extends TUsageCounter>(
  reports: readonly Pick<TDeviceStats, 'ts' | K>[],
  counters: readonly K[],
  calendar: TCalendar,
  from: number,
): TPeriodUsage<K>[] {
  const zero = (): Record<K, number> => Object.fromEntries(counters.map((key) => [key, 0])) as Record<K, number>;
  const sums = new Map<number, Record<K, number>>();
  let previous: Pick<TDeviceStats, 'ts' | K> | undefined;
  let last = Number.NEGATIVE_INFINITY;
  const begin = calendar.startOf(from);
  for (const report of reports) {
    const at = Date.parse(report.ts);
    if (at >= begin) {
      last = Math.max(last, at);
      if (previous) {
        const start = calendar.startOf(at);
        const sum = sums.get(start) ?? zero();
        for (const key of counters) {
          const now = report[key];
          const before = previous[key];
          sum[key] += now >= before ? now - before : now;
        }
        sums.set(start, sum);
      }
    }
    previous = report;
  }
  if (last === Number.NEGATIVE_INFINITY) return [];
  const periods: TPeriodUsage<K>[] = [];
  for (let start = begin; start <= last; start = calendar.next(start)) {
    periods.push({ start, usage: sums.get(start) ?? null });
  }
  return periods;
}
