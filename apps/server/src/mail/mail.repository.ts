import { and, eq, sql } from 'drizzle-orm';
import type { TBrandCode } from '@washboard/contracts';
import type { TDb } from '../db/database';
import { mailOutbox } from '../db/schema/index';
import type { TRenderedMail } from './mail-templates';

export type TOutboxMail = typeof mailOutbox.$inferSelect;

/** SQL of the mail outbox (the sending itself is a job: docs/jobs.md). */
export class MailRepository {
  constructor(private readonly db: TDb) {}

  /**
   * Stores a mail; `then` runs in the same transaction with the mail's id (its sending job is queued
   * there, so the mail and its job exist together or not at all).
   */
  async insert(
    brand: TBrandCode,
    to: string,
    mail: TRenderedMail,
    status: 'pending' | 'outbox',
    then: (tx: TDb, id: string) => Promise<unknown> = async () => {},
    /** a caller's transaction to store the mail in (a savepoint of it) */
    db: TDb = this.db,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mailOutbox)
        .values({ brand, to, ...mail, status })
        .returning({ id: mailOutbox.id });
      if (row) await then(tx, row.id);
    });
  }

  /** The mail `id` if it still waits to be sent. */
  async pending(id: string): Promise<TOutboxMail | undefined> {
    const [mail] = await this.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
    return mail;
  }

  async markSent(id: string): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sql`now()` })
      .where(eq(mailOutbox.id, id));
  }

  async latest(limit: number): Promise<TOutboxMail[]> {
    return this.db
      .select()
      .from(mailOutbox)
      .orderBy(sql`${mailOutbox.createdAt} desc`)
      .limit(limit);
  }
}
