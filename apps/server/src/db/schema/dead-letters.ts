import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TBrandCode, TDeviceMessageRefusal } from '@washboard/contracts';

/**
 * Device messages the gateway refused (malformed, oversize, unknown topic or machine): kept so that
 * nothing a machine sends is lost silently, and bounded (the newest DEAD_LETTER_CAPACITY rows; the
 * writer prunes older ones in batches). No foreign key: the serial number may name no product.
 */
export const deviceDeadLetters = pgTable(
  'device_dead_letters',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serialNumber: text('serial_number'),
    /** the brand of the serial's product, when it has one (administrators see their brand's) */
    brand: text('brand').$type<TBrandCode>(),
    topic: text('topic').notNull(),
    /** the first DEAD_LETTER_EXCERPT_BYTES of the payload, as text */
    payload: text('payload').notNull(),
    payloadBytes: integer('payload_bytes').notNull(),
    reason: text('reason').$type<TDeviceMessageRefusal>().notNull(),
    detail: text('detail'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_dead_letters_brand_serial_idx').on(t.brand, t.serialNumber, t.id)],
);
