import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TAuditFilter, TBrandCode } from '@washboard/contracts';
import type { TDb, TSqlRunner } from '../db/database';
import { copyRows } from '../db/copy-text';
import type { TTransaction } from '../db/transaction';
import { appliances, auditRecords } from '../db/schema/index';

export type TNewAuditRecord = typeof auditRecords.$inferInsert;
export type TAuditRow = typeof auditRecords.$inferSelect;

/**
 * The filters of the audit screen as SQL; each has an index ending in the id (the trail's order). A
 * machine's records include the import that added it (its brand's imports are few).
 */
function filtered(brand: TBrandCode, filter: TAuditFilter): SQL | undefined {
  return and(
    eq(auditRecords.brand, brand),
    filter.account
      ? or(sql`lower(${auditRecords.actorEmail}) = ${filter.account}`, eq(auditRecords.accountEmail, filter.account))
      : undefined,
    filter.serial
      ? or(
          eq(auditRecords.serialNumber, filter.serial),
          // The CSV import that brought the machine in: one record for all its products. A product
          // erased since (it never sent a record) names its import in its deletion's record.
          and(
            eq(auditRecords.action, 'product.import'),
            sql`${auditRecords.targetId} in (
              select import_id::text from ${appliances} where serial_number = ${filter.serial}
              union all
              select d.before ->> 'importId' from ${auditRecords} d
               where d.brand = ${brand} and d.serial_number = ${filter.serial} and d.action = 'product.delete')`,
          ),
        )
      : undefined,
    filter.action ? eq(auditRecords.action, filter.action) : undefined,
    filter.from ? gte(auditRecords.at, new Date(filter.from)) : undefined,
    // Included to its last microsecond: the database keeps microseconds, an instant sent has milliseconds.
    filter.to ? lt(auditRecords.at, new Date(new Date(filter.to).getTime() + 1)) : undefined,
  );
}

/** SQL of the audit trail: records are inserted, read newest first, and deleted after the retention period. */
export class AuditRepository {
  constructor(private readonly db: TDb) {}

  /** The same repository inside the transaction `t`: a record then commits with the change it describes. */
  in(t: TTransaction): AuditRepository {
    return new AuditRepository(t.tx);
  }

  async insert(record: TNewAuditRecord): Promise<void> {
    await this.db.insert(auditRecords).values(record);
  }

  /** One page, newest first, and how many records the filters keep. Offset pages, as the accounts table. */
  async page(
    brand: TBrandCode,
    filter: TAuditFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: TAuditRow[]; total: number }> {
    const where = filtered(brand, filter);
    const rows = await this.db
      .select()
      .from(auditRecords)
      .where(where)
      .orderBy(desc(auditRecords.id))
      .limit(limit)
      .offset(offset);
    const [counted] = await this.db.select({ n: count() }).from(auditRecords).where(where);
    return { rows, total: Number(counted?.n ?? 0) };
  }

  /**
   * Every record the filters keep, newest first, `batch` rows at a time: each batch is read after the
   * last id of the one before (keyset), so an export of a million records never holds more than a batch.
   */
  async *all(brand: TBrandCode, filter: TAuditFilter, batch = 1000): AsyncGenerator<TAuditRow[]> {
    let before: number | undefined;
    for (;;) {
      const rows = await this.db
        .select()
        .from(auditRecords)
        .where(and(filtered(brand, filter), before === undefined ? undefined : lt(auditRecords.id, before)))
        .orderBy(desc(auditRecords.id))
        .limit(batch);
      if (rows.length > 0) yield rows;
      const last = rows.at(-1);
      if (!last || rows.length < batch) return;
      before = last.id;
    }
  }

  /** Deletes the records older than `cutoff` (every brand); answers how many. */
  async deleteBefore(cutoff: Date): Promise<number> {
    const rows = await this.db.delete(auditRecords).where(lt(auditRecords.at, cutoff)).returning({ id: auditRecords.id });
    return rows.length;
  }
}

/**
 * Writes `records` with one COPY through `sql`, a plain-SQL transaction (a CSV import's): they commit
 * with the rows they describe. A COPY, not an array statement: 10,000 records of an import took
 * 250–300 ms through `unnest` on PGlite and 180–200 ms so (docs/benchmarks.md, "Product import").
 */
export async function insertAuditRecords(sql: TSqlRunner, records: readonly TNewAuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  const json = (value: unknown) => (value ? JSON.stringify(value) : null);
  await sql.copyFrom(
    `COPY audit_records
       (brand, actor_id, actor_email, action, target_kind, target_id, target_label, account_email, serial_number, before, after, request_id)
     FROM STDIN`,
    copyRows(records, (r) => [
      r.brand,
      r.actorId,
      r.actorEmail,
      r.action,
      r.targetKind,
      r.targetId,
      r.targetLabel,
      r.accountEmail,
      r.serialNumber,
      json(r.before),
      json(r.after),
      r.requestId,
    ]),
  );
}
