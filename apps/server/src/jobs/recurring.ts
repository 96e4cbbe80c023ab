import type { JobQueue, TJobHandler, TJobKind } from './job-queue';

/** How far past now the next slot is looked for (see `scheduleRecurring`). */
const SLOT_MARGIN_MS = 60_000;

/** The next instant after `now` at `minutes` past midnight UTC: a daily slot, the same in every instance. */
export function nextDailyUtc(now: Date, minutes: number): Date {
  const slot = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 0, minutes));
  if (slot.getTime() <= now.getTime()) slot.setUTCDate(slot.getUTCDate() + 1);
  return slot;
}

/** The next instant after `now` at `minute` past a UTC hour: an hourly slot, the same in every instance. */
export function nextHourlyUtc(now: Date, minute: number): Date {
  const slot = new Date(now);
  slot.setUTCMinutes(minute, 0, 0);
  if (slot.getTime() <= now.getTime()) slot.setUTCHours(slot.getUTCHours() + 1);
  return slot;
}

/** The next instant after `now` on a UTC `step`-minute grid (every 5 minutes: :00, :05, …). */
export function nextEveryMinutesUtc(now: Date, step: number): Date {
  const stepMs = step * 60_000;
  return new Date((Math.floor(now.getTime() / stepMs) + 1) * stepMs);
}

/**
 * The slot after the one a run of a recurring kind serves, looked for a minute past `now`: the job
 * was due by the database's clock, and this server's clock may lag it a little — `next(now)` would
 * then answer the slot being run, whose dedupe key is taken, and the chain would end. Slots are five
 * minutes or more apart, so the minute never skips one.
 */
export function followingSlot(next: (now: Date) => Date, now = new Date()): Date {
  return next(new Date(now.getTime() + SLOT_MARGIN_MS));
}

/**
 * A recurring kind (docs/jobs.md, "Recurring kinds"): this instance handles it, queues one run now
 * (dedupe key `start`: instances starting together queue one), and every run first queues the next
 * at `next(now)` with the slot's time as its dedupe key — every instance computes the same slot, so
 * the chain never doubles, and a failing run does not break it.
 */
export async function scheduleRecurring<P>(
  jobs: JobQueue,
  kind: TJobKind<P>,
  payload: P,
  next: (now: Date) => Date,
  handler: TJobHandler<P>,
): Promise<void> {
  jobs.handle(kind, async (given, context) => {
    const runAt = followingSlot(next);
    await jobs.enqueue(kind, payload, { db: context.db, runAt, dedupeKey: `at:${runAt.toISOString()}` });
    await handler(given, context);
  });
  await jobs.enqueue(kind, payload, { dedupeKey: 'start' });
}
