// A probe, not a budget: `npx tsx bench/connect-probe.ts` starts the built server (PGlite + aedes) with
// N provisioned machines, connects them C at a time with plain MQTT clients that only subscribe to
// their command topic, and prints the connect rate, the CONNACK and SUBACK latencies and the server's
// resident memory before and after (what an idle connection costs). N and C come from the environment
// (defaults 2,000 and 200). With SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' the server's
// profile of the run can be read with profile-summary.ts.
import mqtt from 'mqtt';
import { deviceTopic } from '@washboard/contracts';
import { cpuSeconds, residentMb, seededServer } from './device-load';

const N = Number(process.env.N ?? 2_000);
const C = Number(process.env.C ?? 200);

const { server, products } = await seededServer(N, 'PROBE');
const connack: number[] = [];
const suback: number[] = [];
const clients: mqtt.MqttClient[] = [];
let next = 0;

function connectOne(serialNumber: string, secret: string): Promise<void> {
  const start = performance.now();
  return new Promise<void>((resolve, reject) => {
    const client = mqtt.connect(`mqtt://127.0.0.1:${server.mqttPort}`, {
      clientId: serialNumber,
      username: serialNumber,
      password: secret,
      reconnectPeriod: 0,
      keepalive: 60,
      connectTimeout: 120_000,
    });
    clients.push(client);
    client.once('error', reject);
    client.once('connect', () => {
      connack.push(performance.now() - start);
      client.subscribe(deviceTopic(serialNumber, 'cmd'), { qos: 1 }, () => {
        suback.push(performance.now() - start);
        resolve();
      });
    });
  });
}

const percentile = (values: number[], q: number) =>
  (values.sort((a, b) => a - b)[Math.floor(q * (values.length - 1))] ?? 0).toFixed(0);

try {
  const idle = await residentMb(server.pid);
  const cpuBefore = await cpuSeconds(server.pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next < products.length) {
        const product = products[next++];
        if (product) await connectOne(product.serialNumber, product.deviceSecret);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = (await cpuSeconds(server.pid)) - cpuBefore;
  // Settled: what the connections hold, not what connecting left for the collector.
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const connected = await residentMb(server.pid);
  console.log(
    `${N} connected in ${seconds.toFixed(1)} s (${(N / seconds).toFixed(0)}/s, ${C} at a time); ` +
      `CONNACK p50 ${percentile(connack, 0.5)} p99 ${percentile(connack, 0.99)} ms; ` +
      `SUBACK p50 ${percentile(suback, 0.5)} p99 ${percentile(suback, 0.99)} ms; ` +
      `server CPU ${((cpu * 1000) / N).toFixed(2)} ms a connect; ` +
      `server RSS ${idle.toFixed(0)} → ${connected.toFixed(0)} MB (${(((connected - idle) * 1024) / N).toFixed(1)} KB a connection)`,
  );
} finally {
  for (const client of clients) client.end(true);
  await server.dispose();
}
