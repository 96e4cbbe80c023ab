import type { JobQueue } from '../jobs/job-queue';
import { STATISTICS_ROLLUP } from '../jobs/kinds';
import { nextHourlyUtc, scheduleRecurring } from '../jobs/recurring';
import type { ApplianceDetailsRepository } from './appliance-details.repository';

/**
 * Keeps the statistics charts' daily roll-up current (docs/retention.md, "Statistics"): at every
 * start and hourly at :20, the reports that arrived since the last run are rolled up, in the job's
 * own transaction.
 */
export function scheduleStatisticsRollup(jobs: JobQueue, details: ApplianceDetailsRepository): Promise<void> {
  return scheduleRecurring(
    jobs,
    STATISTICS_ROLLUP,
    {},
    (now) => nextHourlyUtc(now, 20),
    async (_payload, { db }) => {
      await details.rollUpStats(db);
    },
  );
}
