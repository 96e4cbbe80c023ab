import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { TBrandCode } from '@washboard/contracts';
import type { TDb, TSqlRunner } from '../db/database';
import { JobRepository, type TClaimedJob } from './job.repository';

/** A kind of job, declared once (jobs/kinds.ts): its name, its payload's schema and how it is run. */
export type TJobKind<P> = {
  kind: string;
  payload: z.ZodType<P>;
  /** attempts before the job ends `failed` */
  maxAttempts: number;
  /** the first retry's back-off; each further one doubles, up to `maxBackoffSeconds` */
  backoffSeconds: number;
  maxBackoffSeconds: number;
  /** how long a claim lasts without news from its worker; after it, another worker may run the job */
  leaseSeconds: number;
  /**
   * true: the handler gets the job's own transaction, which also marks the job done — what it writes
   * there happens exactly once. false: it runs outside any transaction (for a mail, a network call)
   * and may run again after a crash: at least once, so it must be idempotent.
   */
  transactional: boolean;
};

export function defineJob<P>(
  definition: { kind: string; payload: z.ZodType<P> } & Partial<Omit<TJobKind<P>, 'kind' | 'payload'>>,
): TJobKind<P> {
  return {
    maxAttempts: 10,
    backoffSeconds: 10,
    maxBackoffSeconds: 3600,
    leaseSeconds: 60,
    transactional: true,
    ...definition,
  };
}

/** What a handler is told besides its payload. */
export type TJobContext = {
  id: number;
  /** 1 on the first attempt */
  attempt: number;
  /** the job's own transaction (transactional kinds), else the database */
  db: TDb;
};
export type TJobHandler<P> = (payload: P, context: TJobContext) => Promise<void>;
/**
 * A handler of several jobs of one kind at once (`handleBatch`): answers each job's outcome in the
 * order given — undefined when it is done, the error when it failed (that job alone is retried).
 */
export type TJobBatchHandler<P> = (
  jobs: readonly { payload: P; context: TJobContext }[],
) => Promise<readonly (Error | undefined)[]>;

/** Thrown by a handler for a failure no retry can mend: the job ends `failed` at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** The claim was lost (its lease ran out and another worker took the job): roll back, record nothing. */
class ClaimLost extends Error {}

/**
 * The wait before attempt `attempt + 1`: exponential (base, 2×base, 4×base … at most `max`), with
 * "equal jitter" — between half and all of it — so jobs that failed together do not retry together.
 */
export function backoffSeconds(attempt: number, base: number, max: number, random: () => number = Math.random): number {
  const full = Math.min(max, base * 2 ** Math.max(0, attempt - 1));
  return full / 2 + (random() * full) / 2;
}

export type TEnqueueOptions = {
  /** a caller's transaction: the job is added with its change, or not at all */
  db?: TDb;
  /** not before (default now) */
  runAt?: Date;
  /** no second job of the kind with this key while one is queued or running */
  dedupeKey?: string;
  maxAttempts?: number;
  /** whose job it is (administrators see their brand's failed jobs); none for the system's own */
  brand?: TBrandCode;
};

type TRegistered = {
  kind: TJobKind<unknown>;
  handler?: TJobHandler<unknown>;
  batch?: { size: number; handler: TJobBatchHandler<unknown> };
};

/**
 * The durable job queue (docs/jobs.md) and this instance's worker: every `pollMs`, and whenever this
 * instance enqueued, it claims due jobs of the kinds it handles, up to `concurrency` at a time.
 */
