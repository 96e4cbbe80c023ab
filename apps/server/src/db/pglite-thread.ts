import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../workers/worker-thread';

/** A request to the database thread (pglite.worker.mjs); `tx` runs it in that open transaction. */
type TRequest =
  | { type: 'query'; tx?: number; text: string; params?: unknown[]; options?: TCrossingOptions; named?: true }
  | { type: 'exec'; tx?: number; text: string }
  | { type: 'begin'; tx: number }
  | { type: 'end'; tx: number; commit: boolean }
  | { type: 'dump'; compression?: 'none' | 'gzip' | 'auto' }
  | { type: 'close' };

/** Query options as they cross the threads: parsers are functions, so only "keep the text" ones can. */
type TCrossingOptions = { rowMode?: 'array' | 'object'; raw?: number[]; blob?: Blob };

type TReply = { n: number; ok: true; value: unknown } | { n: number; ok: false; error: Record<string, unknown> };

/** A sample no parser but the identity returns unchanged (checked once per parsers object). */
const SAMPLE = '2026-01-01 00:00:00+00';
const rawTypes = new WeakMap<object, number[]>();

/**
 * The options PGlite is given, as data: drizzle's only parsers keep a type's text (dates and
 * intervals stay strings), which the thread recreates. Any other parser could not run there.
 */
function crossing(options: QueryOptions | undefined): TCrossingOptions | undefined {
  if (!options) return undefined;
  const { rowMode, parsers, blob, ...rest } = options;
  if (Object.keys(rest).length > 0)
    throw new Error(`query options ${Object.keys(rest).join(', ')} cannot reach the database thread`);
  let raw: number[] | undefined;
  if (parsers) {
    raw = rawTypes.get(parsers);
    if (!raw) {
      raw = Object.entries(parsers).map(([oid, parse]) => {
        if (parse(SAMPLE, Number(oid)) !== SAMPLE) throw new Error(`the parser of type ${oid} cannot run on the database thread`);
        return Number(oid);
      });
      rawTypes.set(parsers, raw);
    }
  }
  return { ...(rowMode ? { rowMode } : {}), ...(raw ? { raw } : {}), ...(blob ? { blob } : {}) };
}

/** The thread's error as the caller's: PostgreSQL's fields (`code`, `constraint`…) and this thread's stack. */
function databaseError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? 'database error'));
  Object.assign(error, fields);
  return error;
}

/** The part of PGlite's transaction drizzle and the repositories use. */
export type TPgliteTransaction = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  /**
   * `query` through a named statement the thread keeps by its text (the most recently used 200):
   * a text run again is not parsed, described and planned anew (docs/benchmarks.md, "Named
   * statements on PGlite"). For the statements a hot path sends again and again.
   */
  named<T>(text: string, params: unknown[]): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
};

/**
 * The embedded PGlite running on a thread of its own (pglite.worker.mjs), with the part of PGlite's
 * interface drizzle uses: `query`, `exec`, `transaction`. PGlite runs synchronously in WebAssembly,
 * so on the server's thread every statement stopped HTTP, the broker and the gateway; here they go
 * on meanwhile (docs/benchmarks.md, "Write path"). Rows cross the threads as structured clones.
 * Statements keep PGlite's order: one at a time, those outside a transaction waiting for it.
 * Should the thread stop, every request then fails (the readiness check reports it).
 */
export class PgliteThread {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private requests = 0;
  private transactions = 0;
  private stopped: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on('message', (reply: TReply) => {
      const waiting = this.pending.get(reply.n);
      this.pending.delete(reply.n);
      // An idle database thread does not keep the process alive; one answering does.
      if (this.pending.size === 0) worker.unref();
      if (reply.ok) waiting?.resolve(reply.value);
      else waiting?.reject(databaseError(reply.error));
    });
    const fail = (error: Error) => {
      this.stopped ??= error;
      for (const [n, waiting] of this.pending) {
        this.pending.delete(n);
        waiting.reject(this.stopped);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /**
   * Starts the thread and opens PGlite in `dir` there (`image`: an in-memory database's first
   * contents; `namedMaxAgeMs`: how long a named statement is kept, 10 minutes unless given).
   */
  static async start(
    dir: string,
    options: { startParams: string[]; image?: Uint8Array; namedMaxAgeMs?: number },
  ): Promise<PgliteThread> {
    const worker = startWorker('pglite.worker.js', new URL('./pglite.worker.mjs', import.meta.url), {
      workerData: { dir, startParams: options.startParams, image: options.image, namedMaxAgeMs: options.namedMaxAgeMs },
    });
    const thread = new PgliteThread(worker);
    // Request 0 is the opening: the thread answers it once PGlite is ready.
    await thread.waitFor(0);
    return thread;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.request({ type: 'query', text, params, options: crossing(options) }) as Promise<Results<T>>;
  }

  exec(text: string): Promise<Results[]> {
    return this.request({ type: 'exec', text }) as Promise<Results[]>;
  }

  /**
   * Runs `work` in one transaction: committed if it resolves, rolled back if it throws. Its
   * statements are sent without waiting for the BEGIN (the thread holds them until PGlite began
   * the transaction): one round trip less between the threads.
   */
  async transaction<T>(work: (tx: TPgliteTransaction) => Promise<T>): Promise<T> {
    const number = (this.transactions += 1);
    const begun = this.request({ type: 'begin', tx: number });
    // A failed BEGIN fails the work's statements too; it is reported by `await begun` below.
    begun.catch(() => {});
    let closed = false;
    const end = async (commit: boolean) => {
      if (closed) return;
      closed = true;
      await this.request({ type: 'end', tx: number, commit });
    };
    const tx: TPgliteTransaction = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        this.request({ type: 'query', tx: number, text, params, options: crossing(options) }) as Promise<Results<R>>,
      named: <R>(text: string, params: unknown[]) =>
        this.request({ type: 'query', tx: number, text, params, named: true }) as Promise<Results<R>>,
      exec: (text) => this.request({ type: 'exec', tx: number, text }) as Promise<Results[]>,
      rollback: () => end(false),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await work(tx);
      await begun;
    } catch (error) {
      // The work's error is the one to report, whatever the rollback says (a stopped thread).
      await end(false).catch(() => {});
      throw error;
    }
    await end(true);
    return result;
  }

  /** The data directory as a tar image (an in-memory database's contents, for tests to start from). */
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> {
    return this.request({ type: 'dump', compression }) as Promise<Blob>;
  }

  /** Closes PGlite (its files flushed) and stops the thread. */
  async close(): Promise<void> {
    if (!this.stopped) {
      await this.request({ type: 'close' });
      this.stopped = new Error('the database is closed');
    }
    await this.worker.terminate();
  }

  private request(message: TRequest): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const n = (this.requests += 1);
    const answer = this.waitFor(n);
    try {
      this.worker.postMessage({ ...message, n });
    } catch (error) {
      // A parameter that cannot be copied to the thread (a function, a symbol): refused, as PGlite would.
      this.pending.get(n)?.reject(error instanceof Error ? error : new Error(String(error)));
      this.pending.delete(n);
      if (this.pending.size === 0) this.worker.unref();
    }
    return answer;
  }

  private waitFor(n: number): Promise<unknown> {
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => this.pending.set(n, { resolve, reject }));
  }
}
