import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../db/database';
import { appliances, companies, users } from '../db/schema/index';
import type { TAuthUser } from '../auth/token.service';

/**
 * Who sees which machines (DESIGN.md §5, docs/permissions.md). Brands never see each other; an
 * ADMIN sees the whole brand; everybody sees the machines they claimed; a SERVICE user also sees
 * those of its company and of the customer companies directly below it; a SERVICE_MANAGER those of
 * every company below its own.
 */
export class ApplianceAccess {
  constructor(private readonly db: TDb) {}

  /** Company codes whose machines `user` sees through its company (none for kitchen managers). */
  async companyCodes(user: Pick<TAuthUser, 'id' | 'brand' | 'role'>): Promise<string[]> {
    if (user.role !== 'SERVICE' && user.role !== 'SERVICE_MANAGER') return [];
    const own = await this.db
      .select({ code: companies.code })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, user.id));
    const code = own[0]?.code;
    if (!code) return [];
    const depthLimit = user.role === 'SERVICE' ? 1 : 64;
    const result = await this.db.execute(sql`
      with recursive tree as (
        select code, 0 as depth from ${companies} where brand = ${user.brand} and code = ${code}
        union
        select c.code, t.depth + 1 from ${companies} c join tree t on c.parent_code = t.code
        where c.brand = ${user.brand} and t.depth < ${depthLimit}
      )
      select code from tree`);
    return (result as unknown as { rows: { code: string }[] }).rows.map((r) => r.code);
  }

  /** The SQL condition selecting the appliances `user` may see. */
  async condition(user: Pick<TAuthUser, 'id' | 'brand' | 'role'>): Promise<SQL> {
    const brand = eq(appliances.brand, user.brand);
    if (user.role === 'ADMIN') return brand;
    const codes = await this.companyCodes(user);
    const own = eq(appliances.ownerUserId, user.id);
    const mine = codes.length > 0 ? or(own, inArray(appliances.companyCode, codes)) : own;
    return and(brand, mine) ?? brand;
  }
}
