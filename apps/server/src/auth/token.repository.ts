import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../db/database';
import { refreshTokens } from '../db/schema/index';

export type TRefreshToken = typeof refreshTokens.$inferSelect;

/** SQL of refresh tokens. */
export class TokenRepository {
  constructor(private readonly db: TDb) {}

  async insert(token: typeof refreshTokens.$inferInsert): Promise<void> {
    await this.db.insert(refreshTokens).values(token);
  }

  async findByHash(tokenHash: string): Promise<TRefreshToken | undefined> {
    const rows = await this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return rows[0];
  }

  /** Marks a live token replaced; false when it was already replaced or revoked (a reuse). */
  async markReplaced(id: string): Promise<boolean> {
    const rows = await this.db
      .update(refreshTokens)
      .set({ replacedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.replacedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  }

  /**
   * True when the token was replaced less than `seconds` ago and is not revoked. The database's
   * clock decides, the same clock that stamped `replaced_at`, so server instances cannot disagree.
   */
  async replacedWithin(id: string, seconds: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.id, id),
          isNull(refreshTokens.revokedAt),
          sql`${refreshTokens.replacedAt} > now() - make_interval(secs => ${seconds})`,
        ),
      );
    return rows.length === 1;
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** Families revoked in the last `seconds`, and when (a starting instance takes them into its revocation list). */
  async revokedWithin(seconds: number): Promise<{ id: string; at: Date }[]> {
    const rows = await this.db
      .selectDistinctOn([refreshTokens.familyId], { id: refreshTokens.familyId, at: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(sql`${refreshTokens.revokedAt} > now() - make_interval(secs => ${seconds})`)
      .orderBy(refreshTokens.familyId, sql`${refreshTokens.revokedAt} desc`);
    return rows.flatMap((r) => (r.at ? [{ id: r.id, at: r.at }] : []));
  }

  async revokeUser(userId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }
}
