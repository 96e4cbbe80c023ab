import { z } from 'zod';
import { defineJob } from './job-queue';

/**
 * Every kind of job the server runs, declared once (docs/jobs.md lists them with their guarantees).
 */

/**
 * Sends one mail of the outbox. Not transactional (an SMTP exchange): a worker killed after the SMTP
 * server accepted the mail and before the job was marked done sends it again — at least once. The
 * back-off of the former outbox: 30 s, 1 min, 2 min … at most 1 h; 30 attempts span about a day.
 */
export const MAIL_SEND = defineJob({
  kind: 'mail.send',
  payload: z.object({ mailId: z.uuid() }),
  maxAttempts: 30,
  backoffSeconds: 30,
  maxBackoffSeconds: 3600,
  leaseSeconds: 120,
  transactional: false,
});

/**
 * Makes the daily telemetry partitions of today and the next 7 days (docs/retention.md). Recurring:
 * run at every start and daily at 00:10 UTC. Idempotent (a partition that exists is left alone), so
 * at least once is enough.
 */
export const TELEMETRY_PARTITIONS = defineJob({
  kind: 'telemetry.partitions',
  payload: z.object({}),
  leaseSeconds: 300,
  transactional: false,
});

/**
 * Retention (docs/retention.md): drops the telemetry partitions older than TELEMETRY_RETENTION_DAYS,
 * deletes HACCP records and closed alarms older than HACCP_RETENTION_YEARS and old completed jobs.
 * Recurring: at every start and daily at 02:30 UTC. Idempotent; not one transaction, so each
 * partition and each batch of deletions commits on its own.
 */
export const RETENTION_PURGE = defineJob({
  kind: 'retention.purge',
  payload: z.object({}),
  leaseSeconds: 600,
  transactional: false,
});

/**
 * The HACCP daily close-out (docs/hygiene.md): signs each machine's chain position at the end of
 * each of the last 7 UTC days not closed yet. Recurring: at every start and daily at 00:15 UTC.
 * Idempotent (a day closed stays as it is), so at least once is enough.
 */
export const HACCP_CLOSE_OUT = defineJob({
  kind: 'haccp.closeOut',
  payload: z.object({}),
  leaseSeconds: 300,
  transactional: false,
});

/**
 * Rolls telemetry up into per-minute minimums and maximums for the temperature history's weeks and
 * months (docs/hygiene.md, "Temperature history"). Recurring: at every start and every five minutes.
 * Not transactional: one statement, and rolling the same rows up twice changes nothing.
 */
export const TELEMETRY_ROLLUP = defineJob({
  kind: 'telemetry.rollup',
  payload: z.object({}),
  leaseSeconds: 300,
  transactional: false,
});

/**
 * Rolls the counters' reports up into daily first/last snapshots for the statistics charts
 * (docs/retention.md, "Statistics"). Recurring: at every start and hourly at :20. Transactional: the
 * day rows and the roll-up's watermark commit together, so a run is applied exactly once.
 */
export const STATISTICS_ROLLUP = defineJob({
  kind: 'statistics.rollup',
  payload: z.object({}),
  leaseSeconds: 300,
});

/**
 * Alarms a written batch of device messages opened (docs/notifications.md): finds who sees each
 * machine and wants alarm mails, records them and starts each one's digest window. Enqueued at most
 * once per batch, in the batch's transaction. Not transactional (it reads who sees each
 * machine before its own transaction); rerunning it records nobody twice.
 */
export const ALARM_OPENED = defineJob({
  kind: 'alarm.opened',
  payload: z.object({ alarms: z.array(z.object({ serial: z.string(), id: z.uuid() })).min(1) }),
  transactional: false,
});

/** One user's alarm mail: the openings collected during the digest window, as one mail or one digest. */
export const ALARM_MAIL = defineJob({
  kind: 'alarm.mail',
  payload: z.object({ userId: z.uuid() }),
  // Run in batches (several users' mails in one transaction of their own, which takes their
  // openings: run again, it writes nothing).
  transactional: false,
});

/** The alarms of one follow-up job: machine and device-made id. */
const ZAlarmRefs = z.array(z.object({ serialNumber: z.string(), alarmId: z.uuid(), errorCode: z.string() })).min(1);

