import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const WORKER = 'apps/server/test/job-worker.ts';

/** A worker process (test/job-worker.ts) and the lines it printed. */
function startWorker(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr?.on('data', (data: Buffer) => (output += data.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async printed(pattern: RegExp, timeoutMs = 45_000): Promise<RegExpExecArray> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(output);
        if (match) return match;
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`worker did not print ${pattern}:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop(signal: NodeJS.Signals): Promise<void> {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    output: () => output,
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

type TEffects = { effects: { n: number; attempt: number }[]; job: { state: string; attempts: number } | undefined };
const EFFECTS = 'select n, attempt from job_effects order by attempt';
const JOB = `select state, attempts from jobs where kind = 'test.slow'`;

describe('a job whose worker is killed with SIGKILL mid-job', () => {
  it('runs again after its lease ran out, and its side effect is recorded exactly once', async () => {
    const fresh = await freshDatabase();
    cleanups.push(() => fresh.drop());
    const dataDir = fresh.env.DATABASE_URL ? undefined : await mkdtemp(path.join(os.tmpdir(), 'wb-jobs-'));
    if (dataDir) cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = fresh.env.DATABASE_URL
      ? { DATABASE_URL: fresh.env.DATABASE_URL }
      : { DATA_DIR: dataDir ?? '' };

    const first = startWorker({ ...env, ENQUEUE: '1' });
    cleanups.push(() => first.stop('SIGKILL'));
    const [, id] = await first.printed(/running (\d+) 1\n/);
    await first.stop('SIGKILL');

    const second = startWorker(env);
    cleanups.push(() => second.stop('SIGKILL'));
    await second.printed(new RegExp(`completed ${id}\\n`));
    expect(second.output()).toMatch(new RegExp(`running ${id} 2\\n`));
    await second.stop('SIGTERM');

    let seen: TEffects;
    if (fresh.env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: fresh.env.DATABASE_URL });
      await client.connect();
      seen = {
        effects: (await client.query<{ n: number; attempt: number }>(EFFECTS)).rows,
        job: (await client.query<{ state: string; attempts: number }>(JOB)).rows[0],
      };
      await client.end();
    } else {
      const db = new PGlite(path.join(dataDir ?? '', 'pglite'));
      seen = {
        effects: (await db.query<{ n: number; attempt: number }>(EFFECTS)).rows,
        job: (await db.query<{ state: string; attempts: number }>(JOB)).rows[0],
      };
      await db.close();
    }
    // The killed attempt's insert died with its transaction; the second attempt's committed with the job.
    expect(seen.effects).toEqual([{ n: 7, attempt: 2 }]);
    expect(seen.job).toEqual({ state: 'completed', attempts: 2 });
  }, 120_000);
});
