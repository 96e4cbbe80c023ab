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

/** The alarms of one follow-up job: machine and device-made id. */
const ZAlarmRefs = z.array(z.object({ serialNumber: z.string(), alarmId: z.uuid(), errorCode: z.string() })).min(1);

/**
 * Alarms a batch of device messages opened (docs/alarms.md): notifies the people who see each
 * machine, and queues the reminder of the high-severity ones. Added by the gateway's writer in the
 * batch's transaction, at most one per batch. Not transactional (it reads who sees the machines
 * before its own transaction) but idempotent: a notification is added once per user and alarm.
 */
export const ALARM_OPENED = defineJob({
  kind: 'alarm.opened',
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
