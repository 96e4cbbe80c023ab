import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TThresholdCondition, TThresholdSettings } from '@washboard/contracts';
import { appliances } from './appliances';
import { users } from './users';

/**
 * A machine's threshold settings, set by the service (docs/notifications.md, "Threshold
 * notifications"); a machine without a row has `THRESHOLD_DEFAULTS`.
 */
export const applianceThresholds = pgTable('appliance_thresholds', {
  serialNumber: text('serial_number')
    .primaryKey()
    .references(() => appliances.serialNumber, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<TThresholdSettings>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The threshold conditions in force: a row while a condition holds on a machine, deleted when it
 * clears. Inserting it is what tells people (once: the key), so a condition that holds for days
 * notifies once, and again only after it cleared and came back.
 */
export const thresholdStates = pgTable(
  'threshold_states',
  {
    serialNumber: text('serial_number')
      .notNull()
      .references(() => appliances.serialNumber, { onDelete: 'cascade' }),
    condition: text('condition').$type<TThresholdCondition>().notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    /** the figures when it began (cycles left, minutes offline, litres …) */
    values: jsonb('values').$type<Record<string, number>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.serialNumber, t.condition] })],
);

/**
 * Threshold notices waiting for their user's mail: written with the notification, folded into one
 * mail per user by `threshold.mail` after the digest window (like `alarm_mail_queue`).
 */
export const thresholdMailQueue = pgTable(
  'threshold_mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serialNumber: text('serial_number').notNull(),
    condition: text('condition').$type<TThresholdCondition>().notNull(),
    values: jsonb('values').$type<Record<string, number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('threshold_mail_queue_waiting_idx')
      .on(t.userId)
      .where(sql`${t.mailedAt} IS NULL`),
    index('threshold_mail_queue_mailed_idx').on(t.mailedAt),
  ],
);
