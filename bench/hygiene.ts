import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TBrandCode, TLinkRecord, TTemperatureHistory } from '@washboard/contracts';
import { createWashboard } from '../apps/server/src/app';
import { TemperatureHistoryRepository } from '../apps/server/src/device/temperature-history.repository';
import { scratchPostgres, testConfig, testServerOf, type TTestServer } from '../apps/server/test/harness';
import { json, signedInUsers, signIn } from '../apps/server/test/accounts';
import { createProduct } from '../apps/server/test/devices';
import type { TResult } from './device-link';

const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { email: 'bench-admin@washboard.test', password: 'Bench-Adm1n-Passw0rd' };
/** A month at one sample a second. */
const SECONDS = Number(process.env.BENCH_HISTORY_SECONDS ?? 30 * 86_400);
/** History calls timed per engine (the p99 of 60 is their second-highest). */
const CALLS = Number(process.env.BENCH_HISTORY_CALLS ?? 60);
const COUNTS = 3;
const CYCLES = Number(process.env.BENCH_VERIFY_CYCLES ?? 20_000);
const ALARMS = Number(process.env.BENCH_VERIFY_ALARMS ?? 3_000);
const VERIFICATIONS = 5;
/** Samples of each cycle's final-rinse trace (one a second). */
const RINSE_SAMPLES = 20;
const DAY_MS = 86_400_000;

type TEngine = 'pglite' | 'postgres';

/** The nearest-rank `p`th percentile (p in %). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
const median = (values: number[]) => percentile(values, 50);
const spread = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))} ms`;

/** A server on a fresh database of `engine`, in this process, with one machine held by a kitchen manager. */
async function machineServer(engine: TEngine) {
  const database = engine === 'postgres' ? await scratchPostgres(POSTGRES, 'wb_bench') : undefined;
  const dataDir = engine === 'pglite' ? await mkdtemp(path.join(os.tmpdir(), 'wb-hygiene-')) : undefined;
  const washboard = await createWashboard(
    testConfig({
      ...(database ? { DATABASE_URL: database.url, DATA_DIR: 'memory://' } : { DATA_DIR: dataDir ?? '' }),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    }),
  );
  const server: TTestServer = testServerOf(washboard, await washboard.listen(), '');
  const admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
  const product = await createProduct(server, admin, { modelNumber: 'WB-500', gamma: 'infinity', type: 'undercounter' });
  const [user] = await signedInUsers(server, admin, ['hygiene@bench.test']);
  if (!user) throw new Error('no user');
  const claim = await server.api(
    '/api/v1/appliance/claim',
    json({ serialNumber: product.serialNumber, userEmail: 'hygiene@bench.test' }, admin),
  );
  if (claim.status !== 200) throw new Error(`claim: ${claim.status}`);
  const sql = <R>(text: string, params: unknown[] = []) =>
    washboard.database.transaction((q) => q.query<R>(text, params)).then((r) => r.rows);
  const dispose = async () => {
    await server.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  return { server, washboard, serial: product.serialNumber, user, sql, dispose };
}

/** Times `call` `times` times in a row, in ms. */
async function timed(times: number, call: () => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await call();
    ms.push(performance.now() - started);
  }
  return ms;
}

/**
 * Temperature history of a machine's month at one sample a second (2.6 million rows, in their daily
 * partitions), downsampled to 1,000 buckets through the API: p99 of 60 calls ≤ 200 ms, and ≤ 2 × one
 * plain `count(*)` of the same rows, in the same run, on one engine. The rows are written straight
 * into the database and rolled up once by the roll-up job's own statement (timed and printed), as
 * the server's recurring job does.
 */
