import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The service PIN of a service account (docs/service-menu.md): its argon2id hash, the wrong tries in
 * a row and the lock they lead to, the one open service session (its token hashed, SHA-256) and the
 * one live reset link (hashed too). The PIN itself is never stored or returned.
 */
export const servicePins = pgTable(
  'service_pins',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    pinHash: text('pin_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    sessionHash: text('session_hash'),
    sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }),
    resetTokenHash: text('reset_token_hash'),
    resetExpiresAt: timestamp('reset_expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('service_pins_session_key').on(t.sessionHash), uniqueIndex('service_pins_reset_key').on(t.resetTokenHash)],
);
