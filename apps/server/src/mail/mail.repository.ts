import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { TBrandCode } from '@washboard/contracts';
import type { TDb } from '../db/database';
import { mailOutbox } from '../db/schema/index';
import type { TRenderedMail } from './mail-templates';

export type TOutboxMail = typeof mailOutbox.$inferSelect;

/** SQL of the mail outbox. */
export class MailRepository {
  constructor(private readonly db: TDb) {}

  async enqueue(brand: TBrandCode, to: string, mail: TRenderedMail, status: 'pending' | 'outbox'): Promise<void> {
    await this.db.insert(mailOutbox).values({ brand, to, ...mail, status });
  }

  /** Claims due mails; row locks skip what another instance is sending right now. */
  async claimDue(limit: number): Promise<TOutboxMail[]> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(mailOutbox.nextAttemptAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      // Push them into the future while this instance sends; a crash then retries them later.
      await tx
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now() + interval '2 minutes'` })
        .where(
          inArray(
            mailOutbox.id,
            due.map((m) => m.id),
          ),
        );
      return due;
    });
  }

  async markSent(id: string): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
      .where(eq(mailOutbox.id, id));
  }

  /** Schedules another try with exponential back-off (30 s, 1 min, 2 min … at most 1 h). */
  async markFailed(id: string, attempts: number, error: string): Promise<void> {
    const delaySeconds = Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
    await this.db
      .update(mailOutbox)
      .set({
        attempts,
        lastError: error.slice(0, 500),
        nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
      })
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
