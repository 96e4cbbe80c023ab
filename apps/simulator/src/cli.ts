import { parseArgs } from 'node:util';
import { GAMMAS, type TGamma } from '@washboard/contracts';
import { readCredentials } from './credentials';
import { Fleet, type TFleetMember } from './fleet';
import { createRandom, seedFrom } from './random';

const HELP = `Virtual dishwashers speaking the Washboard device protocol over MQTT.

  npm run simulate -- --devices N --broker mqtt://host:port --credentials file.json [options]

  --devices N              machines to run (default: all in --credentials, else 1)
  --broker URL             MQTT broker (default mqtt://localhost:1883)
  --credentials FILE       JSON list of {serialNumber, deviceSecret[, gamma]} from the product API;
                           without it, serials SIM-00001… connect with no password (open brokers)
  --serial-prefix TEXT     serial prefix when no credentials are given (default SIM)
  --gamma G                infinity | hiline | prime | ge | mixed (default infinity, or per credential)
  --speed X                machine seconds per real second (default 1)
  --telemetry-interval S   real seconds between telemetry messages (default 10)
  --telemetry-qos 0|1      QoS of telemetry (default 0; 1 for benchmarks that count messages)
  --cycles-per-hour N      cycles each machine starts on its own, machine time (default 6)
  --alarms-per-hour N      random alarms per machine, machine time (default 0.02)
  --initial-state S        idle (hot and ready, default) | off (cold, powers on after a while)
  --history                give machines lived-in lifetime counters
  --seed N                 replay the same fleet
  --tick-ms N              real ms between two beats of the fleet (default 500)
  --connect-concurrency N  connections opened at once (default 100)
  --duration S             leave after S real seconds (default: run until Ctrl-C)
  --quiet                  no progress lines
`;

function number(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`--${name}: expected a number ≥ 0, got ${value}`);
  return parsed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string' },
      broker: { type: 'string', default: 'mqtt://localhost:1883' },
      credentials: { type: 'string' },
      'serial-prefix': { type: 'string', default: 'SIM' },
      gamma: { type: 'string' },
      speed: { type: 'string' },
      'telemetry-interval': { type: 'string' },
      'telemetry-qos': { type: 'string' },
      'cycles-per-hour': { type: 'string' },
      'alarms-per-hour': { type: 'string' },
      'initial-state': { type: 'string', default: 'idle' },
      history: { type: 'boolean', default: false },
      seed: { type: 'string' },
      'tick-ms': { type: 'string' },
      'connect-concurrency': { type: 'string' },
      duration: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }

  const gammaOption = values.gamma;
  if (gammaOption !== undefined && gammaOption !== 'mixed' && !(GAMMAS as readonly string[]).includes(gammaOption)) {
    throw new Error(`--gamma: expected ${GAMMAS.join(', ')} or mixed, got ${gammaOption}`);
  }
  const telemetryQos = number(values['telemetry-qos'], 'telemetry-qos', 0);
  if (telemetryQos !== 0 && telemetryQos !== 1) throw new Error('--telemetry-qos: 0 or 1');
  const initialStateOption = values['initial-state'];
  if (initialStateOption !== 'idle' && initialStateOption !== 'off') throw new Error('--initial-state: idle or off');
  const initialState = initialStateOption === 'off' ? 'OFF' : 'IDLE';
  const seed = values.seed === undefined ? undefined : number(values.seed, 'seed', 0);

  let members: TFleetMember[];
  if (values.credentials) {
    members = await readCredentials(values.credentials);
    const wanted = values.devices === undefined ? members.length : number(values.devices, 'devices', 0);
    if (wanted > members.length)
      throw new Error(`--devices ${wanted}: only ${members.length} credentials in ${values.credentials}`);
    members = members.slice(0, wanted);
  } else {
    const count = number(values.devices, 'devices', 1);
    const width = Math.max(5, String(count).length);
    members = Array.from({ length: count }, (_, i) => ({
      serial: `${values['serial-prefix']}-${String(i + 1).padStart(width, '0')}`,
    }));
  }

  const random = createRandom(seedFrom(seed ?? Date.now(), 'cli'));
  members = members.map((member, i) => ({
    ...member,
    gamma: gammaOption === 'mixed' ? GAMMAS[i % GAMMAS.length] : ((gammaOption as TGamma | undefined) ?? member.gamma),
    initialCycles: values.history ? random.int(0, 6000) : undefined,
  }));

  const fleet = new Fleet({
    broker: values.broker,
    speed: number(values.speed, 'speed', 1),
    tickMs: number(values['tick-ms'], 'tick-ms', 500),
    seed,
    telemetryIntervalSeconds: number(values['telemetry-interval'], 'telemetry-interval', 10),
    activity: {
      cyclesPerHour: number(values['cycles-per-hour'], 'cycles-per-hour', 6),
      alarmsPerHour: number(values['alarms-per-hour'], 'alarms-per-hour', 0.02),
    },
    initialState,
    mqtt: { telemetryQos },
    connectConcurrency: number(values['connect-concurrency'], 'connect-concurrency', 100),
  });
  for (const member of members) fleet.add(member);

  const started = Date.now();
  let lastSent = 0;
  let lastAt = started;
  const progress = setInterval(() => {
    if (values.quiet) return;
    const now = Date.now();
    const c = fleet.counters();
    const rate = ((c.sent - lastSent) * 1000) / Math.max(1, now - lastAt);
    lastSent = c.sent;
    lastAt = now;
    console.log(
      `[simulate] ${Math.round((now - started) / 1000)}s machines=${c.machines} connected=${c.connected} ` +
        `sent=${c.sent} (${rate.toFixed(0)} msg/s) outbox=${c.outbox}`,
    );
  }, 10_000);

  // Ctrl-C: every machine leaves properly (retained status offline), which takes a moment for thousands.
  let stopping = false;
  const stop = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    clearInterval(progress);
    await fleet.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  fleet.start();
  console.log(`[simulate] ${fleet.size} machines → ${values.broker} (speed ×${number(values.speed, 'speed', 1)})`);
  const report = await fleet.connectAll();
  console.log(`[simulate] connected ${report.connected}/${fleet.size} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  for (const failure of report.failed.slice(0, 10)) console.error(`[simulate] ${failure.error.message}`);
  if (report.failed.length > 10) console.error(`[simulate] … and ${report.failed.length - 10} more failures`);

  if (values.duration !== undefined) {
    setTimeout(() => void stop(0), number(values.duration, 'duration', 0) * 1000);
  }
}

main().catch((error: unknown) => {
  console.error(`[simulate] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
