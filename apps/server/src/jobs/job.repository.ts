import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TBrandCode } from '@washboard/contracts';
import type { TDb, TSqlRunner } from '../db/database';
import { jobs, type TJobState } from '../db/schema/index';
import { rowsOf } from '../db/rows';

export type TJobRow = typeof jobs.$inferSelect;
/** A job a worker claimed: leased to it until its lease runs out, finished only with its claim token. */
export type TClaimedJob = { id: number; kind: string; payload: unknown; attempts: number; maxAttempts: number; claim: string };
export type TNewJob = {
  kind: string;
  payload: unknown;
  brand: TBrandCode | null;
  runAt: Date | undefined;
  dedupeKey: string | undefined;
  maxAttempts: number;
};

/** Jobs and their claim tokens as one parameter (a JSON array of records). */
const claims = (list: readonly Pick<TClaimedJob, 'id' | 'claim'>[]) =>
  JSON.stringify(list.map(({ id, claim }) => ({ id, claim })));

const LOST = 'The worker stopped before finishing (its lease ran out).';

/** SQL of the job queue (docs/jobs.md). `db` may be a caller's transaction: the job then commits with it. */
export class JobRepository {
  constructor(private readonly db: TDb) {}

  /** Adds a job; answers false when a queued or running job of the kind has the same dedupe key. */
  async insert(db: TDb, job: TNewJob): Promise<boolean> {
    return (await this.insertMany(db, [job])) === 1;
  }

  /**
   * Adds jobs in one statement, leaving out each one whose kind and dedupe key a queued or running
   * job (or one before it in `list`) already has; answers how many were added.
   */
  async insertMany(db: TDb, list: readonly TNewJob[]): Promise<number> {
    if (list.length === 0) return 0;
    const inserted = await db
      .insert(jobs)
      .values(
        list.map((job) => ({
          kind: job.kind,
          payload: job.payload,
          brand: job.brand,
          runAt: job.runAt,
          dedupeKey: job.dedupeKey,
          maxAttempts: job.maxAttempts,
        })),
      )
      .onConflictDoNothing({ target: [jobs.kind, jobs.dedupeKey], where: sql`state in ('queued', 'running')` })
      .returning({ id: jobs.id });
    return inserted.length;
  }

  /** Lets jobs' dedupe keys go while they still run (`JobQueue.releaseDedupeKeys`). */
  async releaseDedupeKeys(db: TDb, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .update(jobs)
      .set({ dedupeKey: null })
      .where(inArray(jobs.id, [...ids]));
  }

  /**
   * One job of `kind` per brand of the machines `serials` (unknown ones left out), each with the
   * payload `{ serials }` of that brand's machines: one statement in a plain-SQL transaction.
   */
  static async insertPerBrandSql(
    sql: TSqlRunner,
    job: Pick<TNewJob, 'kind' | 'maxAttempts'>,
    serials: readonly string[],
  ): Promise<void> {
    await sql.query(
      `insert into jobs (kind, payload, brand, run_at, max_attempts)
       select $1, jsonb_build_object('serials', jsonb_agg(serial_number order by serial_number)), brand, now(), $2
       from appliances where serial_number = any($3::text[]) group by brand`,
      [job.kind, job.maxAttempts, [...serials]],
    );
  }

  /**
   * Adds a job through a plain-SQL transaction (the ingestion's batch writer), with no dedupe key:
   * the same row `insert` writes.
   */
  static async insertSql(sql: TSqlRunner, job: Omit<TNewJob, 'dedupeKey'>): Promise<void> {
    await sql.query(
      `insert into jobs (kind, payload, brand, run_at, max_attempts) values ($1, $2::jsonb, $3, coalesce($4::timestamptz, now()), $5)`,
      [job.kind, JSON.stringify(job.payload), job.brand, job.runAt?.toISOString() ?? null, job.maxAttempts],
    );
  }

  /**
   * Claims up to `limit` due jobs of `leases`' kinds for the claim token `claim`: queued ones whose
   * time has come and running ones whose worker's lease ran out. Rows another worker is claiming or
   * holding in its transaction are skipped, so two workers never claim the same job.
   */
  async claim(leases: ReadonlyMap<string, number>, limit: number, claim: string): Promise<TClaimedJob[]> {
    const kinds = [...leases.keys()];
    if (kinds.length === 0) return [];
    const lease = sql.join(
      kinds.map((kind) => sql`when ${kind} then ${leases.get(kind)}::float8`),
      sql` `,
    );
    // The two kinds of due job are read apart, each along its own index and only as far as `limit`:
    // one condition with `or` read and sorted every due job (10,000 weekly reports due at once: 4.7 ms
    // a claim, 1.6 ms apart; docs/benchmarks.md). Rows locked here and not taken are let go at the
    // statement's end. (Postgres allows no FOR UPDATE in a UNION's branches, hence the two CTEs.)
    const result = await this.db.execute(sql`
      with queued as (
        select id, run_at from ${jobs}
        where state = 'queued' and run_at <= now() and ${inArray(jobs.kind, kinds)}
        order by run_at, id
        limit ${limit}
        for update skip locked
      ), expired as (
        select id, run_at from ${jobs}
        where state = 'running' and locked_until < now() and attempts < max_attempts and ${inArray(jobs.kind, kinds)}
        order by run_at, id
        limit ${limit}
        for update skip locked
      )
      update ${jobs} set state = 'running', attempts = attempts + 1, claim = ${claim},
        locked_until = now() + make_interval(secs => case kind ${lease} end)
      where id in (
        select id from (select id, run_at from queued union all select id, run_at from expired) due
        order by run_at, id
        limit ${limit})
      returning id, kind, payload, attempts, max_attempts as "maxAttempts", claim`);
    return rowsOf<TClaimedJob>(result).map((r) => ({ ...r, id: Number(r.id) }));
  }

