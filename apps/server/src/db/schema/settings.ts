import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Server-wide values created on first start (generated subscription key, signing keys, …). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
