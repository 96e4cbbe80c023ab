import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { DEAD_LETTER_EXCERPT_BYTES, type TBrandCode, type TDeviceMessageRefusal } from '@washboard/contracts';
import type { TDb, TSqlRunner } from '../db/database';
import { deviceDeadLetters } from '../db/schema/index';

/** A refused device message as it is stored. */
export type TDeadLetterRow = {
  serialNumber: string | null;
  brand: TBrandCode | null;
  topic: string;
  payload: string;
  payloadBytes: number;
  reason: TDeviceMessageRefusal;
  detail: string | null;
};

/** Longest `detail` kept with a refused message. */
export const DEAD_LETTER_DETAIL_MAX = 500;

/** The first bytes of a payload as text that PostgreSQL can store (no NUL). */
export function deadLetterExcerpt(payload: Buffer): string {
  return payload.subarray(0, DEAD_LETTER_EXCERPT_BYTES).toString('utf8').replaceAll('\u0000', '\uFFFD');
}

/** Inserts the refused messages of one writer batch (one statement, inside the batch's transaction). */
export async function insertDeadLetters(sql: TSqlRunner, rows: readonly TDeadLetterRow[]): Promise<void> {
  await sql.query(
    `insert into device_dead_letters (serial_number, brand, topic, payload, payload_bytes, reason, detail)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int4[], $6::text[], $7::text[])`,
    [
      rows.map((r) => r.serialNumber),
      rows.map((r) => r.brand),
      rows.map((r) => r.topic),
      rows.map((r) => r.payload),
      rows.map((r) => r.payloadBytes),
      rows.map((r) => r.reason),
      rows.map((r) => r.detail),
    ],
  );
}

/** Deletes all but the newest `keep` refused messages. */
export async function pruneDeadLetters(sql: TSqlRunner, keep: number): Promise<void> {
  await sql.query(
    `delete from device_dead_letters
     where id <= (select id from device_dead_letters order by id desc offset $1 limit 1)`,
    [keep],
  );
}

/** Reads of the dead-letter store (administration). */
export class DeadLetterRepository {
  constructor(private readonly db: TDb) {}

  /** Rows in the store (the metrics' dead-letter gauge). */
  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(deviceDeadLetters);
    return row?.n ?? 0;
  }

  /** The newest `limit` refused messages of `brand` or of no known product, optionally of one serial number. */
  async list(brand: TBrandCode, serialNumber: string | undefined, limit: number) {
    const t = deviceDeadLetters;
    return this.db
      .select()
      .from(t)
      .where(
        and(or(eq(t.brand, brand), isNull(t.brand)), serialNumber === undefined ? undefined : eq(t.serialNumber, serialNumber)),
      )
      .orderBy(desc(t.id))
      .limit(limit);
  }
}
