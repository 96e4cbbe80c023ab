/**
 * A worker process for the job queue's kill -9 test (src/jobs/job-durability.spec.ts): opens the
 * database of DATABASE_URL (else the PGlite in DATA_DIR), enqueues one `test.slow` job when
 * ENQUEUE=1, and runs the queue. The job records its side effect in its own transaction, prints
 * `running <id> <attempt>` and, on its first attempt, hangs there until the process is killed.
 * `completed <id>` is printed once the job is done; SIGTERM stops the worker cleanly.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import { openDatabase } from '../src/db/database';
import { defineJob, JobQueue } from '../src/jobs/job-queue';
import { JobRepository } from '../src/jobs/job.repository';

const SLOW = defineJob({ kind: 'test.slow', payload: z.object({ n: z.int() }), leaseSeconds: 2, backoffSeconds: 0.1 });

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? 'memory://' });
await database.db.execute(sql`create table if not exists job_effects (n int not null, attempt int not null)`);
const jobs = new JobQueue(database.db, new JobRepository(database.db), pino({ level: 'warn' }), { pollMs: 100 });
jobs.handle(SLOW, async ({ n }, { db, id, attempt }) => {
  await db.execute(sql`insert into job_effects (n, attempt) values (${n}, ${attempt})`);
  process.stdout.write(`running ${id} ${attempt}\n`);
  if (attempt === 1) await new Promise((resolve) => setTimeout(resolve, 120_000));
});
if (process.env.ENQUEUE === '1') await jobs.enqueue(SLOW, { n: 7 });
jobs.start();
const poll = setInterval(() => {
  database.db
    .execute(sql`select id from jobs where kind = 'test.slow' and state = 'completed'`)
    .then((result) => {
      for (const row of (result as unknown as { rows: { id: string }[] }).rows) process.stdout.write(`completed ${row.id}\n`);
    })
    .catch(() => {});
}, 100);
process.once('SIGTERM', () => {
  clearInterval(poll);
  void jobs
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
process.stdout.write('ready\n');
