// The "other requests" of a benchmark that times heavy work: loops that keep calling a light
// endpoint meanwhile, and the p99 of their answers.
import type { TResult } from './device-link';
import { percentile } from './hygiene';

/** Pause between a loop's answer and its next call. */
const PAUSE_MS = 20;

/**
 * `loops` loops, each calling `call` again PAUSE_MS after its answer until `stop()`. A call that
 * is not answered 2xx is counted in `refused`, not in `latencies` (ms).
 */
export function otherRequests(loops: number, call: () => Promise<Response>) {
  const latencies: number[] = [];
  const refused: string[] = [];
  let running = true;
  const loop = async () => {
    while (running) {
      const sent = performance.now();
      const res = await call();
      await res.arrayBuffer();
      if (res.ok) latencies.push(performance.now() - sent);
      else refused.push(`${res.url}: ${res.status}`);
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
  };
  const all = Array.from({ length: loops }, () => loop().catch((error: unknown) => refused.push(String(error))));
  return {
    latencies,
    refused,
    /** Ends the loops once their calls under way are answered. */
    async stop(): Promise<void> {
      running = false;
      await Promise.all(all);
    },
  };
}

/** The p99 of the other requests' `latencies` (limit 50 ms), with their count, median and maximum. */
export function otherRequestsP99(name: string, latencies: number[], loops: number): TResult {
  return {
    name,
    figure: percentile(latencies, 99),
    unit: 'ms',
    limit: 50,
    better: 'lower',
    note: `${latencies.length} requests from ${loops} loops, median ${percentile(latencies, 50).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
  };
}
