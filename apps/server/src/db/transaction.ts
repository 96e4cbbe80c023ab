import type { TDb } from './database';

/**
 * One open transaction as services see it: `tx` for the repositories bound to it (`in(t)`), and
 * `afterCommit` for what must happen only once the change is durable (dropping read caches,
 * telling other instances), never for a change that was rolled back.
 */
export type TTransaction = {
  tx: TDb;
  afterCommit(work: () => void): void;
};

/**
 * Runs a service's writes in one transaction: a change and its audit record commit together or not
 * at all. Inside `work` every query must go through `t.tx` (repositories' `in(t)`): on PGlite, a
 * query on the outer connection would wait for the transaction and never run.
 */
export class Transactions {
  constructor(private readonly db: TDb) {}

  async run<T>(work: (t: TTransaction) => Promise<T>): Promise<T> {
    const committed: (() => void)[] = [];
    const result = await this.db.transaction((tx) => work({ tx, afterCommit: (fn) => committed.push(fn) }));
    for (const fn of committed) fn();
    return result;
  }
}
