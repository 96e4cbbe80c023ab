import { and, eq, sql } from 'drizzle-orm';
import type { TBrandCode } from '@washboard/contracts';
import type { TDb } from '../db/database';
import { companies } from '../db/schema/index';

export type TCompany = typeof companies.$inferSelect;

/** SQL of companies and their hierarchy (a company's `parentCode` names its service partner). */
export class CompanyRepository {
  constructor(private readonly db: TDb) {}

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
    const rows = await this.db.insert(companies).values(company).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async list(brand: TBrandCode): Promise<TCompany[]> {
    return this.db.select().from(companies).where(eq(companies.brand, brand)).orderBy(companies.name);
  }

  /** Ids of the company with `code` and of every company below it in the hierarchy. */
  async subtreeIds(brand: TBrandCode, code: string): Promise<string[]> {
    const result = await this.db.execute(sql`
      with recursive tree as (
        select id, code from ${companies} where brand = ${brand} and code = ${code}
        union
        select c.id, c.code from ${companies} c join tree t on c.parent_code = t.code where c.brand = ${brand}
      )
      select id from tree`);
    // Both drivers answer { rows }; drizzle's generic result type does not say so.
    return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  }
}
