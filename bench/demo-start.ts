import { startServer } from '../e2e/fixtures/server';

/**
 * The first `npm start` on a new machine: process start to /readyz with the demo on and an empty
 * data directory (embedded PGlite and aedes), which seeds both brands' accounts and a month of
 * history for twelve machines before it answers (budget: 15 s). Median of three starts, each on a
 * fresh data directory.
 */
export async function demoFirstStart() {
  const times: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    const server = await startServer({ DEMO: '1' });
    times.push(performance.now() - started);
    await server.stop();
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name: 'first start with the demo to /readyz (empty data dir)',
    figure: (sorted[1] ?? 0) / 1000,
    unit: 's',
    limit: 15,
    better: 'lower' as const,
    note: `runs ${times.map((t) => (t / 1000).toFixed(1)).join(', ')} s`,
  };
}
