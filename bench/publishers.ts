// The ingestion benchmark's publishing devices, in a process of their own (`fork` with tsx): in the
// benchmark's process they took the event loop the server under test runs on (docs/benchmarks.md,
// "Ingestion"). Started by `publishInChild` (ingestion.ts), which sends one `TPublishOrder`; answers
// one `TPublishReport` and exits. Before the order it answers the parent's clock pings: each process's
// epoch clock is fixed when it starts, and on this virtual machine two processes' clocks were seen
// seconds apart, which made publish → commit latencies negative (or seconds too long).
import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';

export type TPublishOrder = {
  url: string;
  clients: { clientId: string; username?: string; password?: string }[];
  /**
   * `plain`: topic `bench/<id>/telemetry`, payload `<id>/<seq>`; `telemetry`: the device topic with
   * a telemetry message whose `ts` encodes seq; `mixed`: the same, but every `EVENT_EVERY`th message
   * is a washing cycle's record (`event`, chained) whose `cycleNumber` is seq.
   */
  kind: 'plain' | 'telemetry' | 'mixed';
  /** For `telemetry`: ts = base + offset + seq (ms), unique per machine and run. */
  base: number;
  offset: number;
  seconds: number;
  /** Unacknowledged QoS 1 messages per connection. */
  window: number;
  /** Messages per second over all connections; saturating when absent. */
  rate?: number;
};

export type TPublishReport = {
  published: number;
  elapsed: number;
  /** `<id>/<seq>` and the epoch time (ms, sub-millisecond) each was published, in the same order. */
  keys: string[];
  sentAt: number[];
  /** Share of a core this process used while publishing. */
  cpu: number;
};

const now = () => performance.timeOrigin + performance.now();

/** In a `mixed` run, one message in this many is a cycle record. */
export const EVENT_EVERY = 10;

/** A washing cycle's record that ended at `stop`, with a 20 s rinse trace, numbered `seq`. */
function cycleRecord(seq: number, stop: number): string {
  return JSON.stringify({
    id: randomUUID(),
    kind: 'cycle',
    cycleName: 'dishes',
    cycleNumber: seq,
    start: new Date(stop - 150_000).toISOString(),
    stop: new Date(stop).toISOString(),
    completed: true,
    measurements: { washMinTmp: 580, washMaxTmp: 615, rinseMinTmp: 800, rinseMaxTmp: 848 },
    rinseTrace: Array.from({ length: 20 }, (_, s) => 800 + Math.min(s * 4, 48)),
  });
}

async function publish(order: TPublishOrder): Promise<TPublishReport> {
  const clients: MqttClient[] = [];
  for (const options of order.clients) {
    clients.push(await mqtt.connectAsync(order.url, { ...options, protocolVersion: 4, reconnectPeriod: 0, clean: true }));
  }
  const keys: string[] = [];
  const sentAt: number[] = [];
  let published = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const deadline = started + order.seconds * 1000;
  const interval = order.rate ? (1000 * clients.length * order.window) / order.rate : 0;
  await Promise.all(
    clients.map(async (client) => {
      const id = client.options.clientId ?? '';
      const topic = order.kind === 'plain' ? `bench/${id}/telemetry` : `wb/v1/${id}/telemetry`;
      const eventTopic = `wb/v1/${id}/event`;
      let seq = 0;
      const lane = async () => {
        let next = performance.now();
        while (performance.now() < deadline) {
          if (interval) {
            next += interval;
            const wait = next - performance.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          }
          seq += 1;
          const at = order.base + order.offset + seq;
          const event = order.kind === 'mixed' && seq % EVENT_EVERY === 0;
          const payload = event
            ? cycleRecord(seq, at)
            : order.kind === 'plain'
              ? `${id}/${seq}`
              : JSON.stringify({ ts: new Date(at).toISOString(), boilerTmp: 845, tankTmp: 620, waterTmp: 150 });
          keys.push(`${id}/${seq}`);
          sentAt.push(now());
          await client.publishAsync(event ? eventTopic : topic, payload, { qos: 1 });
          published += 1;
        }
      };
      await Promise.all(Array.from({ length: order.window }, lane));
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  await Promise.all(clients.map((c) => c.endAsync()));
  return { published, elapsed, keys, sentAt, cpu: (used.user + used.system) / 1e6 / elapsed };
}

/** The parent's clock question (`clockOffset` in ingestion.ts): answered with this process's time. */
export type TClockPing = { ping: number };
export type TClockPong = { ping: number; at: number };

process.on('message', (message: TPublishOrder | TClockPing) => {
  if ('ping' in message) {
    process.send?.({ ping: message.ping, at: now() } satisfies TClockPong);
    return;
  }
  const order = message;
  publish(order).then(
    (report) => process.send?.(report, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
