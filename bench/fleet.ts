import { Fleet } from '@washboard/simulator';
import { cpuSeconds, openFilesLimit, residentMb, seededServer, storedTelemetry } from './device-load';
import type { TResult } from './device-link';

const MACHINES = Number(process.env.BENCH_FLEET_MACHINES ?? 25_000);
const HOLD_SECONDS = Number(process.env.BENCH_FLEET_SECONDS ?? 120);
const PREFIX = 'FLEET';

/** Files a process holds besides the machines' sockets (its database, broker, HTTP and log files), with room to spare. */
const OTHER_FILES = 500;

/**
 * Why this machine cannot hold the fleet, if it cannot: each connection is an open file in the
 * server's process and in this one, and a process may open only as many as its limit (`ulimit -n`).
 */
async function socketsBlocked(serverPid: number): Promise<string | undefined> {
  const needed = MACHINES + OTHER_FILES;
  for (const [who, pid] of [
    ['the server', serverPid],
    ['the fleet (this process)', 'self'],
  ] as const) {
    const { soft, hard } = await openFilesLimit(pid);
    if (soft < needed) {
      return (
        `blocked: ${MACHINES.toLocaleString('en')} connections need about ${needed.toLocaleString('en')} open files in ${who}, ` +
        `whose limit is ${soft.toLocaleString('en')} (hard limit ${hard.toLocaleString('en')}; raise it with ulimit -n where allowed)`
      );
    }
  }
  return undefined;
}

/**
 * 25,000 virtual dishwashers (the simulator's Fleet, in this process) connect with serial and
 * secret to the embedded broker of the built server (its own process, PGlite + aedes), each sending
 * telemetry every 10 s at QoS 1 (plus whatever else a machine says: status, cycles, events), held
 * 120 s after the last one connected. Nothing lost: telemetry rows in the database (read after the
 * server drained and stopped) with `ts` in the hold = telemetry the machines sent in the hold, and
 * every machine stayed connected throughout. The machines are written into the database before
 * the server starts (see `seededServer`). The server's
 * resident memory (VmRSS of its process, sampled every second) stays ≤ 1 GB (1,024 MB).
 */
export async function fleet(): Promise<TResult[]> {
  const { server, products } = await seededServer(MACHINES, PREFIX);
  const blocked = await socketsBlocked(server.pid);
  if (blocked) {
    await server.dispose();
    return [
      {
        name: `fleet of ${MACHINES.toLocaleString('en')} machines`,
        figure: 0,
        unit: '',
        limit: 1,
        better: 'higher',
        note: blocked,
      },
    ];
  }
  const idle = await residentMb(server.pid);
  const machines = new Fleet({
    broker: `mqtt://127.0.0.1:${server.mqttPort}`,
    seed: 11,
    telemetryIntervalSeconds: 10,
    mqtt: { telemetryQos: 1 },
    connectConcurrency: Number(process.env.BENCH_FLEET_CONCURRENCY ?? 500),
    tickMs: Number(process.env.BENCH_FLEET_TICK_MS ?? 500),
  });
  /** Telemetry `ts` of every machine's messages, counted once all machines are connected. */
  let window: { from: string; to: string } | undefined;
  let sent = 0;
  let peak = 0;
  const sampler = setInterval(() => {
    residentMb(server.pid).then(
      (mb) => (peak = Math.max(peak, mb)),
      () => {},
    );
  }, 1_000);
  try {
    for (const p of products) {
      const machine = machines.add({ serial: p.serialNumber, secret: p.deviceSecret, initialState: 'IDLE' });
      machine.onMessage((message) => {
        if (message.topic !== 'telemetry' || !window) return;
        if (message.payload.ts >= window.from && message.payload.ts < window.to) sent += 1;
      });
    }
    machines.start();
    const connectStarted = performance.now();
    const serverBefore = await cpuSeconds(server.pid);
    const fleetBefore = process.cpuUsage();
    const report = await machines.connectAll();
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const serverConnecting = (await cpuSeconds(server.pid)) - serverBefore;
    const fleetConnecting = process.cpuUsage(fleetBefore);
    let lowest = report.connected;
    // The hold: what every machine sends from now until its end is counted, then looked for in the database.
    const holdEnd = Date.now() + HOLD_SECONDS * 1000;
    window = { from: new Date().toISOString(), to: new Date(holdEnd).toISOString() };
    const serverHolding = await cpuSeconds(server.pid);
    const fleetHolding = process.cpuUsage();
    while (Date.now() < holdEnd) {
      await new Promise((r) => setTimeout(r, 1_000));
      lowest = Math.min(lowest, machines.counters().connected);
    }
    const serverHold = ((await cpuSeconds(server.pid)) - serverHolding) / HOLD_SECONDS;
    const fleetHold = process.cpuUsage(fleetHolding);
    const cpu =
      `CPU, share of a core: connecting server ${Math.round((100 * serverConnecting) / connectSeconds)} %, ` +
      `machines ${Math.round((fleetConnecting.user + fleetConnecting.system) / 1e4 / connectSeconds)} %; ` +
      `holding server ${Math.round(100 * serverHold)} %, machines ${Math.round((fleetHold.user + fleetHold.system) / 1e4 / HOLD_SECONDS)} %`;
    machines.stop();
    // The last QoS 1 messages get their acknowledgements, then every machine leaves.
    await new Promise((r) => setTimeout(r, 3_000));
    await machines.close();
    clearInterval(sampler);
    await server.stop();
    const stored = await storedTelemetry(server.dataDir, PREFIX, window);
    const connected = `${report.connected} of ${MACHINES} connected in ${connectSeconds.toFixed(1)} s (${report.failed.length} failed), at least ${lowest} connected throughout ${HOLD_SECONDS} s`;
    return [
      {
        name: `fleet of ${MACHINES.toLocaleString('en')} machines × telemetry every 10 s, held ${HOLD_SECONDS} s: telemetry rows stored ÷ published`,
        figure: report.connected === MACHINES && lowest === MACHINES && sent ? stored / sent : 0,
        unit: '',
        limit: 1,
        better: 'higher',
        note: `${stored} rows / ${sent} QoS 1 telemetry messages; ${connected}; ${cpu}`,
      },
      {
        name: `fleet of ${MACHINES.toLocaleString('en')} machines: server resident memory (peak VmRSS)`,
        figure: peak,
        unit: 'MB',
        limit: 1024,
        better: 'lower',
        note: `${idle.toFixed(0)} MB before the machines connected; PGlite + aedes in the server process`,
      },
    ];
  } finally {
    clearInterval(sampler);
    machines.stop();
    await server.dispose();
  }
}
