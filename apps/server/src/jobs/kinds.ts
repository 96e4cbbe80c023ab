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
