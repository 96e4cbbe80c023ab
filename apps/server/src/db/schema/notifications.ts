import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TBrandCode, TNotificationKind, TNotificationPayload } from '@washboard/contracts';
import { users } from './users';

/**
 * The notification centre (docs/alarms.md): one row per user and thing to tell them. The machine
 * and the alarm are kept as values, not foreign keys: a notification stays readable after its
 * machine was deleted.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text('brand').$type<TBrandCode>().notNull(),
    kind: text('kind').$type<TNotificationKind>().notNull(),
    serialNumber: text('serial_number').notNull(),
    alarmId: uuid('alarm_id'),
    payload: jsonb('payload').$type<TNotificationPayload>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // One notification of a kind per user and alarm (an alarm id is the machine's own, unique per
    // machine): a follow-up job that ran twice adds nothing.
    uniqueIndex('notifications_user_kind_alarm_key').on(t.userId, t.kind, t.serialNumber, t.alarmId),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);
