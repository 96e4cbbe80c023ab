import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appliances } from './appliances';

/**
 * When each machine was shown offline (docs/notifications.md, "Weekly report": hours offline): one
 * row per stretch, from the moment `appliance_states.online` turned false until it turned true
 * again (`online_at` null while it lasts). Written by a trigger on `appliance_states` (migration
 * 0013), so every path that changes the flag — status messages, last wills, the presence sweep, a
 * connection ending — records it without code of its own.
 */
export const applianceOfflinePeriods = pgTable(
  'appliance_offline_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serialNumber: text('serial_number')
      .notNull()
      .references(() => appliances.serialNumber, { onDelete: 'cascade' }),
    offlineAt: timestamp('offline_at', { withTimezone: true }).notNull(),
    onlineAt: timestamp('online_at', { withTimezone: true }),
  },
  (t) => [index('appliance_offline_periods_serial_offline_idx').on(t.serialNumber, t.offlineAt)],
);
