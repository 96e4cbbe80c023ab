import type { JobQueue } from '../jobs/job-queue';
import { TELEMETRY_ROLLUP } from '../jobs/kinds';
import { nextEveryMinutesUtc, scheduleRecurring } from '../jobs/recurring';
import type { TemperatureHistoryRepository } from './temperature-history.repository';

/** Minutes between two roll-ups: what a week or a month reads from raw rows is at most this (and the overlap). */
const ROLLUP_MINUTES = 5;

/**
 * Keeps the temperature history's per-minute roll-up current (docs/hygiene.md, "Temperature
 * history"): at every start and every five minutes, the telemetry that came since is rolled up.
 */
export function scheduleTelemetryRollup(jobs: JobQueue, history: TemperatureHistoryRepository): Promise<void> {
  return scheduleRecurring(
    jobs,
    TELEMETRY_ROLLUP,
    {},
    (now) => nextEveryMinutesUtc(now, ROLLUP_MINUTES),
    async () => {
      await history.rollUp();
    },
  );
}
