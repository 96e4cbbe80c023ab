import { dateTimeFormat } from '@washboard/contracts';
/**
 * When a weekly report is due and which week it covers (docs/notifications.md, "Weekly report"):
 * Monday 07:00 on the user's wall clock, in the account's zone (contracts' `account/time-zones.ts`;
 * the scheduler's `optedIn` applies the rule in SQL).
 */

/** The report's local hour on Monday. */
export const REPORT_HOUR = 7;

/** The wall-clock fields of `at` in `zone`. */
export function wallClock(
  at: Date,
  zone: string,
): { y: number; m: number; d: number; h: number; min: number; s: number; weekday: number } {
  const parts = dateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '0';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { y: +get('year'), m: +get('month'), d: +get('day'), h: +get('hour'), min: +get('minute'), s: +get('second'), weekday };
}

/** How far `zone`'s wall clock is ahead of UTC at `at`, in ms. */
function offsetAt(at: Date, zone: string): number {
  const w = wallClock(at, zone);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time of `zone` names (a time skipped by a change to summer time moves on by the gap). */
export function zonedInstant(y: number, m: number, d: number, h: number, zone: string): Date {
  const guess = Date.UTC(y, m - 1, d, h);
  const first = guess - offsetAt(new Date(guess), zone);
  return new Date(guess - offsetAt(new Date(first), zone));
}

/** The Monday 00:00 (local) of the week holding `at` in `zone`, as its calendar day. */
function mondayOf(at: Date, zone: string): { y: number; m: number; d: number } {
  const w = wallClock(at, zone);
  const back = (w.weekday + 6) % 7;
  const day = new Date(Date.UTC(w.y, w.m - 1, w.d - back));
  return { y: day.getUTCFullYear(), m: day.getUTCMonth() + 1, d: day.getUTCDate() };
}

/** The week a report covers: local Monday 00:00 to the next, and the week before it (for comparison). */
export type TReportWeek = {
  /** the first day, YYYY-MM-DD (a Monday) */
  week: string;
  previousStart: Date;
  start: Date;
  end: Date;
};

/** The full week before the one holding `at` in `zone`, as instants (a week across a clock change is 167 or 169 hours). */
export function reportWeek(at: Date, zone: string): TReportWeek {
  const current = mondayOf(at, zone);
  const day = (offsetDays: number) => new Date(Date.UTC(current.y, current.m - 1, current.d + offsetDays));
  const instant = (d: Date) => zonedInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), 0, zone);
  const first = day(-7);
  return {
    week: first.toISOString().slice(0, 10),
    previousStart: instant(day(-14)),
    start: instant(first),
    end: instant(day(0)),
  };
}

/**
 * The zones among `zones` whose Monday 07:00 fell within the `lookBackHours` before `now` (now
 * included): their accounts' reports are due. Answers each with that Monday's 07:00.
 */
export function dueZones(now: Date, zones: readonly string[], lookBackHours: number): Map<string, Date> {
  const due = new Map<string, Date>();
  for (const zone of new Set(zones)) {
    const monday = mondayOf(now, zone);
    const at = zonedInstant(monday.y, monday.m, monday.d, REPORT_HOUR, zone);
    const age = now.getTime() - at.getTime();
    if (age >= 0 && age < lookBackHours * 3600 * 1000) due.set(zone, at);
  }
  return due;
}
