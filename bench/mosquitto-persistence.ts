// What Mosquitto's autosave settings cost in throughput and how many acknowledged messages a crash
// still loses (docs/operations.md, "Mosquitto"; security finding 11). `npm run bench -- mosquittoPersistence`.
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { dynsecControl, startMosquitto, shippedMosquittoConfig, type TTestMosquitto } from '../apps/server/test/mosquitto';
import type { TResult } from './device-link';

/** Publishing connections (devices) and the QoS 1 messages each keeps unacknowledged. */
const PUBLISHERS = 10;
const WINDOW = 100;
/** When the broker is killed, after the first publish (a random point in this range, ms). */
const KILL_AFTER_MS: [number, number] = [1_500, 2_500];
/** Published at most per run: below max_queued_messages (100,000), so no message is dropped for the queue limit. */
const CAP = 90_000;
/** The paced runs: a fleet of 10,000 machines sending a HACCP record or alarm every 5 s. */
const PACED_PER_SECOND = 2_000;
const RUNS = Number(process.env.BENCH_MQ_RUNS ?? 3);
/** Messages already queued for the server before the deep-queue runs. */
const BACKLOG = 30_000;
const SUBSCRIBER = 'bench-ingest';

type TVariant = { name: string; config: string[] };

const VARIANTS: TVariant[] = [
  { name: 'no persistence', config: ['persistence false'] },
  { name: 'save every 1,800 s (default)', config: ['autosave_on_changes false', 'autosave_interval 1800'] },
  { name: 'save every 1 s', config: ['autosave_on_changes false', 'autosave_interval 1'] },
  { name: 'save every 1,000 changes', config: ['autosave_on_changes true', 'autosave_interval 1000'] },
  { name: 'save every 100 changes', config: ['autosave_on_changes true', 'autosave_interval 100'] },
  { name: 'save every 10 changes', config: ['autosave_on_changes true', 'autosave_interval 10'] },
  { name: 'save every change', config: ['autosave_on_changes true', 'autosave_interval 1'] },
];

