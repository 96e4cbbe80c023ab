import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TBrandCode } from '@washboard/contracts';
import type { TDb } from '../db/database';
import { signupCodes } from '../db/schema/index';

/** An unused, unexpired code of the brand. */
function live(brand: TBrandCode, codeHash: string) {
  return and(
    eq(signupCodes.brand, brand),
    eq(signupCodes.codeHash, codeHash),
    isNull(signupCodes.usedAt),
    sql`${signupCodes.expiresAt} > now()`,
  );
}

/** SQL of the service-partner signup codes. */
export class SignupCodeRepository {
  constructor(private readonly db: TDb) {}

  async insert(brand: TBrandCode, codeHash: string, expiresAt: Date, createdBy: string): Promise<boolean> {
    const rows = await this.db
      .insert(signupCodes)
      .values({ brand, codeHash, expiresAt, createdBy })
      .onConflictDoNothing()
      .returning({ id: signupCodes.id });
    return rows.length === 1;
  }

  /** Uses a live code once; false when it is unknown, used or expired. */
  async use(brand: TBrandCode, codeHash: string): Promise<boolean> {
    const rows = await this.db
      .update(signupCodes)
      .set({ usedAt: sql`now()` })
      .where(live(brand, codeHash))
      .returning({ id: signupCodes.id });
    return rows.length === 1;
  }

  async isLive(brand: TBrandCode, codeHash: string): Promise<boolean> {
    const rows = await this.db.select({ id: signupCodes.id }).from(signupCodes).where(live(brand, codeHash));
    return rows.length === 1;
  }
}
