// The ingestion benchmark's publishing devices, in a process of their own (`fork` with tsx): in the
// benchmark's process they took the event loop the server under test runs on (docs/benchmarks.md,
// "Ingestion"). Started by `publishInChild` (ingestion.ts), which sends one `TPublishOrder`; answers
// one `TPublishReport` and exits.
import mqtt, { type MqttClient } from 'mqtt';

export type TPublishOrder = {
  url: string;
  clients: { clientId: string; username?: string; password?: string }[];
  /** `plain`: topic `bench/<id>/telemetry`, payload `<id>/<seq>`; `telemetry`: the device topic with a telemetry message whose `ts` encodes seq. */
  kind: 'plain' | 'telemetry';
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
          const payload =
            order.kind === 'plain'
              ? `${id}/${seq}`
              : JSON.stringify({
                  ts: new Date(order.base + order.offset + seq).toISOString(),
                  boilerTmp: 845,
                  tankTmp: 620,
                  waterTmp: 150,
                });
          keys.push(`${id}/${seq}`);
          sentAt.push(now());
          await client.publishAsync(topic, payload, { qos: 1 });
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

process.once('message', (order: TPublishOrder) => {
  publish(order).then(
    (report) => process.send?.(report, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
