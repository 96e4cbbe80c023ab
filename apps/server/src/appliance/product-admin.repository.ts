import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { BRANDS, GAMMAS, type TAdminProductSort, type TBrandCode, type TGamma } from '@washboard/contracts';
import type { TDb } from '../db/database';
import type { TTransaction } from '../db/transaction';
import {
  alarms,
  applianceStats,
  appliances,
  applianceStates,
  companies,
  haccpEvents,
  telemetry,
  users,
} from '../db/schema/index';
import { escapeLike } from '../db/like';

/** One row of the Manage Products table as read: the product, its owner and its service company's name. */
export type TProductRow = {
  serialNumber: string;
  modelNumber: string;
  gamma: TGamma;
  brand: TBrandCode;
  applianceName: string | null;
  companyCode: string | null;
  companyName: string | null;
  userId: string | null;
  userEmail: string | null;
  userFirstName: string | null;
  userLastName: string | null;
  role: (typeof users.$inferSelect)['role'] | null;
};

const ROW = {
  serialNumber: appliances.serialNumber,
  modelNumber: appliances.modelNumber,
  gamma: appliances.gamma,
  brand: appliances.brand,
  applianceName: appliances.applianceName,
  companyCode: appliances.companyCode,
  companyName: companies.name,
  userId: users.id,
  userEmail: users.email,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  role: users.role,
};

/** The range as the brand names it (Kestrel sells Infinity as TL…): what the table shows, sorts and searches. */
function rangeName(brand: TBrandCode): SQL {
  const names = BRANDS[brand].rangeNames;
  return sql`case ${appliances.gamma} ${sql.join(
    GAMMAS.map((g) => sql`when ${g} then ${names[g]}`),
    sql` `,
  )} end`;
}

/** What each sort of the table orders by; text that people type is compared case-insensitively. */
function sortColumn(brand: TBrandCode, sort: TAdminProductSort): SQL {
  switch (sort) {
    case 'serialNumber':
      return sql`${appliances.serialNumber}`;
    case 'modelNumber':
      return sql`${appliances.modelNumber}`;
    case 'gamma':
      return rangeName(brand);
    case 'brand':
      return sql`${appliances.brand}`;
    case 'email':
      return sql`lower(${users.email})`;
    case 'name':
      return sql`lower(${users.firstName} || ' ' || ${users.lastName})`;
    case 'company':
      return sql`lower(${companies.name})`;
    case 'role':
      return sql`${users.role}`;
    case 'productName':
      return sql`lower(${appliances.applianceName})`;
  }
}

/** Sorts on columns that are never empty: asking "nulls last" of them would keep the order off its index. */
const NEVER_EMPTY: ReadonlySet<TAdminProductSort> = new Set(['serialNumber', 'modelNumber', 'gamma', 'brand']);

/** A word must appear in one of the shown columns; a range matches by the name the brand gives it. */
function wordMatch(brand: TBrandCode, word: string): SQL | undefined {
  const like = `%${escapeLike(word)}%`;
  const lower = word.toLowerCase();
  const ranges = GAMMAS.filter((g) => BRANDS[brand].rangeNames[g].toLowerCase().includes(lower));
  return or(
    ilike(appliances.serialNumber, like),
    ilike(appliances.modelNumber, like),
    ilike(appliances.brand, like),
    ilike(appliances.applianceName, like),
    ilike(users.email, like),
    ilike(users.firstName, like),
    ilike(users.lastName, like),
    ilike(users.role, like),
    ilike(companies.name, like),
    ilike(appliances.companyCode, like),
    ranges.length > 0 ? inArray(appliances.gamma, ranges) : undefined,
  );
}

/** The brand's products that are not deleted. */
function live(brand: TBrandCode): SQL {
  return and(eq(appliances.brand, brand), isNull(appliances.deletedAt)) ?? sql`false`;
}

/** SQL of the Manage Products table and of deleting a product. */
export class ProductAdminRepository {
  constructor(
    private readonly db: TDb,
    /** Told after a deletion: who sees which machines changed (the read caches drop what they derived). */
    private readonly changed: () => void = () => {},
  ) {}