type TRun = { acked: number; lost: number; perSecond: number; elapsedMs: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A `bench` identity allowed on `bench/#`, added through the broker's dynamic-security plugin. */
function addBenchClient(mosquitto: TTestMosquitto): { username: string; password: string } {
  const ctrl = dynsecControl(mosquitto);
  const bench = { username: 'bench', password: randomBytes(9).toString('base64url') };
  ctrl('createRole', 'bench');
  ctrl('addRoleACL', 'bench', 'publishClientSend', 'bench/#', 'allow');
  ctrl('addRoleACL', 'bench', 'publishClientReceive', 'bench/#', 'allow');
  // Mosquitto 2.0 checks a shared subscription against its whole `$share/…` filter.
  ctrl('addRoleACL', 'bench', 'subscribePattern', '$share/washboard/bench/#', 'allow');
  ctrl('createClient', bench.username, '-p', bench.password);
  ctrl('addClientRole', bench.username, 'bench');
  return bench;
}

/** The server's ingest session as Washboard opens it: persistent, in a shared subscription group. */
function subscriber(url: string, auth: { username: string; password: string }): Promise<MqttClient> {
  return mqtt.connectAsync(url, { ...auth, clientId: SUBSCRIBER, clean: false, protocolVersion: 4, reconnectPeriod: 0 });
}

/**
 * One run: the server's session subscribes and goes away; devices publish QoS 1 (saturating, or at
 * `pace` a second) until the broker is killed with SIGKILL; the broker restarts on the same
 * persistence directory and the session comes back. Lost: acknowledged to a device, never delivered.
 * `backlog` messages are queued first (a server away for a while): Mosquitto 2 saves the whole
 * queue at every save, so a deep queue makes each save dearer.
 */
async function run(variant: TVariant, options: { pace?: number; backlog?: number }): Promise<TRun> {
  const { pace, backlog = 0 } = options;
  const mosquitto = await startMosquitto({ config: variant.config });
  const clients: MqttClient[] = [];
  try {
    const auth = addBenchClient(mosquitto);
    const session = await subscriber(mosquitto.deviceUrl, auth);
    await session.subscribeAsync(`$share/washboard/bench/+/event`, { qos: 1 });
    await session.endAsync();

    const acked = new Set<string>();
    for (let i = 0; i < PUBLISHERS; i += 1) {
      clients.push(await mqtt.connectAsync(mosquitto.deviceUrl, { ...auth, clientId: `bench-device-${i}`, reconnectPeriod: 0 }));
    }
    const body = (id: string) =>
      JSON.stringify({ id, errorCode: 'OH01', startDate: new Date().toISOString(), stopDate: null, note: 'x'.repeat(60) });
    let published = 0;
    let stopped = false;
    let lastAck = 0;
    /** Publishes from every connection until `until()` or the kill; at `rate` a second when given. */
    const publishAll = (until: () => boolean, rate: number | undefined, since: number) =>
      clients.map(async (client, i) => {
        let inFlight = 0;
        let wake: (() => void) | undefined;
        const start = published;
        while (!stopped && !until()) {
          if (rate) {
            const wait = ((published - start + 1) / rate) * 1000 - (performance.now() - since);
            if (wait > 0) await sleep(wait);
            if (stopped || until()) break;
          }
          if (inFlight >= WINDOW) {
            await new Promise<void>((resolve) => (wake = resolve));
            continue;
          }
          const id = `${i}-${published}`;
          published += 1;
          inFlight += 1;
          client.publish(`bench/${i}/event`, body(id), { qos: 1 }, (error) => {
            inFlight -= 1;
            if (!error && !stopped) {
              acked.add(id);
              lastAck = performance.now();
            }
            wake?.();
          });
          if (!rate && published % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
        }
        while (inFlight > 0 && !stopped) await new Promise<void>((resolve) => (wake = resolve));
      });
    if (backlog > 0) await Promise.all(publishAll(() => published >= backlog, undefined, performance.now()));
    const before = acked.size;
    const started = performance.now();
    const publishers = publishAll(() => published >= CAP + backlog, pace, started);
    await sleep(KILL_AFTER_MS[0] + Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]));
    await mosquitto.kill();
    const elapsedMs = performance.now() - started;
    stopped = true;
    const ackedAtKill = new Set(acked);
    for (const client of clients) client.end(true);
    await Promise.race([Promise.all(publishers), sleep(1_000)]);

    await mosquitto.restart();
    const received = new Set<string>();
    const back = await subscriber(mosquitto.deviceUrl, auth);
    let last = performance.now();
    back.on('message', (_topic, payload) => {
      received.add((JSON.parse(payload.toString()) as { id: string }).id);
      last = performance.now();
    });
    while (performance.now() - last < 1_000) await sleep(100);
    await back.endAsync();
    let lost = 0;
    for (const id of ackedAtKill) if (!received.has(id)) lost += 1;
    // Up to the last acknowledgement: a fast run may reach CAP before the kill.
    const perSecond = ((ackedAtKill.size - before) / (Math.min(lastAck, started + elapsedMs) - started)) * 1000;
    return { acked: ackedAtKill.size, lost, perSecond, elapsedMs };
  } finally {
    for (const client of clients) client.end(true);
    await mosquitto.stop();
  }
}

const range = (values: number[], digits = 0) => {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (v: number) => v.toLocaleString('en-GB', { maximumFractionDigits: digits });
  return sorted.length > 1 ? `${f(sorted[0] ?? 0)}–${f(sorted[sorted.length - 1] ?? 0)}` : f(sorted[0] ?? 0);
};

/**
 * Every autosave variant, saturated, paced, and paced on a deep queue: the spread of throughput
 * (acknowledged per second while the server is away) and of acknowledged messages lost on SIGKILL.
 * Figures: the shipped configuration's throughput ÷ no persistence's, and its worst loss when paced.
 */