export class JobQueue {
  private readonly handlers = new Map<string, TRegistered>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: TDb,
    private readonly repository: JobRepository,
    private readonly log: FastifyBaseLogger,
    private readonly options: { pollMs?: number; concurrency?: number } = {},
  ) {}

  /** This instance runs jobs of `kind` with `handler`. */
  handle<P>(kind: TJobKind<P>, handler: TJobHandler<P>): void {
    this.handlers.set(kind.kind, { kind: kind as TJobKind<unknown>, handler: handler as TJobHandler<unknown> });
  }

  /**
   * This instance runs jobs of `kind` up to `size` at a time, all given to one call of `handler`:
   * for work whose statements can serve many jobs at once (a Monday's weekly reports, their mails).
   * Each job keeps its own attempts, back-off and failure; the kind must not be transactional.
   */
  handleBatch<P>(kind: TJobKind<P>, size: number, handler: TJobBatchHandler<P>): void {
    if (kind.transactional) throw new Error(`${kind.kind}: only a kind that is not transactional runs in batches`);
    this.handlers.set(kind.kind, {
      kind: kind as TJobKind<unknown>,
      batch: { size, handler: handler as TJobBatchHandler<unknown> },
    });
  }

  /**
   * Adds a job of `kind` (its payload checked against the kind's schema). Inside a caller's
   * transaction (`options.db`) it commits or rolls back with it. Answers false when a job with the
   * same dedupe key is already queued or running.
   */
  async enqueue<P>(kind: TJobKind<P>, payload: P, options: TEnqueueOptions = {}): Promise<boolean> {
    return (await this.enqueueMany(kind, [{ payload, options }], options.db)) === 1;
  }

  /**
   * Lets running jobs' dedupe keys go, inside the caller's transaction `db`: a batch handler that
   * has done, in its own transaction, what a newly queued job of the same key would have to do
   * again calls it there, so a job queued after that commits is not refused as a duplicate of one
   * that only has its completion left to record.
   */
  async releaseDedupeKeys(db: TDb, ids: readonly number[]): Promise<void> {
    await this.repository.releaseDedupeKeys(db, ids);
  }

  /**
   * Adds jobs of `kind` as `enqueue` does, in one statement (a scheduler queuing thousands at
   * once); answers how many were added.
   */
  async enqueueMany<P>(
    kind: TJobKind<P>,
    list: readonly { payload: P; options?: Omit<TEnqueueOptions, 'db'> }[],
    db?: TDb,
  ): Promise<number> {
    const added = await this.repository.insertMany(
      db ?? this.db,
      list.map(({ payload, options = {} }) => ({
        kind: kind.kind,
        payload: kind.payload.parse(payload),
        brand: options.brand ?? null,
        runAt: options.runAt,
        dedupeKey: options.dedupeKey,
        maxAttempts: options.maxAttempts ?? kind.maxAttempts,
      })),
    );
    // Outside a transaction the jobs are there now; in one, the next poll finds them after the commit.
    if (added > 0 && !db) this.kick();
    return added;
  }

  /**
   * Adds a job of `kind` inside a plain-SQL transaction (the ingestion's batch writer): it commits
   * with the batch or not at all, and the next poll finds it.
   */
  async enqueueSql<P>(sql: TSqlRunner, kind: TJobKind<P>, payload: P, options: { brand?: TBrandCode } = {}): Promise<void> {
    await JobRepository.insertSql(sql, {
      kind: kind.kind,
      payload: kind.payload.parse(payload),
      brand: options.brand ?? null,
      runAt: undefined,
      maxAttempts: kind.maxAttempts,
    });
  }

  /**
   * Adds, inside a plain-SQL transaction, one job of `kind` per brand of the machines `serials`,
   * each carrying its brand's machines (a failed one is then shown to that brand's administrators
   * only): one statement, whatever the number of brands.
   */
  async enqueuePerBrandSql(sql: TSqlRunner, kind: TJobKind<{ serials: string[] }>, serials: readonly string[]): Promise<void> {
    kind.payload.parse({ serials });
    await JobRepository.insertPerBrandSql(sql, { kind: kind.kind, maxAttempts: kind.maxAttempts }, serials);
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 1000);
    this.timer.unref();
    this.kick();
  }

  /** Claims nothing more and waits for the jobs under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Runs a pass now (or right after the current one). */
  kick(): void {
    if (this.stopped || this.handlers.size === 0) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.log.error({ err: error }, 'job pass failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Claims and runs due jobs until none is left and none is running. */
  private async drain(): Promise<void> {
    const leases = new Map([...this.handlers.values()].map(({ kind }) => [kind.kind, kind.leaseSeconds]));
    const lost = await this.repository.failLost();
    if (lost > 0) this.log.warn({ jobs: lost }, 'jobs failed: their worker stopped on their last attempt');
    const limit = this.options.concurrency ?? 4;
    // Up to `limit` jobs at a time, a slot claimed again as soon as its job ends: one long job does
    // not hold back the others.
    const running = new Set<Promise<void>>();
    try {
      while (!this.stopped) {
        const claimed = running.size < limit ? await this.repository.claim(leases, limit - running.size, randomUUID()) : [];
        // Jobs of a batch kind claimed together run as one batch (which claims more of its kind).
        const batches = new Map<string, TClaimedJob[]>();
        const runs: (() => Promise<void>)[] = [];
        for (const job of claimed) {
          const registered = this.handlers.get(job.kind);
          const size = registered?.batch?.size ?? 1;
          const batch = batches.get(job.kind);
          if (registered?.batch && batch && batch.length < size) {
            batch.push(job);
          } else if (registered?.batch) {
            const started = [job];
            batches.set(job.kind, started);
            runs.push(() => this.runBatch(registered, started));
          } else {
            runs.push(() => this.run(job));
          }
        }
        for (const start of runs) {
          const done: Promise<void> = start().finally(() => running.delete(done));
          running.add(done);
        }
        if (running.size === 0) return;
        if (claimed.length === 0 || running.size >= limit) await Promise.race(running);
      }
    } finally {
      await Promise.all(running);
    }
  }

  /**
   * Runs `claimed` with more due jobs of its kind, claimed now up to the batch's size (a batch
   * kind's slot): one handler call, the done ones completed in one statement, each failed one
   * retried on its own.
   */
  private async runBatch(registered: TRegistered, claimed: readonly TClaimedJob[]): Promise<void> {
    const { kind, batch } = registered;
    if (!batch) return;
    let heartbeat: NodeJS.Timeout | undefined;
    try {
      const wanted = batch.size - claimed.length;
      const more = wanted > 0 ? await this.repository.claim(new Map([[kind.kind, kind.leaseSeconds]]), wanted, randomUUID()) : [];
      const jobs = [...claimed, ...more];
      const valid: { job: TClaimedJob; payload: unknown }[] = [];
      for (const job of jobs) {
        const parsed = kind.payload.safeParse(job.payload);
        if (parsed.success) valid.push({ job, payload: parsed.data });
        else await this.failed(job, kind, new PermanentJobError(`payload does not match ${kind.kind}: ${parsed.error.message}`));
      }
      if (valid.length === 0) return;
      heartbeat = setInterval(
        () => {
          this.repository
            .extendLeases(
              valid.map(({ job }) => job),
              kind.leaseSeconds,
            )
            .catch((error: unknown) => this.log.warn({ err: error, kind: kind.kind }, 'job leases not extended'));
        },
        (kind.leaseSeconds * 1000) / 3,
      );
      let outcomes: readonly (Error | undefined)[];
      try {
        outcomes = await batch.handler(
          valid.map(({ job, payload }) => ({ payload, context: { id: job.id, attempt: job.attempts, db: this.db } })),
        );
      } catch (error) {
        outcomes = valid.map(() => (error instanceof Error ? error : new Error(String(error))));
      }
      clearInterval(heartbeat);
      const done = valid.filter((_, i) => outcomes[i] === undefined).map(({ job }) => job);
      const completed = new Set(await this.repository.completeMany(done));
      for (const job of done) {
        if (!completed.has(job.id))
          this.log.warn({ job: job.id, kind: job.kind }, 'job claim lost to another worker; its outcome is theirs');
      }
      for (const [i, { job }] of valid.entries()) {
        const error = outcomes[i];
        if (error !== undefined) await this.failed(job, kind, error);
      }
    } catch (error) {
      // The database failed the batch's own statements: the jobs' leases run out and they are claimed again.
      this.log.error({ err: error, kind: kind.kind }, 'job batch failed');
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Records a failed attempt of `job`: retried after its back-off, or failed for good. */
  private async failed(job: TClaimedJob, kind: TJobKind<unknown>, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const state = await this.repository.fail(
      job.id,
      job.claim,
      message,
      backoffSeconds(job.attempts, kind.backoffSeconds, kind.maxBackoffSeconds),
      error instanceof PermanentJobError,
    );
    const details = { job: job.id, kind: job.kind, attempt: job.attempts, err: message };
    if (state === 'failed') this.log.error(details, 'job failed for good');
    else this.log.warn(details, 'job failed; will retry');
  }

  private async run(job: TClaimedJob): Promise<void> {
    const registered = this.handlers.get(job.kind);
    if (!registered?.handler) return;
    const { kind, handler } = registered;
    let heartbeat: NodeJS.Timeout | undefined;
    try {
      const parsed = kind.payload.safeParse(job.payload);
      if (!parsed.success) throw new PermanentJobError(`payload does not match ${kind.kind}: ${parsed.error.message}`);
      const context = { id: job.id, attempt: job.attempts };
      if (kind.transactional) {
        // The job's row stays locked by this transaction: no other worker claims it meanwhile, and
        // what the handler writes commits together with the job's completion, or not at all.
        await this.db.transaction(async (tx) => {
          if (!(await this.repository.lockClaimed(tx, job.id, job.claim))) throw new ClaimLost();
          await handler(parsed.data, { ...context, db: tx });
          if (!(await this.repository.complete(tx, job.id, job.claim))) throw new ClaimLost();
        });
      } else {
        heartbeat = setInterval(
          () => {
            this.repository
              .extendLease(job.id, job.claim, kind.leaseSeconds)
              .catch((error: unknown) => this.log.warn({ err: error, job: job.id }, 'job lease not extended'));
          },
          (kind.leaseSeconds * 1000) / 3,
        );
        await handler(parsed.data, { ...context, db: this.db });
        clearInterval(heartbeat);
        if (!(await this.repository.complete(this.db, job.id, job.claim))) throw new ClaimLost();
      }
    } catch (error) {
      clearInterval(heartbeat);
      if (error instanceof ClaimLost) {
        this.log.warn({ job: job.id, kind: job.kind }, 'job claim lost to another worker; its outcome is theirs');
        return;
      }
      await this.failed(job, kind, error);
    }
  }
}