  /** Fails the running jobs whose lease ran out on their last attempt: their worker died each time. */
  async failLost(): Promise<number> {
    const result = await this.db.execute(sql`
      update ${jobs} set state = 'failed', finished_at = now(), claim = null, locked_until = null, last_error = ${LOST}
      where id in (
        select id from ${jobs}
        where state = 'running' and locked_until < now() and attempts >= max_attempts
        for update skip locked)
      returning id`);
    return rowsOf(result).length;
  }

  /** In the job's own transaction: locks the job if `claim` still holds it (answers false otherwise). */
  async lockClaimed(tx: TDb, id: number, claim: string): Promise<boolean> {
    const rows = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.claim, claim), eq(jobs.state, 'running')))
      .for('update');
    return rows.length === 1;
  }

  /** Marks the job done if `claim` still holds it; answers whether it did. */
  async complete(db: TDb, id: number, claim: string): Promise<boolean> {
    const rows = await db
      .update(jobs)
      .set({ state: 'completed', finishedAt: sql`now()`, claim: null, lockedUntil: null, lastError: null })
      .where(and(eq(jobs.id, id), eq(jobs.claim, claim), eq(jobs.state, 'running')))
      .returning({ id: jobs.id });
    return rows.length === 1;
  }

  /** Marks done the jobs their claims still hold, in one statement; answers the ids it marked. */
  async completeMany(list: readonly Pick<TClaimedJob, 'id' | 'claim'>[]): Promise<number[]> {
    if (list.length === 0) return [];
    const result = await this.db.execute(sql`
      update ${jobs} j set state = 'completed', finished_at = now(), claim = null, locked_until = null, last_error = null
      from jsonb_to_recordset(${claims(list)}::jsonb) as c(id int8, claim text)
      where j.id = c.id and j.claim = c.claim and j.state = 'running'
      returning j.id`);
    return rowsOf<{ id: number | string }>(result).map((r) => Number(r.id));
  }

  /**
   * Records a failed attempt: the job waits `retryInSeconds` for its next one, or — on its last
   * attempt, or when `final` — ends `failed`. Answers the state it is left in (undefined when the
   * claim no longer holds it).
   */
  async fail(id: number, claim: string, error: string, retryInSeconds: number, final: boolean): Promise<TJobState | undefined> {
    const ends = final ? sql`true` : sql`attempts >= max_attempts`;
    const result = await this.db.execute(sql`
      update ${jobs} set
        state = case when ${ends} then 'failed' else 'queued' end,
        run_at = case when ${ends} then run_at else now() + make_interval(secs => ${retryInSeconds}::float8) end,
        finished_at = case when ${ends} then now() end,
        claim = null, locked_until = null, last_error = ${error.slice(0, 2000)}
      where id = ${id} and claim = ${claim} and state = 'running'
      returning state`);
    return rowsOf<{ state: TJobState }>(result)[0]?.state;
  }

  /** Keeps a running job's lease while its worker is still at it. */
  async extendLease(id: number, claim: string, leaseSeconds: number): Promise<void> {
    await this.db
      .update(jobs)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds}::float8)` })
      .where(and(eq(jobs.id, id), eq(jobs.claim, claim), eq(jobs.state, 'running')));
  }

  /** Keeps the leases of running jobs (a batch) while their worker is still at them. */
  async extendLeases(list: readonly Pick<TClaimedJob, 'id' | 'claim'>[], leaseSeconds: number): Promise<void> {
    await this.db.execute(sql`
      update ${jobs} j set locked_until = now() + make_interval(secs => ${leaseSeconds}::float8)
      from jsonb_to_recordset(${claims(list)}::jsonb) as c(id int8, claim text)
      where j.id = c.id and j.claim = c.claim and j.state = 'running'`);
  }

  /** The newest failed jobs of `brand` and the system's own (no brand). */
  async failed(brand: TBrandCode, limit: number): Promise<TJobRow[]> {
    return this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.state, 'failed'), or(eq(jobs.brand, brand), isNull(jobs.brand))))
      .orderBy(desc(jobs.finishedAt), desc(jobs.id))
      .limit(limit);
  }

  /** Queues a failed job of `brand` (or the system's) again with all its attempts; answers whether there was one. */
  async retry(id: number, brand: TBrandCode): Promise<boolean> {
    const rows = await this.db
      .update(jobs)
      .set({ state: 'queued', attempts: 0, runAt: sql`now()`, finishedAt: null })
      .where(and(eq(jobs.id, id), eq(jobs.state, 'failed'), or(eq(jobs.brand, brand), isNull(jobs.brand))))
      .returning({ id: jobs.id });
    return rows.length === 1;
  }
}