export async function mosquittoPersistence(): Promise<TResult[]> {
  const shipped = await shippedMosquittoConfig();
  const autosave = (line: string) => line.startsWith('autosave_');
  const chosen = VARIANTS.find(
    (v) => v.config.some(autosave) && v.config.filter(autosave).every((line) => shipped.includes(line)),
  );
  const rows: { variant: TVariant; saturated: TRun[]; paced: TRun[]; deep: TRun[] }[] = [];
  for (const variant of VARIANTS) {
    const saturated: TRun[] = [];
    const paced: TRun[] = [];
    const deep: TRun[] = [];
    // Queuing the backlog under a save every few changes takes minutes (each save rewrites the queue).
    const every = Number(variant.config.find((line) => line.startsWith('autosave_interval'))?.split(' ')[1] ?? 0);
    const deepFeasible = !variant.config.includes('autosave_on_changes true') || every >= 100;
    for (let i = 0; i < RUNS; i += 1) {
      saturated.push(await run(variant, {}));
      paced.push(await run(variant, { pace: PACED_PER_SECOND }));
      if (deepFeasible) deep.push(await run(variant, { pace: PACED_PER_SECOND, backlog: BACKLOG }));
    }
    rows.push({ variant, saturated, paced, deep });
    const ms = (runs: TRun[]) => range(runs.map((r) => (r.lost / PACED_PER_SECOND) * 1000));
    console.log(
      `  ${variant.name.padEnd(30)} saturated ${range(saturated.map((r) => r.perSecond))} msg/s, lost ${range(saturated.map((r) => r.lost))} of ${range(saturated.map((r) => r.acked))}` +
        ` | ${PACED_PER_SECOND}/s: lost ${range(paced.map((r) => r.lost))} of ${range(paced.map((r) => r.acked))} (${ms(paced)} ms)` +
        ` | on ${BACKLOG.toLocaleString('en-GB')} queued: ${deep.length ? `${range(deep.map((r) => r.perSecond))} msg/s, lost ${range(deep.map((r) => r.lost))} of ${range(deep.map((r) => r.acked))} (${ms(deep)} ms)` : 'not measured'}` +
        `${variant === chosen ? '   <- deploy/mosquitto/washboard.conf' : ''}`,
    );
  }
  const none = rows.find((r) => r.variant.config.includes('persistence false'));
  const mine = rows.find((r) => r.variant === chosen);
  if (!none || !mine) throw new Error('the shipped autosave settings are not among the variants measured');
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const throughput = median(mine.saturated.map((r) => r.perSecond)) / median(none.saturated.map((r) => r.perSecond));
  const worstPaced = Math.max(...mine.paced.map((r) => r.lost), ...mine.deep.map((r) => r.lost));
  return [
    {
      name: `Mosquitto ${mine.variant.name}: QoS 1 throughput while the server is away ÷ no persistence (medians of ${RUNS})`,
      figure: throughput,
      unit: '',
      limit: 0.2,
      better: 'higher',
      note: `${range(mine.saturated.map((r) => r.perSecond))} ÷ ${range(none.saturated.map((r) => r.perSecond))} msg/s; on ${BACKLOG} queued, paced ${PACED_PER_SECOND}/s: ${range(mine.deep.map((r) => r.perSecond))} msg/s`,
    },
    {
      name: `Mosquitto ${mine.variant.name}: acknowledged messages lost on SIGKILL at ${PACED_PER_SECOND}/s (worst of ${RUNS}, with and without ${BACKLOG} queued)`,
      figure: worstPaced,
      unit: 'messages',
      limit: 200,
      better: 'lower',
      note: `lost ${range(mine.paced.map((r) => r.lost))}, on the backlog ${range(mine.deep.map((r) => r.lost))}; saturated lost ${range(mine.saturated.map((r) => r.lost))} of ${range(mine.saturated.map((r) => r.acked))}`,
    },
  ];
}