/**
 * Alarms a batch of device messages opened and that are still open (docs/alarms.md): notifies the
 * people who see each machine in the notification centre, and queues the reminder of the
 * high-severity ones. Added by the gateway's writer in the batch's transaction, beside the
 * `alarm.opened` of the mails, at most one per batch. Not transactional (it reads who sees the
 * machines before its own transaction) but idempotent: a notification is added once per user and alarm.
 */
export const ALARM_NOTIFY = defineJob({
  kind: 'alarm.notify',
  payload: z.object({ alarms: ZAlarmRefs }),
  transactional: false,
});

/**
 * Reminds the people who see the machine of high-severity alarms still open and unacknowledged
 * ALARM_REMINDER_SECONDS after they opened, then queues their escalation. Each alarm is reminded
 * once (`alarms.reminded_at`, set in the transaction that adds the mails and notifications).
 */
export const ALARM_REMIND = defineJob({
  kind: 'alarm.remind',
  payload: z.object({ alarms: ZAlarmRefs }),
  transactional: false,
});

/**
 * Tells the service managers of the machine's service company of alarms still unacknowledged
 * ALARM_ESCALATION_SECONDS after the reminder; once per alarm (`alarms.escalated_at`).
 */
export const ALARM_ESCALATE = defineJob({
  kind: 'alarm.escalate',
  payload: z.object({ alarms: ZAlarmRefs }),
  transactional: false,
});

/**
 * Queues the weekly reports that are due (docs/notifications.md, "Weekly report"): every opted-in
 * account whose local Monday 07:00 has come and whose week's report is not written yet. Recurring:
 * at every start and hourly at :05 UTC. Idempotent (a report written or queued is not queued again).
 */
export const REPORT_SCHEDULE = defineJob({
  kind: 'report.schedule',
  payload: z.object({}),
  leaseSeconds: 300,
  transactional: false,
});

/**
 * One account's weekly report of the week starting on `week` (a Monday, YYYY-MM-DD, in `timeZone`).
 * Dedupe key: account and week. Not transactional (it reads through the visibility cache); the mail
 * and the week's record commit together, so it is written exactly once.
 */
export const REPORT_WEEKLY = defineJob({
  kind: 'report.weekly',
  payload: z.object({ userId: z.uuid(), week: z.iso.date(), timeZone: z.string().min(1).max(64) }),
  leaseSeconds: 120,
  transactional: false,
});

/**
 * Machines whose written batch carried what the ingest-side threshold conditions read — cycle
 * records (hygiene), chemical-level alarms, counters (maintenance) — (docs/notifications.md,
 * "Threshold notifications"). Enqueued at most once per batch, in its transaction. Not
 * transactional (it reads who sees the machines first); idempotent: a condition is told once
 * (`threshold_states`).
 */
export const THRESHOLD_CHECK = defineJob({
  kind: 'threshold.check',
  payload: z.object({ serials: z.array(z.string()).min(1) }),
  transactional: false,
});

/**
 * The time-driven threshold conditions of every machine: offline during opening hours, water and
 * energy per cycle against the machine's own average. Recurring: at every start and every 5 minutes.
 */
export const THRESHOLD_SWEEP = defineJob({
  kind: 'threshold.sweep',
  payload: z.object({}),
  leaseSeconds: 120,
  transactional: false,
});

/** One user's threshold mail: the notices collected during the digest window, as one mail. */
export const THRESHOLD_MAIL = defineJob({
  kind: 'threshold.mail',
  payload: z.object({ userId: z.uuid() }),
});

/**
 * Restores a machine whose main board was replaced (docs/local-link.md, "Board replacement"): once
 * the machine is online with the new board (its latest `info` names it), sends it the machine's
 * installation and parameter values kept at the replacement, and marks the replacement restored.
 * Until then each attempt fails and retries soon: 3 s doubling, at most 30 s, for about 3 hours.
 * Not transactional (it waits for the machine's answer); idempotent: a restored replacement, or one
 * a later replacement of the same machine superseded, is left alone.
 */
export const BOARD_RESTORE = defineJob({
  kind: 'board.restore',
  payload: z.object({ replacementId: z.uuid() }),
  maxAttempts: 480,
  backoffSeconds: 3,
  maxBackoffSeconds: 30,
  leaseSeconds: 120,
  transactional: false,
});
