import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TInstallation } from '@washboard/contracts';
import { appliances } from './appliances';
import { users } from './users';

/**
 * Main board replacements (docs/local-link.md, "Board replacement"): the machine's serial number
 * was bound to a new board, the old board's credentials revoked, and — once the new board came
 * online — the machine's installation and parameters restored on it (`restoredAt`). The machine's
 * history (telemetry, HACCP, alarms) stays keyed by its serial number: nothing moves.
 */
export const boardReplacements = pgTable(
  'board_replacements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serialNumber: text('serial_number')
      .notNull()
      .references(() => appliances.serialNumber, { onDelete: 'cascade' }),
    /** The board the machine last reported in its `info`; null when it never reported one. */
    oldBoardSerial: text('old_board_serial'),
    newBoardSerial: text('new_board_serial').notNull(),
    replacedBy: uuid('replaced_by').references(() => users.id, { onDelete: 'set null' }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the new board is given once online, as the machine last reported it before the
     * replacement: its installation (from its last `info`, with when it was installed, `at` — absent
     * in rows kept before it was; null when never installed) and its parameter values. Kept here
     * because the new board's own first reports replace both.
     */
    restore: jsonb('restore')
      .$type<{ installation: (TInstallation & { at?: string }) | null; values: Record<string, number> }>()
      .notNull(),
    /** When the new board, online, took the machine's installation and parameters. */
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (t) => [
    index('board_replacements_machine_idx').on(t.serialNumber, t.replacedAt),
    index('board_replacements_board_idx').on(t.newBoardSerial),
  ],
);
