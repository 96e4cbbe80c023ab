import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../db/database';
import { servicePins } from '../db/schema/index';

export type TServicePinRow = typeof servicePins.$inferSelect;

/** The service PINs (table `service_pins`): the only place with their SQL. */
export class ServicePinRepository {
  constructor(private readonly db: TDb) {}

  async find(userId: string): Promise<TServicePinRow | undefined> {
    const rows = await this.db.select().from(servicePins).where(eq(servicePins.userId, userId));
    return rows[0];
  }

  /** Sets the PIN: tries, lock, session and reset link start afresh. */
  async set(userId: string, pinHash: string): Promise<void> {
    const fresh = {
      pinHash,
      failedAttempts: 0,
      lockedAt: null,
      sessionHash: null,
      sessionExpiresAt: null,
      resetTokenHash: null,
      resetExpiresAt: null,
      updatedAt: sql`now()`,
    };
    await this.db
      .insert(servicePins)
      .values({ userId, ...fresh })
      .onConflictDoUpdate({ target: servicePins.userId, set: fresh });
  }

  /**
   * Counts a try before the PIN is checked, so parallel guesses cannot pass the limit: answers the
   * try's number and the PIN's hash, or undefined when the PIN is locked or `max` tries are taken.
   */
  async reserveAttempt(userId: string, max: number): Promise<{ attempt: number; pinHash: string } | undefined> {
    const rows = await this.db
      .update(servicePins)
      .set({ failedAttempts: sql`${servicePins.failedAttempts} + 1`, updatedAt: sql`now()` })
      .where(and(eq(servicePins.userId, userId), isNull(servicePins.lockedAt), lt(servicePins.failedAttempts, max)))
      .returning({ attempt: servicePins.failedAttempts, pinHash: servicePins.pinHash });
    return rows[0];
  }

  /** Locks the PIN (too many wrong tries) and ends its session. */
  async lock(userId: string): Promise<void> {
    await this.db
      .update(servicePins)
      .set({ lockedAt: sql`now()`, sessionHash: null, sessionExpiresAt: null, updatedAt: sql`now()` })
      .where(eq(servicePins.userId, userId));
  }

  /**
   * A right PIN: the tries start again and the one session of the account is this one; false when
   * the PIN was locked meanwhile (by a parallel wrong try).
   */
  async openSession(userId: string, sessionHash: string, expiresAt: Date): Promise<boolean> {
    const rows = await this.db
      .update(servicePins)
      .set({ failedAttempts: 0, sessionHash, sessionExpiresAt: expiresAt, updatedAt: sql`now()` })
      .where(and(eq(servicePins.userId, userId), isNull(servicePins.lockedAt)))
      .returning({ userId: servicePins.userId });
    return rows.length > 0;
  }

  async closeSession(userId: string): Promise<void> {
    await this.db
      .update(servicePins)
      .set({ sessionHash: null, sessionExpiresAt: null, updatedAt: sql`now()` })
      .where(eq(servicePins.userId, userId));
  }

  /** Whether `sessionHash` is the live, unlocked session of the account. */
  sessionLive(userId: string, sessionHash: string): Promise<boolean> {
    return this.holds(
      userId,
      eq(servicePins.sessionHash, sessionHash),
      sql`${servicePins.sessionExpiresAt} > now()`,
      isNull(servicePins.lockedAt),
    );
  }

  /**
   * Issues a reset link valid until `expiresAt`; false, and nothing changed, when the last one was
   * issued less than `gapMs` ago (links expire a fixed time after they are issued).
   */
  async setResetToken(userId: string, tokenHash: string, expiresAt: Date, gapMs: number): Promise<boolean> {
    const rows = await this.db
      .update(servicePins)
      .set({ resetTokenHash: tokenHash, resetExpiresAt: expiresAt, updatedAt: sql`now()` })
      .where(
        and(
          eq(servicePins.userId, userId),
          or(isNull(servicePins.resetExpiresAt), lt(servicePins.resetExpiresAt, new Date(expiresAt.getTime() - gapMs))),
        ),
      )
      .returning({ userId: servicePins.userId });
    return rows.length > 0;
  }

  /** Whether `tokenHash` is the live reset link of the account. */
  resetTokenLive(userId: string, tokenHash: string): Promise<boolean> {
    return this.holds(userId, eq(servicePins.resetTokenHash, tokenHash), sql`${servicePins.resetExpiresAt} > now()`);
  }

  /** Whether the account's PIN row meets every condition. */
  private async holds(userId: string, ...conditions: SQL[]): Promise<boolean> {
    const rows = await this.db
      .select({ userId: servicePins.userId })
      .from(servicePins)
      .where(and(eq(servicePins.userId, userId), ...conditions));
    return rows.length > 0;
  }
}