  /**
   * One page of the table: the brand's products, every word in some column, sorted by `sort` (ties
   * broken by serial number, so a product never shows on two pages), with the count of all kept.
   * Without words the count reads the products alone, along the partial index of live products.
   */
  async page(
    brand: TBrandCode,
    query: { words: string[]; sort: TAdminProductSort; order: 'asc' | 'desc'; offset: number; limit: number },
  ): Promise<{ rows: TProductRow[]; total: number }> {
    const where = and(live(brand), ...query.words.map((word) => wordMatch(brand, word)));
    const direction = sql.raw(query.order);
    const nulls = sql.raw(NEVER_EMPTY.has(query.sort) ? '' : ' nulls last');
    const rows = await this.db
      .select(ROW)
      .from(appliances)
      .leftJoin(users, eq(users.id, appliances.ownerUserId))
      .leftJoin(companies, and(eq(companies.brand, appliances.brand), eq(companies.code, appliances.companyCode)))
      .where(where)
      .orderBy(sql`${sortColumn(brand, query.sort)} ${direction}${nulls}`, sql`${appliances.serialNumber} ${direction}`)
      .limit(query.limit)
      .offset(query.offset);
    const counted =
      query.words.length === 0
        ? await this.db
            .select({ n: sql<number>`count(*)::int` })
            .from(appliances)
            .where(where)
        : await this.db
            .select({ n: sql<number>`count(*)::int` })
            .from(appliances)
            .leftJoin(users, eq(users.id, appliances.ownerUserId))
            .leftJoin(companies, and(eq(companies.brand, appliances.brand), eq(companies.code, appliances.companyCode)))
            .where(where);
    return { rows, total: Number(counted[0]?.n ?? 0) };
  }

  /**
   * Deletes a live product of the brand; 'missing' when there is none. A product that never sent a
   * record (no telemetry, HACCP event, alarm or counters) is erased and its serial number is free
   * again; one with records is marked deleted and keeps them for the HACCP retention period: nobody
   * holds it any more, its device secret no longer matches anything, and the serial number stays
   * taken so its records are never mixed with another product's. `record` runs in the deletion's
   * transaction with what the product was (its audit record commits with the deletion).
   */
  async delete(
    brand: TBrandCode,
    serialNumber: string,
    record: (
      t: TTransaction,
      was: { modelNumber: string; owner: string | null; serviceCompany: string | null; importId: string | null },
    ) => Promise<void>,
  ): Promise<'erased' | 'retired' | 'missing'> {
    try {
      return await this.db.transaction(async (tx) => {
        const [found] = await tx
          .select({
            serialNumber: appliances.serialNumber,
            modelNumber: appliances.modelNumber,
            owner: appliances.ownerUserId,
            serviceCompany: appliances.companyCode,
            importId: appliances.importId,
          })
          .from(appliances)
          .where(and(live(brand), eq(appliances.serialNumber, serialNumber)))
          .for('update');
        if (!found) return 'missing';
        await record({ tx, afterCommit: () => {} }, found);
        const hasRecords = (table: typeof telemetry | typeof haccpEvents | typeof alarms | typeof applianceStats) =>
          sql`exists (select 1 from ${table} where ${table.serialNumber} = ${serialNumber})`;
        const [records] = await tx
          .select({
            any: sql<boolean>`${hasRecords(telemetry)} or ${hasRecords(haccpEvents)} or ${hasRecords(alarms)} or ${hasRecords(applianceStats)}`,
          })
          .from(sql`(select 1) as one`);
        if (!records?.any) {
          await tx.delete(appliances).where(eq(appliances.serialNumber, serialNumber));
          return 'erased';
        }
        await tx
          .update(appliances)
          .set({ deletedAt: sql`now()`, ownerUserId: null, companyCode: null, claimedAt: null, secretHash: '' })
          .where(eq(appliances.serialNumber, serialNumber));
        await tx
          .update(applianceStates)
          .set({ online: false, claimingCodeHash: null, claimingCodeExpiresAt: null, updatedAt: sql`now()` })
          .where(eq(applianceStates.serialNumber, serialNumber));
        return 'retired';
      });
    } finally {
      this.changed();
    }
  }
}
