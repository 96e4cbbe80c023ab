import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../e2e/fixtures/server';

/**
 * Process start to /readyz answering 200 on the embedded defaults, on a data directory an earlier
 * run created (budget: 3 s). Median of five starts.
 */
export async function coldStart() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'washboard-bench-'));
  try {
    const first = await startServer({}, { dataDir, keepData: true });
    await first.stop();
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const server = await startServer({}, { dataDir, keepData: true });
      times.push(performance.now() - started);
      await server.stop();
    }
    times.sort((a, b) => a - b);
    return {
      name: 'cold start to /readyz (existing data dir)',
      figure: (times[2] ?? 0) / 1000,
      unit: 's',
      limit: 3,
      better: 'lower' as const,
      note: `runs ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s`,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
