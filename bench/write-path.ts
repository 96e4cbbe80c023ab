import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import pino from 'pino';
import { openDatabase, type TDatabase } from '../apps/server/src/db/database';
import { DeviceBatcher } from '../apps/server/src/gateway/device-batcher';
import { DeviceMessageRepository } from '../apps/server/src/gateway/device-message.repository';
import { scratchPostgres } from '../apps/server/test/harness';

const ROWS = 200_000;
const MACHINES = 1_000;
const log = pino({ level: 'silent' });

type TRow = {
  serial: string;
  ts: string;
  boilerTmp: number;
  tankTmp: number;
  waterTmp: number;
  boilerVlm: number;
  tankVlm: number;
};

function rows(): TRow[] {
  // Today (UTC midnight): the rows go into today's daily partition, which always exists, as a live
  // machine's do — not into the default partition that catches wrong clocks (docs/retention.md).
  const start = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  return Array.from({ length: ROWS }, (_, i) => ({
    serial: `BENCH${String(i % MACHINES).padStart(5, '0')}`,
    ts: new Date(start + Math.floor(i / MACHINES) * 1000).toISOString(),
    boilerTmp: 820 + (i % 40),
    tankTmp: 600 + (i % 30),
    waterTmp: 150,
    boilerVlm: 120,
    tankVlm: 400,
  }));
}

function tsv(data: TRow[]): string {
  return data
    .map((r) => `${r.serial}\t${r.ts}\t${r.boilerTmp}\t${r.tankTmp}\t${r.waterTmp}\t${r.boilerVlm}\t${r.tankVlm}\n`)
    .join('');
}
const COPY = 'COPY telemetry (serial_number, ts, boiler_tmp, tank_tmp, water_tmp, boiler_vlm, tank_vlm) FROM STDIN';

/**
 * Messages reach the writer as the MQTT socket delivers them: a read of 64 KB holds about 500
 * telemetry messages, handled in one event-loop turn. (Handing all 200,000 over in one turn, as
 * this benchmark first did, leaves nothing to overlap: the first batch is written only after every
 * message was queued, which no broker does.)
 */
const PER_TURN = 500;

