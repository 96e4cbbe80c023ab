import { z } from 'zod';
import { BRAND_CODES } from '../brand/brands';
import { DEVICE_MESSAGE_REFUSALS, SERIAL_NUMBER_PATTERN } from './protocol';

/** The dead-letter store keeps the newest this many refused device messages (older ones are pruned). */
export const DEAD_LETTER_CAPACITY = 10_000;
/** How much of a refused payload is kept, in bytes (as UTF-8 text). */
export const DEAD_LETTER_EXCERPT_BYTES = 1024;
export const DEAD_LETTER_PAGE_SIZE = 100;
export const DEAD_LETTER_MAX_PAGE_SIZE = 1000;

/** GET /api/v1/appliance/dead-letters (ADMIN): the newest refused messages, optionally of one machine. */
export const ZDeadLetterQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(DEAD_LETTER_MAX_PAGE_SIZE)
    .default(DEAD_LETTER_PAGE_SIZE)
    .describe('Messages to answer, newest first'),
  serialNumber: z.string().trim().regex(SERIAL_NUMBER_PATTERN, 'serial number').optional(),
});
export type TDeadLetterQuery = z.output<typeof ZDeadLetterQuery>;

/** A device message the gateway refused, kept so that nothing a machine sends is lost silently. */
export const ZDeadLetter = z
  .object({
    id: z.string(),
    /** null when the topic named no serial number */
    serialNumber: z.string().nullable(),
    /** null when no product has the serial number */
    brand: z.enum(BRAND_CODES).nullable(),
    topic: z.string(),
    /** the first DEAD_LETTER_EXCERPT_BYTES of the payload, as text */
    payload: z.string(),
    /** the payload's whole length in bytes */
    payloadBytes: z.int().nonnegative(),
    reason: z.enum(DEVICE_MESSAGE_REFUSALS),
    /** what failed, e.g. the schema's complaints */
    detail: z.string().nullable(),
    receivedAt: z.string(),
  })
  .meta({ id: 'DeadLetter' });
export type TDeadLetter = z.infer<typeof ZDeadLetter>;

export const ZDeadLetterList = z.array(ZDeadLetter).meta({ id: 'DeadLetterList' });
