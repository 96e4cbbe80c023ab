import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/job-queue';
import { RETENTION_PURGE, TELEMETRY_PARTITIONS } from '../jobs/kinds';
import { nextDailyUtc, scheduleRecurring } from '../jobs/recurring';
import type { RetentionRepository } from './retention.repository';

const DAY_MS = 86_400_000;
/** Daily telemetry partitions made ahead of time, beyond today's. */
export const PARTITIONS_AHEAD_DAYS = 7;
/** Rows deleted per statement: each batch commits on its own and holds its locks briefly. */
const DELETE_BATCH = 5000;
/** Completed jobs are kept this long (failed ones stay until an ADMIN retries them). */
const COMPLETED_JOB_DAYS = 7;
/** Rows of the alarm- and threshold-mail queues are kept this long after their mail went out. */
const MAILED_ALARM_DAYS = 7;
/** The notification centre keeps read notifications this long, unread ones a year. */
const READ_NOTIFICATION_DAYS = 90;
const NOTIFICATION_DAYS = 365;
/** Sent mails (with their attachments, the weekly report's PDF) are kept this long. */
const MAIL_DAYS = 30;
/**
 * The marks that a weekly report was written are kept this long: a report is written for the week
 * just ended, so older marks can no longer stop a second one.
 */
const WEEKLY_REPORT_MARK_DAYS = 56;

export type TRetentionPolicy = { telemetryDays: number; haccpYears: number };

/** What one retention run removed, and what waits in the default partition. */
export type TPurgeOutcome = {
  droppedPartitions: string[];
  /** HACCP chain entries folded into their machines' anchors. */
  haccpChain: number;
  haccpEvents: number;
  alarms: number;
  /** Other versions of HACCP records kept aside, received before the HACCP retention. */
  otherVersions: number;
  jobs: number;
  mailQueues: number;
  notifications: number;
  mails: number;
  weeklyReportMarks: number;
  offlinePeriods: number;
  telemetryMinutes: number;
  defaultPartition: { rows: number; machines: number };
};

/** The UTC day of `at` as `YYYY-MM-DD`. */
function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Telemetry partitions and retention (docs/retention.md): the daily partitions are made ahead, old
 * ones are dropped whole, and HACCP records are kept at least HACCP_RETENTION_YEARS.
 */
export class RetentionService {
  constructor(
    private readonly repository: RetentionRepository,
    private readonly policy: TRetentionPolicy,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Makes the partitions of today and the next PARTITIONS_AHEAD_DAYS UTC days that are missing. */
  async ensurePartitions(now = new Date()): Promise<string[]> {
    const days = Array.from({ length: PARTITIONS_AHEAD_DAYS + 1 }, (_, i) => utcDay(new Date(now.getTime() + i * DAY_MS)));
    const made = await this.repository.ensurePartitions(days);
    if (made.length > 0) this.log.info({ days: made }, 'telemetry partitions made');
    return made;
  }

  /**
   * Drops every daily partition whose whole day is older than the telemetry retention, then deletes
   * HACCP records and closed alarms older than the HACCP retention (batch by batch) and completed
   * jobs and sent alarm-mail rows older than a week, old notifications (read: 90 days; any: a year),
   * sent mails after 30 days, weekly-report marks after 8 weeks, and ended offline stretches and the
   * per-minute roll-up with the telemetry. The default partition is never emptied here: what waits there is told.
   */
  async purge(now = new Date()): Promise<TPurgeOutcome> {
    const telemetryCutoff = now.getTime() - this.policy.telemetryDays * DAY_MS;
    const droppedPartitions: string[] = [];
    for (const partition of await this.repository.partitions()) {
      const dayEnd = Date.parse(`${partition.day}T00:00:00Z`) + DAY_MS;
      if (dayEnd > telemetryCutoff) break;
      await this.repository.dropPartition(partition);
      droppedPartitions.push(partition.day);
    }
    const haccpCutoff = new Date(now);
    haccpCutoff.setUTCFullYear(haccpCutoff.getUTCFullYear() - this.policy.haccpYears);
    // The chain entries first: a record is deleted only once its entries are in the anchor.
    const haccpChain = await drain((limit) => this.repository.pruneChainBefore(haccpCutoff, limit));
    const haccpEvents = await drain((limit) => this.repository.deleteHaccpEventsBefore(haccpCutoff, limit));
    const alarms = await drain((limit) => this.repository.deleteAlarmsBefore(haccpCutoff, limit));
    const otherVersions = await drain((limit) => this.repository.deleteOtherVersionsBefore(haccpCutoff, limit));
    const jobs = await drain((limit) =>
      this.repository.deleteCompletedJobsBefore(new Date(now.getTime() - COMPLETED_JOB_DAYS * DAY_MS), limit),
    );
    const mailQueues = await drain((limit) =>
      this.repository.deleteMailedNoticesBefore(new Date(now.getTime() - MAILED_ALARM_DAYS * DAY_MS), limit),
    );
    const notifications = await drain((limit) =>
      this.repository.deleteNotificationsBefore(
        new Date(now.getTime() - READ_NOTIFICATION_DAYS * DAY_MS),
        new Date(now.getTime() - NOTIFICATION_DAYS * DAY_MS),
        limit,
      ),
    );
    const mails = await drain((limit) =>
      this.repository.deleteFinishedMailsBefore(new Date(now.getTime() - MAIL_DAYS * DAY_MS), limit),
    );
    const weeklyReportMarks = await drain((limit) =>
      this.repository.deleteWeeklyReportMarksBefore(new Date(now.getTime() - WEEKLY_REPORT_MARK_DAYS * DAY_MS), limit),
    );
    // Ended offline stretches go with the telemetry of their time (the weekly report reads two weeks).
    const offlinePeriods = await drain((limit) => this.repository.deleteOfflinePeriodsBefore(new Date(telemetryCutoff), limit));
    // So does the temperature history's per-minute roll-up of it.
    const telemetryMinutes = await drain((limit) =>
      this.repository.deleteTelemetryMinutesBefore(new Date(telemetryCutoff), limit),
    );
    const defaultPartition = await this.repository.defaultPartitionRows();
    const outcome = {
      droppedPartitions,
      haccpChain,
      haccpEvents,
      otherVersions,
      alarms,
      jobs,
      mailQueues,
      notifications,
      mails,
      weeklyReportMarks,
      offlinePeriods,
      telemetryMinutes,
      defaultPartition,
    };
    this.log.info(outcome, 'retention ran');
    if (defaultPartition.rows > 0) {
      this.log.warn(
        defaultPartition,
        'telemetry rows outside every daily partition (machine clocks off?) kept in telemetry_default',
      );
    }
    return outcome;
  }

  /** The two recurring jobs: partitions at 00:10 UTC, retention at 02:30 UTC, and both at every start. */
  async schedule(jobs: JobQueue): Promise<void> {
    await scheduleRecurring(
      jobs,
      TELEMETRY_PARTITIONS,
      {},
      (now) => nextDailyUtc(now, 10),
      () => this.ensurePartitions().then(() => {}),
    );
    await scheduleRecurring(
      jobs,
      RETENTION_PURGE,
      {},
      (now) => nextDailyUtc(now, 150),
      () => this.purge().then(() => {}),
    );
  }
}

/** Runs `step` (deleting up to a batch) until a batch comes back short; answers the total. */
async function drain(step: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await step(DELETE_BATCH);
    total += deleted;
    if (deleted < DELETE_BATCH) return total;
  }
}
