import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshDatabase } from '../../test/harness';
import { eventually } from '../../test/devices';
import { openDatabase, type TDatabase, type TDb } from '../db/database';
import { backoffSeconds, defineJob, JobQueue } from './job-queue';
import { JobRepository } from './job.repository';

const log = pino({ level: 'silent' });

/** What the handlers did: one row per run of a job, with the worker that ran it. */
async function effects(db: TDb): Promise<{ n: number; worker: string }[]> {
  const result = await db.execute(sql`select n, worker from job_effects order by n`);
  return (result as unknown as { rows: { n: number; worker: string }[] }).rows;
}

async function jobState(db: TDb, kind: string) {
  const result = await db.execute(
    sql`select state, attempts, last_error as "lastError", run_at as "runAt" from jobs where kind = ${kind} order by id`,
  );
  return (result as unknown as { rows: { state: string; attempts: number; lastError: string | null }[] }).rows;
}

describe('the job queue', () => {
  let database: TDatabase;
  let drop: () => Promise<void>;
  let url: string | undefined;
  const queues: JobQueue[] = [];
  const queue = (db: TDb, options = { pollMs: 50, concurrency: 4 }) => {
    const made = new JobQueue(db, new JobRepository(db), log, options);
    queues.push(made);
    return made;
  };

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    url = fresh.env.DATABASE_URL;
    database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    await database.db.execute(sql`create table job_effects (n int not null, worker text not null)`);
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.stop()));
    await database.close();
    await drop();
  });

  it('never runs a job enqueued in a transaction that rolled back, and runs the committed one once', async () => {
    const RECORD = defineJob({ kind: 'test.record', payload: z.object({ n: z.int() }) });
    const jobs = queue(database.db);
    jobs.handle(RECORD, async ({ n }, { db }) => {
      await db.execute(sql`insert into job_effects (n, worker) values (${n}, 'one')`);
    });
    jobs.start();
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.enqueue(RECORD, { n: 1 }, { db: tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await database.db.transaction(async (tx) => {
      await jobs.enqueue(RECORD, { n: 2 }, { db: tx });
    });
    await eventually(async () => (await jobState(database.db, RECORD.kind)).every((j) => j.state === 'completed'));
    // A few more polls: nothing else turns up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await effects(database.db)).toEqual([{ n: 2, worker: 'one' }]);
    expect(await jobState(database.db, RECORD.kind)).toMatchObject([{ state: 'completed', attempts: 1 }]);
    await jobs.stop();
  });

  it('refuses a payload its kind does not declare, and adds no second job with a live dedupe key', async () => {
    const LATER = defineJob({ kind: 'test.later', payload: z.object({ n: z.int() }) });
    const jobs = queue(database.db);
    await expect(jobs.enqueue(LATER, { n: 'one' } as never)).rejects.toThrow();
    const runAt = new Date(Date.now() + 3_600_000);
    expect(await jobs.enqueue(LATER, { n: 1 }, { dedupeKey: 'weekly:u1', runAt })).toBe(true);
    expect(await jobs.enqueue(LATER, { n: 2 }, { dedupeKey: 'weekly:u1', runAt })).toBe(false);
    expect(await jobs.enqueue(LATER, { n: 3 }, { dedupeKey: 'weekly:u2', runAt })).toBe(true);
    expect(await jobState(database.db, LATER.kind)).toHaveLength(2);
  });

  it("adds one job per brand of a batch's machines, each with its own machines, in the batch's transaction", async () => {
    const CHECK = defineJob({ kind: 'test.perBrand', payload: z.object({ serials: z.array(z.string()).min(1) }) });
    const jobs = queue(database.db);
    const machines: [string, string][] = [
      ['BRANDA2', 'LUMINA'],
      ['BRANDA1', 'LUMINA'],
      ['BRANDB1', 'KESTREL'],
    ];
    await database.transaction(async (q) => {
      for (const [serial, brand] of machines) {
        await q.query(
          `insert into appliances (serial_number, brand, model_number, gamma, rating_power, fw00, fw02, secret_hash)
           values ($1, $2, 'WB-500', 'infinity', 'M3', '1', '1', 'x')`,
          [serial, brand],
        );
      }
    });
    const perBrand = async () => {
      const result = await database.db.execute(
        sql`select brand, payload from jobs where kind = 'test.perBrand' and state = 'queued' order by brand`,
      );
      return (result as unknown as { rows: { brand: string; payload: unknown }[] }).rows;
    };
    // Rolled back with the batch: no job.
    await expect(
      database.transaction(async (q) => {
        await jobs.enqueuePerBrandSql(q, CHECK, ['BRANDA1']);
        throw new Error('the batch failed');
      }),
    ).rejects.toThrow('the batch failed');
    expect(await perBrand()).toEqual([]);
    // A machine the database does not know is left out; an empty list is refused by the kind.
    await database.transaction((q) => jobs.enqueuePerBrandSql(q, CHECK, ['BRANDA2', 'BRANDB1', 'UNKNOWN1', 'BRANDA1']));
    expect(await perBrand()).toEqual([
      { brand: 'KESTREL', payload: { serials: ['BRANDB1'] } },
      { brand: 'LUMINA', payload: { serials: ['BRANDA1', 'BRANDA2'] } },
    ]);
    await expect(database.transaction((q) => jobs.enqueuePerBrandSql(q, CHECK, []))).rejects.toThrow();
  });

  it('adds many jobs in one call, each dedupe key once, and keeps a slot from waiting on a long job', async () => {
    // Not in a transaction of its own: on PGlite's one connection a waiting transaction would hold up every other statement.
    const SLOW = defineJob({ kind: 'test.slots', payload: z.object({ n: z.int() }), transactional: false });
    const jobs = queue(database.db, { pollMs: 5_000, concurrency: 2 });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const done: number[] = [];
    jobs.handle(SLOW, async ({ n }) => {
      if (n === 0) await held;
      done.push(n);
    });
    const added = await jobs.enqueueMany(
      SLOW,
      [0, 1, 2, 3, 4, 4].map((n) => ({ payload: { n }, options: { dedupeKey: `slots:${n}` } })),
    );
    expect(added).toBe(5);
    expect(await jobs.enqueueMany(SLOW, [{ payload: { n: 9 }, options: { dedupeKey: 'slots:1' } }])).toBe(0);
    jobs.start();
    // Job 0 holds one slot; the other slot runs the four others meanwhile (one pass, no poll).
    await eventually(async () => done.length === 4);
    expect(done.sort()).toEqual([1, 2, 3, 4]);
    release();
    await eventually(async () => (await jobState(database.db, SLOW.kind)).every((j) => j.state === 'completed'));
    await jobs.stop();
  });

  it('hands a batch kind several jobs per call, completes the done ones and retries only the failed one', async () => {
    const BATCH = defineJob({
      kind: 'test.batch',
      payload: z.object({ n: z.int() }),
      transactional: false,
      // Long enough that the failed job cannot be due again when the third call claims the last
      // one, even on a loaded host (at 0.1 s it once was, and joined that call).
      backoffSeconds: 1,
      maxBackoffSeconds: 1,
    });
    const jobs = queue(database.db, { pollMs: 100, concurrency: 1 });
    const calls: number[][] = [];
    jobs.handleBatch(BATCH, 3, async (list) => {
      calls.push(list.map(({ payload }) => payload.n));
      return list.map(({ payload, context }) =>
        payload.n === 4 && context.attempt === 1 ? new Error('mailbox full') : undefined,
      );
    });
    expect(
      await jobs.enqueueMany(
        BATCH,
        [0, 1, 2, 3, 4, 5, 6].map((n) => ({ payload: { n } })),
      ),
    ).toBe(7);
    jobs.start();
    const states = await eventually(async () => {
      const rows = await jobState(database.db, BATCH.kind);
      return rows.every((j) => j.state === 'completed') && rows;
    }, 10_000);
    await jobs.stop();
    // Seven jobs in three calls of at most three (one slot), then job 4 again on its own.
    expect(calls.slice(0, 3).map((c) => c.length)).toEqual([3, 3, 1]);
    expect(calls.flat().sort()).toEqual([0, 1, 2, 3, 4, 4, 5, 6]);
    expect(calls.at(-1)).toEqual([4]);
    expect(states.map((j) => j.attempts)).toEqual([1, 1, 1, 1, 2, 1, 1]);
    expect(states[4]?.lastError).toBeNull();
  });

  it('takes a running job of a batch kind as a duplicate until the handler lets its dedupe key go', async () => {
    const WINDOW = defineJob({ kind: 'test.window', payload: z.object({ n: z.int() }), transactional: false });
    const jobs = queue(database.db, { pollMs: 100, concurrency: 1 });
    const seen: number[] = [];
    const queued: boolean[] = [];
    jobs.handleBatch(WINDOW, 5, async (list) => {
      seen.push(...list.map(({ payload }) => payload.n));
      if (seen.length === 1) {
        // Running, its key held: a job of the same key is refused.
        queued.push(await jobs.enqueue(WINDOW, { n: 2 }, { dedupeKey: 'user-1' }));
        await database.db.transaction((tx) => jobs.releaseDedupeKeys(tx, [list[0]?.context.id ?? 0]));
        // Still running, its key let go: the next one is queued.
        queued.push(await jobs.enqueue(WINDOW, { n: 3 }, { dedupeKey: 'user-1' }));
      }
      return list.map(() => undefined);
    });
    expect(await jobs.enqueue(WINDOW, { n: 1 }, { dedupeKey: 'user-1' })).toBe(true);
    jobs.start();
    await eventually(async () => {
      const rows = await jobState(database.db, WINDOW.kind);
      return rows.length === 2 && rows.every((j) => j.state === 'completed');
    }, 10_000);
    await jobs.stop();
    expect(queued).toEqual([false, true]);
    expect(seen).toEqual([1, 3]);
  });

  it('retries a failing job with growing back-off, then keeps it failed with its last error', async () => {
    const FLAKY = defineJob({
      kind: 'test.flaky',
      payload: z.object({}),
      maxAttempts: 4,
      backoffSeconds: 0.2,
      maxBackoffSeconds: 10,
    });
    const tries: number[] = [];
    const jobs = queue(database.db, { pollMs: 20, concurrency: 1 });
    jobs.handle(FLAKY, async (_payload, { attempt }) => {
      tries.push(Date.now());
      throw new Error(`SMTP refused (attempt ${attempt})`);
    });
    jobs.start();
    await jobs.enqueue(FLAKY, {});
    const [failed] = await eventually(async () => {
      const rows = await jobState(database.db, FLAKY.kind);
      return rows[0]?.state === 'failed' && rows;
    }, 10_000);
    expect(failed).toMatchObject({ attempts: 4, lastError: 'SMTP refused (attempt 4)' });
    expect(tries).toHaveLength(4);
    const gaps = tries.slice(1).map((t, i) => (t - (tries[i] ?? 0)) / 1000);
    // Equal jitter: between half and all of 0.2 s, 0.4 s, 0.8 s (plus a poll).
    expect(gaps[0]).toBeGreaterThanOrEqual(0.1);
    expect(gaps[1]).toBeGreaterThanOrEqual(0.2);
    expect(gaps[2]).toBeGreaterThanOrEqual(0.4);
    expect(gaps[2]).toBeLessThan(3);
    // Failed for good: no fifth attempt.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(tries).toHaveLength(4);
  });

  it('runs each of 500 jobs once with two instances on their own connections, and both take part', async () => {
    const SHARED = defineJob({ kind: 'test.shared', payload: z.object({ n: z.int() }), transactional: false });
    // Two instances: on PostgreSQL two pools on the same database; on PGlite (one process owns it) two workers on its one connection.
    const second = url ? await openDatabase({ databaseUrl: url, dataDir: 'memory://' }) : database;
    try {
      const workers = [queue(database.db), queue(second.db)];
      workers.forEach((jobs, i) => {
        jobs.handle(SHARED, async ({ n }, { db }) => {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
          await db.execute(sql`insert into job_effects (n, worker) values (${n}, ${`instance-${i}`})`);
        });
      });
      await database.db.execute(sql`delete from job_effects`);
      await database.db.transaction(async (tx) => {
        for (let n = 0; n < 500; n += 1) await workers[0]?.enqueue(SHARED, { n }, { db: tx });
      });
      for (const jobs of workers) jobs.start();
      await eventually(async () => (await effects(database.db)).length >= 500, 60_000);
      await Promise.all(workers.map((w) => w.stop()));
      const done = await effects(database.db);
      expect(done).toHaveLength(500);
      expect(new Set(done.map((e) => e.n)).size).toBe(500);
      expect([...new Set(done.map((e) => e.worker))].sort()).toEqual(['instance-0', 'instance-1']);
      expect((await jobState(database.db, SHARED.kind)).every((j) => j.state === 'completed' && j.attempts === 1)).toBe(true);
    } finally {
      if (second !== database) await second.close();
    }
  }, 90_000);

  it('claims due jobs oldest first, a lease that ran out among them, and nothing not due, spent or of another kind', async () => {
    const repository = new JobRepository(database.db);
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const job = (kind: string, runAt: Date) => ({ kind, payload: {}, brand: null, runAt, dedupeKey: undefined, maxAttempts: 3 });
    await repository.insertMany(database.db, [
      job('test.order', minutesAgo(1)),
      job('test.order', minutesAgo(3)),
      job('test.order', minutesAgo(-60)),
      job('test.order', minutesAgo(2)),
      job('test.order', minutesAgo(10)),
      job('test.order', minutesAgo(4)),
      job('test.other', minutesAgo(20)),
    ]);
    const ids = (await database.db.execute(sql`select id from jobs where kind like 'test.o%' order by id`)) as unknown as {
      rows: { id: string }[];
    };
    const [one, three, , two, spent, held] = ids.rows.map((r) => Number(r.id));
    // Two running jobs whose worker's lease ran out: one may run again, the other used its last attempt;
    // a third is running and still held.
    await database.db.execute(
      sql`update jobs set state = 'running', attempts = 1, locked_until = now() - interval '1 second' where id = ${two}`,
    );
    await database.db.execute(
      sql`update jobs set state = 'running', attempts = 3, locked_until = now() - interval '1 second' where id = ${spent}`,
    );
    await database.db.execute(
      sql`update jobs set state = 'running', attempts = 1, locked_until = now() + interval '1 hour' where id = ${held}`,
    );

    const leases = new Map([['test.order', 60]]);
    // UPDATE … RETURNING answers in no particular order: compared by id.
    const byId = (list: { id: number; attempts: number }[]) =>
      [...list].sort((a, b) => a.id - b.id).map((j) => [j.id, j.attempts]);
    const first = await repository.claim(leases, 2, 'claim-a');
    expect(byId(first)).toEqual(
      byId([
        { id: three ?? 0, attempts: 1 },
        { id: two ?? 0, attempts: 2 },
      ]),
    );
    const rest = await repository.claim(leases, 10, 'claim-b');
    expect(rest.map((j) => j.id)).toEqual([one]);
    expect(await repository.claim(leases, 10, 'claim-c')).toEqual([]);
  });
});

describe('backoffSeconds', () => {
  it('doubles from the base up to the cap, and jitters between half and all of it', () => {
    expect([1, 2, 3, 4].map((a) => backoffSeconds(a, 30, 3600, () => 1))).toEqual([30, 60, 120, 240]);
    expect(backoffSeconds(20, 30, 3600, () => 1)).toBe(3600);
    expect(backoffSeconds(3, 30, 3600, () => 0)).toBe(60);
  });
});
