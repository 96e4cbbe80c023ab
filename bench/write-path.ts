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
  const start = Date.UTC(2026, 0, 1);
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

async function viaWriter(database: TDatabase, data: TRow[]): Promise<number> {
  const writer = new DeviceBatcher(new DeviceMessageRepository(database), log);
  const started = performance.now();
  await Promise.all(
    data.map((r) =>
      writer.writeTelemetry(r.serial, {
        ts: r.ts,
        boilerTmp: r.boilerTmp,
        tankTmp: r.tankTmp,
        waterTmp: r.waterTmp,
        boilerVlm: r.boilerVlm,
        tankVlm: r.tankVlm,
      }),
    ),
  );
  return performance.now() - started;
}

/** Rounds of (writer, COPY), interleaved; each figure is the median of its rounds (the machine is shared). */
const ROUNDS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function rounds(database: TDatabase, copy: () => Promise<void>, data: TRow[]) {
  const writer: number[] = [];
  const copies: number[] = [];
  const empty = () => database.transaction((sql) => sql.query('TRUNCATE telemetry'));
  for (let i = 0; i < ROUNDS; i += 1) {
    writer.push(await viaWriter(database, data));
    await empty();
    const started = performance.now();
    await copy();
    copies.push(performance.now() - started);
    await empty();
  }
  return { writer: median(writer), copy: median(copies) };
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

/** Embedded PGlite (in memory): COPY reads the rows as '/dev/blob'. */
async function pglite(data: TRow[]) {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const text = tsv(data);
    return await rounds(database, () => database.transaction((sql) => sql.copyFrom(COPY, text)), data);
  } finally {
    await database.close();
  }
}

/**
 * The gateway's own insert path (DeviceBatcher and DeviceMessageRepository: batches of up to 4,000 messages, one transaction
 * each, telemetry by COPY into the table, plus the live-state update) for 200,000 telemetry rows of
 * 1,000 machines, against one COPY of the same rows (already in COPY text) into the same emptied
 * table (target ≥ 0.8). Median of 3 interleaved rounds each.
 */
export async function writePath() {
  return report('PostgreSQL', await postgres(rows()));
}

export async function writePathPglite() {
  return report('PGlite', await pglite(rows()));
}

function report(engine: string, { writer, copy }: { writer: number; copy: number }) {
  const ratio = copy / writer;
  return {
    name: `write path: gateway insert ÷ COPY, 200,000 telemetry rows (${engine})`,
    figure: ratio,
    unit: '×',
    limit: 0.8,
    better: 'higher' as const,
    note: `gateway ${Math.round(ROWS / (writer / 1000))} rows/s, COPY ${Math.round(ROWS / (copy / 1000))} rows/s; median of ${ROUNDS} rounds`,
  };
}