async function temperatureHistory(engine: TEngine): Promise<TResult[]> {
  const { server, washboard, serial, user, sql, dispose } = await machineServer(engine);
  try {
    const now = Date.now();
    const start = Math.floor((now - SECONDS * 1000) / 1000) * 1000;
    const seeded = performance.now();
    for (let day = Math.floor(start / DAY_MS); day <= Math.floor(now / DAY_MS); day += 1)
      await sql(`select telemetry_ensure_partition($1::date)`, [new Date(day * DAY_MS).toISOString().slice(0, 10)]);
    // A day a statement: boiler 85 °C with a swing, tank 60 °C, a peak of 119 °C once a day.
    for (let from = 0; from < SECONDS; from += 86_400) {
      await sql(
        `insert into telemetry (serial_number, ts, boiler_tmp, tank_tmp, water_tmp, boiler_vlm, tank_vlm, rinse_water_vlm)
         select $1, $2::timestamptz + make_interval(secs => g), case when g % 86400 = 43210 then 1190 else 820 + g % 60 end,
           600 + g % 13, 150, 120 + g % 7, 400, 30
         from generate_series($3::int, $4::int) g`,
        [serial, new Date(start).toISOString(), from, Math.min(SECONDS, from + 86_400) - 1],
      );
    }
    await sql(`update appliance_states set last_seen_at = now() where serial_number = $1`, [serial]);
    const seedMs = performance.now() - seeded;
    const rolling = performance.now();
    const minutes = await new TemperatureHistoryRepository(washboard.database.db).rollUp();
    const rollupMs = performance.now() - rolling;
    await sql('analyze telemetry');
    await sql('analyze telemetry_minutes');

    const url = `/api/v1/event-hub-listener/event/${serial}/temperature-history?period=month&buckets=1000`;
    let buckets = 0;
    const history = async () => {
      const res = await server.api(url, { headers: user });
      if (res.status !== 200) throw new Error(`history: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as TTemperatureHistory;
      buckets = body.buckets.length;
      if (Math.max(...body.buckets.map((b) => b.max.boilerTmp ?? 0)) !== 1190) throw new Error('the daily peak is missing');
    };
    const from = new Date(now - 30 * DAY_MS).toISOString();
    const count = () =>
      sql(`select count(*) from telemetry where serial_number = $1 and ts >= $2::timestamptz and ts < now()`, [serial, from]);
    // Warm both (caches, JIT), then interleave: counts before and after the calls.
    await history();
    await count();
    const counts = await timed(COUNTS, count);
    const calls = await timed(CALLS, history);
    counts.push(...(await timed(COUNTS, count)));
    const p99 = percentile(calls, 99);
    const countMs = median(counts);
    const label = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const note =
      `${CALLS} calls: p50 ${median(calls).toFixed(1)} ms, spread ${spread(calls)}, ${buckets} buckets; ` +
      `count(*) of the ${SECONDS.toLocaleString('en')} rows ${Math.round(countMs)} ms (spread ${spread(counts)}); ` +
      `seeded in ${Math.round(seedMs / 1000)} s, rolled up (${minutes} minutes) in ${Math.round(rollupMs)} ms`;
    return [
      {
        name: `Temperature history, a month at 1 Hz into 1,000 buckets, ${label}: p99`,
        figure: p99,
        unit: 'ms',
        limit: 200,
        better: 'lower',
        note,
      },
      {
        name: `Temperature history, a month at 1 Hz, ${label}: p99 ÷ count(*) of the same rows`,
        figure: p99 / countMs,
        unit: '×',
        limit: 2,
        better: 'lower',
        note: `p99 ${p99.toFixed(1)} ms ÷ count(*) ${countMs.toFixed(1)} ms (median of ${counts.length})`,
      },
    ];
  } finally {
    await dispose();
  }
}

/**
 * Verifying a machine's year of HACCP records (20,000 cycles, 3,000 alarms, chained as the gateway
 * chains them: carried home through the ingestion, as a phone delivers them) through the API:
 * the slowest of 5 verifications ≤ 1 s.
 */
async function verifyYear(engine: TEngine): Promise<TResult> {
  const { server, washboard, serial, user, sql, dispose } = await machineServer(engine);
  try {
    const [carrierRow] = await sql<{ id: string }>(`select id from users where email = 'hygiene@bench.test'`);
    if (!carrierRow) throw new Error('no carrier');
    const now = Date.now();
    const span = 365 * DAY_MS;
    const records: TLinkRecord[] = [];
    for (let i = 0; i < CYCLES; i += 1) {
      const stop = now - span + Math.floor((i * span) / CYCLES) + 150_000;
      records.push({
        n: records.length,
        topic: 'event',
        payload: {
          id: randomUUID(),
          kind: 'cycle',
          cycleName: 'dishes',
          cycleNumber: i + 1,
          start: new Date(stop - 150_000).toISOString(),
          stop: new Date(stop).toISOString(),
          completed: true,
          measurements: { washMinTmp: 580, washMaxTmp: 615, rinseMinTmp: 800, rinseMaxTmp: 848 },
          // A final rinse of 20 s sampled every second, as the machines report it (heat dose).
          rinseTrace: Array.from({ length: RINSE_SAMPLES }, (_, s) => 800 + Math.min(s * 4, 48) - (i % 3)),
        },
      } as TLinkRecord);
      if (i % Math.round(CYCLES / ALARMS) === 0 && records.filter((r) => r.topic === 'alarm').length < ALARMS) {
        records.push({
          n: records.length,
          topic: 'alarm',
          payload: { id: randomUUID(), errorCode: 'OH01', startDate: new Date(stop - 60_000).toISOString(), stopDate: null },
        } as TLinkRecord);
      }
    }
    const carrier = { userId: carrierRow.id, name: 'Bench Carrier' };
    const [machine] = await sql<{ brand: TBrandCode }>('select brand from appliances where serial_number = $1', [serial]);
    if (!machine) throw new Error('no machine');
    const seeded = performance.now();
    for (let i = 0; i < records.length; i += 500) {
      await washboard.ingest.carried({ serial, brand: machine.brand }, records.slice(i, i + 500), carrier);
    }
    const seedMs = performance.now() - seeded;
    const day = (offset: number) => new Date(now + offset * DAY_MS).toISOString().slice(0, 10);
    const url = `/api/v1/event-hub-listener/event/${serial}/haccp/verification?startDate=${day(-364)}&stopDate=${day(0)}`;
    let checked = 0;
    const verify = async () => {
      const res = await server.api(url, { headers: user });
      const body = (await res.json()) as { verified: boolean; checked: number };
      if (res.status !== 200 || !body.verified) throw new Error(`verification: ${res.status} ${JSON.stringify(body)}`);
      checked = body.checked;
    };
    await verify();
    const runs = await timed(VERIFICATIONS, verify);
    return {
      name: `Verifying a machine's year (${CYCLES} cycles, ${ALARMS} alarms), ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}: slowest of ${VERIFICATIONS}`,
      figure: Math.max(...runs),
      unit: 'ms',
      limit: 1000,
      better: 'lower',
      note: `${checked} entries checked; median ${Math.round(median(runs))} ms, spread ${spread(runs)}; chained in ${Math.round(seedMs / 1000)} s`,
    };
  } finally {
    await dispose();
  }
}

export async function temperatureHistoryPglite(): Promise<TResult[]> {
  return temperatureHistory('pglite');
}
export async function temperatureHistoryPostgres(): Promise<TResult[]> {
  return temperatureHistory('postgres');
}
export async function verifyYearPglite(): Promise<TResult> {
  return verifyYear('pglite');
}
export async function verifyYearPostgres(): Promise<TResult> {
  return verifyYear('postgres');
}
