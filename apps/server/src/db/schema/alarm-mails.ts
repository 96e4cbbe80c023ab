import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who is to be told of which alarm opening (docs/notifications.md): one row per recipient and
 * opening, written by the `alarm.opened` job and folded into one mail per user by `alarm.mail`
 * after the digest window. The key makes the `alarm.opened` job idempotent (it runs at least once).
 */
export const alarmMailQueue = pgTable(
  'alarm_mail_queue',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serialNumber: text('serial_number').notNull(),
    alarmId: uuid('alarm_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** when the mail telling of it was stored; null while it waits for its user's digest window */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.serialNumber, t.alarmId] }),
    // A user's openings waiting for the digest (`alarm.mail`), without reading the ones already told.
    index('alarm_mail_queue_waiting_idx')
      .on(t.userId)
      .where(sql`${t.mailedAt} IS NULL`),
    // The retention run's deletion of rows told more than a week ago.
    index('alarm_mail_queue_mailed_idx').on(t.mailedAt),
  ],
);
