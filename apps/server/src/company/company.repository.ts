import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TBrandCode } from '@washboard/contracts';
import type { TDb } from '../db/database';
import type { TTransaction } from '../db/transaction';
import { appliances, companies, users } from '../db/schema/index';
import type { TManagedCompanies } from './company-scope';

export type TCompany = typeof companies.$inferSelect;

/** SQL of companies and their hierarchy (a company's `parentCode` names its service partner). */
export class CompanyRepository {
  constructor(
    private readonly db: TDb,
    /** Called after every write of a company (the read caches drop what they derived). */
    private readonly changed: () => void = () => {},
  ) {}

  /** The same repository inside the transaction `t`; the read caches hear of its changes once `t` committed. */
  in(t: TTransaction): CompanyRepository {
    return new CompanyRepository(t.tx, () => t.afterCommit(this.changed));
  }

  async findByCode(brand: TBrandCode, code: string): Promise<TCompany | undefined> {
    const rows = await this.db
      .select()
      .from(companies)
      .where(and(eq(companies.brand, brand), eq(companies.code, code)));
    return rows[0];
  }

  async findById(id: string): Promise<TCompany | undefined> {
    const rows = await this.db.select().from(companies).where(eq(companies.id, id));
    return rows[0];
  }

  async insert(company: typeof companies.$inferInsert): Promise<TCompany> {
    try {
      const rows = await this.db.insert(companies).values(company).returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    } finally {
      this.changed();
    }
  }

  async list(brand: TBrandCode): Promise<TCompany[]> {
    return this.db.select().from(companies).where(eq(companies.brand, brand)).orderBy(companies.name);
  }

  /**
   * Every company of the brand with its accounts (DELETED ones left out) and the machines it
   * services, counted in one statement: the administration's tree of thousands of companies.
   */
  async listWithCounts(brand: TBrandCode): Promise<(TCompany & { users: number; machines: number })[]> {
    const members = this.db
      .select({ companyId: users.companyId, n: sql<number>`count(*)::int`.as('member_count') })
      .from(users)
      .where(and(eq(users.brand, brand), ne(users.status, 'DELETED')))
      .groupBy(users.companyId)
      .as('members');
    const serviced = this.db
      .select({ companyCode: appliances.companyCode, n: sql<number>`count(*)::int`.as('serviced_count') })
      .from(appliances)
      .where(eq(appliances.brand, brand))
      .groupBy(appliances.companyCode)
      .as('serviced');
    const rows = await this.db
      .select({ company: companies, users: members.n, machines: serviced.n })
      .from(companies)
      .leftJoin(members, eq(members.companyId, companies.id))
      .leftJoin(serviced, eq(serviced.companyCode, companies.code))
      .where(eq(companies.brand, brand))
      .orderBy(companies.name);
    return rows.map((r) => ({ ...r.company, users: Number(r.users ?? 0), machines: Number(r.machines ?? 0) }));
  }

  /** The companies directly below the company with `code`. */
  async children(brand: TBrandCode, code: string): Promise<TCompany[]> {
    return this.db
      .select()
      .from(companies)
      .where(and(eq(companies.brand, brand), eq(companies.parentCode, code)))
      .orderBy(companies.name);
  }

  async rename(id: string, name: string): Promise<void> {
    try {
      await this.db.update(companies).set({ name }).where(eq(companies.id, id));
    } finally {
      this.changed();
    }
  }

  /**
   * Deletes the company unless accounts (other than DELETED ones, whose link is cleared), child
   * companies or serviced machines still reference it; answers what stood in the way.
   */
  async deleteIfUnused(company: TCompany): Promise<'deleted' | 'users' | 'children' | 'appliances'> {
    try {
      return await this.deleteIfUnusedTx(company);
    } finally {
      this.changed();
    }
  }

  private deleteIfUnusedTx(company: TCompany): Promise<'deleted' | 'users' | 'children' | 'appliances'> {
    return this.db.transaction(async (tx) => {
      // The row lock makes a concurrent registration into this company (whose foreign-key check
      // needs a share lock on the row) wait, and then fail, instead of slipping in after the count.
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, company.id)).for('update');
      const [members] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.companyId, company.id), ne(users.status, 'DELETED')));
      if ((members?.n ?? 0) > 0) return 'users';
      const [children] = await tx
        .select({ n: count() })
        .from(companies)
        .where(and(eq(companies.brand, company.brand), eq(companies.parentCode, company.code)));
      if ((children?.n ?? 0) > 0) return 'children';
      // Machines serviced by the company would pass to any later company given the same code.
      const [serviced] = await tx
        .select({ n: count() })
        .from(appliances)
        .where(and(eq(appliances.brand, company.brand), eq(appliances.companyCode, company.code)));
      if ((serviced?.n ?? 0) > 0) return 'appliances';
      await tx.delete(companies).where(eq(companies.id, company.id));
      return 'deleted';
    });
  }

  /**
   * The company with `code` and the companies below it, at most `maxDepth` levels down (the whole
   * hierarchy when not given).
   */
  async subtree(brand: TBrandCode, code: string, maxDepth = 64): Promise<{ id: string; code: string }[]> {
    const result = await this.db.execute(sql`
      with recursive tree as (
        select id, code, 0 as depth from ${companies} where brand = ${brand} and code = ${code}
        union
        select c.id, c.code, t.depth + 1 from ${companies} c join tree t on c.parent_code = t.code
        where c.brand = ${brand} and t.depth < ${maxDepth}
      )
      select id, code from tree`);
    // Both drivers answer { rows }; drizzle's generic result type does not say so.
    return (result as unknown as { rows: { id: string; code: string }[] }).rows;
  }

  /** Ids of the company `id` and of every company above it (its service partner, and so on up). */
  async lineageIds(id: string, maxDepth = 64): Promise<string[]> {
    const result = await this.db.execute(sql`
      with recursive line as (
        select id, brand, parent_code, 0 as depth from ${companies} where id = ${id}
        union
        select c.id, c.brand, c.parent_code, l.depth + 1 from ${companies} c
        join line l on c.code = l.parent_code and c.brand = l.brand
        where l.depth < ${maxDepth}
      )
      select id from line`);
    return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  }

  /** Ids of the company with `code` and of every company below it in the hierarchy. */
  async subtreeIds(brand: TBrandCode, code: string): Promise<string[]> {
    return (await this.subtree(brand, code)).map((r) => r.id);
  }

  /** Names of the companies with these codes. */
  async namesByCode(brand: TBrandCode, codes: string[]): Promise<Map<string, string>> {
    if (codes.length === 0) return new Map();
    const rows = await this.db
      .select({ code: companies.code, name: companies.name })
      .from(companies)
      .where(and(eq(companies.brand, brand), inArray(companies.code, codes)));
    return new Map(rows.map((r) => [r.code, r.name]));
  }
}

/**
 * The rows of `brand` that belong to one of the `managed` companies (every row of the brand for
 * 'brand', none for an empty list): the scope of a table of company records (customers, profiles).
 */
export function ofManagedCompanies(
  table: { brand: AnyPgColumn; companyId: AnyPgColumn },
  brand: TBrandCode,
  managed: TManagedCompanies,
): SQL {
  const ofBrand = eq(table.brand, brand);
  if (managed === 'brand') return ofBrand;
  return and(ofBrand, managed.length > 0 ? inArray(table.companyId, managed) : sql`false`) ?? ofBrand;
}