async function viaWriter(database: TDatabase, data: TRow[]): Promise<number> {
  const writer = new DeviceBatcher(new DeviceMessageRepository(database), log);
  const started = performance.now();
  // The messages of a batch share its promise: waiting on each distinct one is waiting on all.
  const batches: Promise<void>[] = [];
  for (let i = 0; i < data.length; i += 1) {
    if (i > 0 && i % PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const r = data[i] as TRow;
    const done = writer.writeTelemetry(r.serial, {
      ts: r.ts,
      boilerTmp: r.boilerTmp,
      tankTmp: r.tankTmp,
      waterTmp: r.waterTmp,
      boilerVlm: r.boilerVlm,
      tankVlm: r.tankVlm,
    });
    if (done !== batches.at(-1)) batches.push(done);
  }
  await Promise.all(batches);
  return performance.now() - started;
}

/**
 * Rounds of two writer runs and two COPYs, interleaved; each figure is the median of its rounds.
 * One COPY of the same rows, repeated back to back on this host, took anywhere from 801 to 1,377
 * ms (docs/benchmarks.md), so a round of one run each measured the host as much as the writer.
 */
const ROUNDS = 3;
const LIMIT = 0.9;
const LOWEST = 0.85;

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * One round before the counted ones, printed but not counted: a gateway writes
 * for hours, so its steady rate is what the budget is about, not the first 200,000 messages of a
 * process whose code is not yet compiled (that round's messages took 300–350 ms to hand over
 * against 180–230 ms later, docs/benchmarks.md). The product import's benchmark warms up the same way.
 */
const WARM_UP = 1;

/**
 * The machines exist, as they do for the gateway: each batch then updates their live state rows
 * (newest values, last seen) rather than finding nothing to update.
 */
async function machines(database: TDatabase, data: TRow[]): Promise<void> {
  const serials = [...new Set(data.map((r) => r.serial))];
  await database.transaction(async (sql) => {
    await sql.query(
      `insert into appliances (serial_number, brand, model_number, gamma, rating_power, fw00, fw02, secret_hash, appliance_name)
       select serial, 'LUMINA', 'WB-500', 'infinity', 'M3', '3.2.0', '1.4.1', 'bench', serial from unnest($1::text[]) as serial`,
      [serials],
    );
    await sql.query(`insert into appliance_states (serial_number, online) select unnest($1::text[]), true`, [serials]);
  });
}

async function rounds(database: TDatabase, copy: () => Promise<void>, data: TRow[]) {
  await machines(database, data);
  const writer: number[] = [];
  const copies: number[] = [];
  const ratios: number[] = [];
  const empty = () => database.transaction((sql) => sql.query('TRUNCATE telemetry'));
  const timedCopy = async () => {
    const started = performance.now();
    await copy();
    return performance.now() - started;
  };
  for (let i = 0; i < WARM_UP + ROUNDS; i += 1) {
    // Writer, COPY, COPY, writer: the host's drift within a round weighs on both sides alike.
    const w1 = await viaWriter(database, data);
    await empty();
    const c1 = await timedCopy();
    await empty();
    const c2 = await timedCopy();
    await empty();
    const w2 = await viaWriter(database, data);
    await empty();
    writer.push((w1 + w2) / 2);
    copies.push((c1 + c2) / 2);
    ratios.push((c1 + c2) / (w1 + w2));
  }
  const counted = (values: number[]) => values.slice(WARM_UP);
  return {
    writer: median(counted(writer)),
    copy: median(counted(copies)),
    ratios: counted(ratios),
    warmUp: ratios.slice(0, WARM_UP),
  };
}

/** PostgreSQL server: a fresh database on BENCH_DATABASE_URL (default the machine's `test`). */
async function postgres(data: TRow[]) {
  const scratch = await scratchPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'wb_bench');
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    const text = tsv(data);
    return await rounds(database, () => pipeline(Readable.from([text]), client.query(copyFrom(COPY))), data);
  } finally {
    await client.end();
    await database.close();
    await scratch.drop();
  }
}

/**
 * Embedded PGlite in a data directory, as the server runs it (`DATA_DIR`; not `memory://`, whose
 * in-memory files grow by copying themselves): COPY reads the rows as '/dev/blob'.
 */
async function pglite(data: TRow[]) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wb-write-path-'));
  const database = await openDatabase({ dataDir });
  try {
    const text = tsv(data);
    return await rounds(database, () => database.transaction((sql) => sql.copyFrom(COPY, text)), data);
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The gateway's own insert path (DeviceBatcher and DeviceMessageRepository: batches of up to 16,000 messages, one transaction
 * each, telemetry by COPY into the table, plus the live-state update) for 200,000 telemetry rows of
 * 1,000 machines, against one COPY of the same rows (already in COPY text) into the same emptied
 * table (target ≥ 0.9, no round under 0.85). Median of 3 rounds (two runs of each side), after a warm-up round.
 */
export async function writePath() {
  return report('PostgreSQL', await postgres(rows()));
}

export async function writePathPglite() {
  return report('PGlite', await pglite(rows()));
}

function report(
  engine: string,
  { writer, copy, ratios, warmUp }: { writer: number; copy: number; ratios: number[]; warmUp: number[] },
) {
  return {
    name: `write path: gateway insert ÷ COPY, 200,000 telemetry rows (${engine}; median of ${ROUNDS} rounds, lowest ≥ ${LOWEST})`,
    // A round under LOWEST fails the figure whatever the median.
    figure: Math.min(...ratios) >= LOWEST ? median(ratios) : 0,
    unit: '×',
    limit: LIMIT,
    better: 'higher' as const,
    note:
      `rounds ${ratios.map((r) => r.toFixed(2)).join(', ')} (warm-up ${warmUp.map((r) => r.toFixed(2)).join(', ')}, not counted); gateway ${Math.round(ROWS / (writer / 1000))} rows/s, ` +
      `COPY ${Math.round(ROWS / (copy / 1000))} rows/s (medians); ${PER_TURN} messages per event-loop turn`,
  };
}
