import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TBrandCode } from '@washboard/contracts';
import type { TDb } from '../db/database';
import { mailOutbox } from '../db/schema/index';
import type { TRenderedMail } from './mail-templates';

export type TOutboxMail = typeof mailOutbox.$inferSelect;

/** SQL of the mail outbox (the sending itself is a job: docs/jobs.md). */
export class MailRepository {
  constructor(private readonly db: TDb) {}

  /**
   * Stores mails in one statement; `then` runs in the same transaction with their ids and brands
   * (their sending jobs are queued there, so the mails and their jobs exist together or not at all).
   */
  async insertMany(
    list: readonly { brand: TBrandCode; to: string; mail: TRenderedMail }[],
    status: 'pending' | 'outbox',
    then: (tx: TDb, stored: { id: string; brand: TBrandCode }[]) => Promise<unknown> = async () => {},
    /**
     * a caller's transaction to store the mails in, as its own statements: no savepoint (two more
     * round trips for every mail stored), since no caller goes on after a failed one
     */
    tx?: TDb,
  ): Promise<void> {
    if (list.length === 0) return;
    const store = async (db: TDb) => {
      const stored = await db
        .insert(mailOutbox)
        .values(list.map(({ brand, to, mail }) => ({ brand, to, ...mail, status })))
        .returning({ id: mailOutbox.id, brand: mailOutbox.brand });
      await then(db, stored);
    };
    await (tx ? store(tx) : this.db.transaction(store));
  }

  /** Those of the mails `ids` that still wait to be sent. */
  async pending(ids: readonly string[]): Promise<TOutboxMail[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.id, [...ids]), eq(mailOutbox.status, 'pending')));
  }

  async markSent(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sql`now()` })
      .where(inArray(mailOutbox.id, [...ids]));
  }

  async latest(limit: number): Promise<TOutboxMail[]> {
    return this.db
      .select()
      .from(mailOutbox)
      .orderBy(sql`${mailOutbox.createdAt} desc`)
      .limit(limit);
  }
}
