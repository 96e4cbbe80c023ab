import type { MqttClient } from 'mqtt';
import { LIVE_PATH } from '@washboard/contracts';
import { launchBrowser } from '../e2e/fixtures/browser';
import {
  connectMachines,
  cpuSeconds,
  percentile,
  publishTelemetry,
  seededServer,
  storedTelemetry,
  type TPublishRun,
} from './device-load';

export type TResult = {
  name: string;
  figure: number;
  unit: string;
  limit: number;
  better: 'lower' | 'higher';
  note?: string;
  /** A cost measured for the record, not a budget: printed as INFO against the limit, never failing the run. */
  informative?: boolean;
};

const MACHINES = Number(process.env.BENCH_LIVE_MACHINES ?? 1_000);
/** Seconds of each measured load step. */
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);
const PREFIX = 'LIVE';

type TStep = { perSecond: number; run: TPublishRun; stored: number; latencies: number[]; received: number; serverCpu: number };

/**
 * One server (built, own process, embedded PGlite + aedes), 1,000 machines owned by one kitchen
 * manager, and that user's browser: headless Chromium with the push channel open as the web app
 * opens it (first message authenticates). Every machine publishes QoS 1 telemetry at 1 msg/s for
 * 20 s, then at 5 msg/s for 20 s. Latency: the machine's publish → the page's WebSocket `message`
 * event, both taken as epoch time with sub-millisecond resolution (performance.timeOrigin + now())
 * on the same host clock. Completeness: telemetry rows in the database (read after the server
 * stopped and drained) ÷ messages published and acknowledged, for each step by its `ts` range.
 */
async function measure(): Promise<TStep[]> {
  const { server, products, user } = await seededServer(MACHINES, PREFIX, {
    email: 'live@washboard.test',
    password: 'Bench12345',
  });
  const browser = await launchBrowser();
  let clients: MqttClient[] = [];
  try {
    if (!user) throw new Error('no user');
    const page = await browser.newPage();
    await page.goto(`${server.url}/readyz`);
    await page.evaluate(
      ({ url, token, subscriptionKey }) =>
        new Promise<void>((resolve, reject) => {
          const w = window as unknown as { received: (string | number)[] };
          w.received = [];
          const ws = new WebSocket(url);
          ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token, brand: 'LUMINA', subscriptionKey }));
          ws.onclose = () => reject(new Error('the push channel closed'));
          ws.onmessage = (event: MessageEvent<string>) => {
            const at = performance.timeOrigin + performance.now();
            const message = JSON.parse(event.data) as { type: string; serialNumber?: string; telemetry?: { ts: string } };
            if (message.type === 'ready') resolve();
            else if (message.type === 'telemetry' && message.telemetry)
              w.received.push(message.serialNumber ?? '', message.telemetry.ts, at);
          };
        }),
      { url: `${server.url.replace('http', 'ws')}${LIVE_PATH}`, token: user.token, subscriptionKey: server.subscriptionKey },
    );
    clients = await connectMachines(`mqtt://127.0.0.1:${server.mqttPort}`, products);
    const drain = () =>
      page.evaluate(() => {
        const w = window as unknown as { received: (string | number)[] };
        const all = w.received;
        w.received = [];
        return all;
      });
    // Warm-up (JIT, connections, caches), not measured.
    await publishTelemetry(clients, 1, 3);
    await new Promise((r) => setTimeout(r, 1_000));
    await drain();

    const steps: (Omit<TStep, 'stored'> & { from: string; to: string })[] = [];
    for (const perSecond of [1, 5]) {
      const sentAt = new Map<string, number>();
      const from = new Date().toISOString();
      const cpuBefore = await cpuSeconds(server.pid);
      const run = await publishTelemetry(clients, perSecond, SECONDS, (serial, ts, at) => sentAt.set(`${serial}/${ts}`, at));
      const serverCpu = ((await cpuSeconds(server.pid)) - cpuBefore) / run.seconds;
      await new Promise((r) => setTimeout(r, 1_000));
      const to = new Date(Date.now() + 1).toISOString();
      const received = await drain();
      const latencies: number[] = [];
      for (let i = 0; i < received.length; i += 3) {
        const sent = sentAt.get(`${received[i] as string}/${received[i + 1] as string}`);
        if (sent !== undefined) latencies.push((received[i + 2] as number) - sent);
      }
      steps.push({ perSecond, run, latencies, received: latencies.length, serverCpu, from, to });
    }
    await Promise.all(clients.map((c) => c.endAsync()));
    clients = [];
    await server.stop();
    const stored: number[] = [];
    for (const step of steps) stored.push(await storedTelemetryBetween(server.dataDir, step.from, step.to));
    return steps.map((s, i) => ({ ...s, stored: stored[i] ?? 0 }));
  } finally {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await browser.close();
    await server.dispose();
  }
}

function storedTelemetryBetween(dataDir: string, from: string, to: string): Promise<number> {
  return storedTelemetry(dataDir, PREFIX, { from, to });
}

let shared: Promise<TStep[]> | undefined;
const measured = () => (shared ??= measure());

const load = (s: TStep) => `${MACHINES.toLocaleString('en')} machines × ${s.perSecond} msg/s`;

/** Rows persisted ÷ QoS 1 messages published, at 1,000 machines × 1 msg/s and × 5 msg/s (target 1.000). */
export async function completeness(): Promise<TResult[]> {
  return (await measured()).map((s) => ({
    name: `completeness, ${load(s)}: rows persisted ÷ QoS 1 messages published`,
    figure: s.run.published ? s.stored / s.run.published : 0,
    unit: '',
    limit: 1,
    better: 'higher' as const,
    note:
      `${s.stored} rows / ${s.run.published} published (of ${s.run.scheduled} scheduled; ${s.run.unacknowledged} unacknowledged) ` +
      `in ${s.run.seconds.toFixed(1)} s; server process: PGlite + aedes`,
  }));
}

/** Machine publish → browser WebSocket receive (headless Chromium): p50 ≤ 5 ms, p99 ≤ 50 ms at 1×; p99 ≤ 250 ms at 5×. */
export async function liveLatency(): Promise<TResult[]> {
  const [one, five] = await measured();
  const note = (s: TStep) =>
    `${s.received} of ${s.run.published} pushes received in Chromium; p50 ${percentile(s.latencies, 0.5).toFixed(1)} ms, ` +
    `p99 ${percentile(s.latencies, 0.99).toFixed(1)} ms, max ${percentile(s.latencies, 1).toFixed(0)} ms; ` +
    `server process ${(s.serverCpu * 100).toFixed(0)} % of a core`;
  const results: TResult[] = [];
  if (one) {
    results.push(
      {
        name: `live latency p50, ${load(one)}`,
        figure: percentile(one.latencies, 0.5),
        unit: 'ms',
        limit: 5,
        better: 'lower',
        note: note(one),
      },
      {
        name: `live latency p99, ${load(one)}`,
        figure: percentile(one.latencies, 0.99),
        unit: 'ms',
        limit: 50,
        better: 'lower',
        note: note(one),
      },
    );
  }
  if (five) {
    results.push({
      name: `live latency p99, ${load(five)}`,
      figure: percentile(five.latencies, 0.99),
      unit: 'ms',
      limit: 250,
      better: 'lower',
      note: note(five),
    });
  }
  return results;
}
