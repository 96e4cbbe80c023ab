import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TBrandCode } from '@washboard/contracts';

export type TMailStatus = 'pending' | 'sent' | 'outbox';

/**
 * Every mail is written here first, in the same transaction as what caused it, then sent by the
 * mailer; a failed send is retried with back-off, never dropped. Without SMTP_URL mails stay with
 * status `outbox` (readable at /dev/mailbox in demo mode).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brand: text('brand').$type<TBrandCode>().notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status').$type<TMailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
