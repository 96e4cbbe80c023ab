import { date, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The weekly reports written (docs/notifications.md, "Weekly report"): one row per account and week,
 * stored in the same transaction as the mail, so a report is written once however often its job
 * is queued (several instances, a scheduler run again after a restart).
 */
export const weeklyReports = pgTable(
  'weekly_reports',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the Monday the reported week starts on, on the account's wall clock */
    week: date('week', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] })],
);
