import { and, eq, sql } from 'drizzle-orm';
import type { TBrandCode } from '@washboard/contracts';
import type { TDb } from '../db/database';
import { users } from '../db/schema/index';

export type TNewUser = typeof users.$inferInsert;

/** SQL for accounts. */
export class AccountRepository {
  constructor(private readonly db: TDb) {}

  async findByEmail(brand: TBrandCode, email: string) {
    const rows = await this.db
      .select()
      .from(users)
      .where(and(eq(users.brand, brand), sql`lower(${users.email}) = lower(${email})`));
    return rows[0];
  }

  async insert(user: TNewUser) {
    const rows = await this.db.insert(users).values(user).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async count(): Promise<number> {
    const rows = await this.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return Number(rows[0]?.n ?? 0);
  }
}
