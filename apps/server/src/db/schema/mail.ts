import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TBrandCode } from '@washboard/contracts';

export type TMailStatus = 'pending' | 'sent' | 'outbox';
/** A file sent with a mail (the weekly report's PDF): its name, type and bytes in base64. */
export type TMailAttachment = { filename: string; contentType: string; contentBase64: string };

/**
 * Every mail is written here first, with its `mail.send` job in the same transaction (docs/jobs.md);
 * the job queue sends it and retries a failed send with back-off. Without SMTP_URL mails stay with
 * status `outbox` and no job (readable at /dev/mailbox in demo mode).
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  brand: text('brand').$type<TBrandCode>().notNull(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post of a notification (RFC 8058) */
  headers: jsonb('headers').$type<Record<string, string>>(),
  /** files sent with it (the weekly report's PDF), base64 */
  attachments: jsonb('attachments').$type<TMailAttachment[]>(),
  status: text('status').$type<TMailStatus>().notNull().default('pending'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
