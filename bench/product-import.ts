import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PRODUCT_IMPORT_COLUMNS, type TProductImportResponse } from '@washboard/contracts';
import mqtt from 'mqtt';
import { createWashboard } from '../apps/server/src/app';
import { scratchPostgres, testConfig, testServerOf } from '../apps/server/test/harness';
import { startMosquitto } from '../apps/server/test/mosquitto';
import { signIn } from '../apps/server/test/accounts';
import type { TResult } from './device-link';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
/**
 * Rows of the run with dynamic security: Mosquitto 2.0 rewrites its whole dynamic-security file after
 * each command, so each device identity costs more the more it knows (about 45 ms each at 200
 * devices on the 2-core machine): 10,000 would take hours (docs/benchmarks.md, "Product import").
 * It states that cost (INFO); a fleet imported in bulk behind Mosquitto uses the device plugin,
 * whose run is the budget's.
 */
const MOSQUITTO_ROWS = Number(process.env.BENCH_IMPORT_MOSQUITTO_ROWS ?? 200);
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { email: 'bench-admin@washboard.test', password: 'Bench-Adm1n-Passw0rd' };
/** The target: the whole import ÷ one COPY of the same rows. */
const LIMIT = 5;

/** The untimed import before the timed one. */
const WARM_UP_ROWS = 200;

const COPY_COLUMNS = 'serial_number, brand, model_number, revision, gamma, type, rating_power, fw00, fw02, secret_hash, country';

/** `ROWS` products as a factory's file: every column of the template, a serial number of this run each. */
function productFile(run: string, rows: number): { csv: string; copy: string } {
  const csv = [PRODUCT_IMPORT_COLUMNS.join(',')];
  const copy: string[] = [];
  for (let i = 0; i < rows; i += 1) {
    const serial = `BENCH${run}${String(i).padStart(6, '0')}`;
    csv.push(`${serial},WB-500,1.0.${i % 10},2.0.0,infinity,M3,A,undercounter,IT`);
    // The same row as the import stores it, with a hash-sized secret column.
    copy.push(`${serial}\tLUMINA\tWB-500\tA\tinfinity\tundercounter\tM3\t1.0.${i % 10}\t2.0.0\t${'0'.repeat(64)}\tIT`);
  }
  return { csv: `${csv.join('\n')}\n`, copy: `${copy.join('\n')}\n` };
}

type TRun = { importMs: number; copyMs: number };

/**
 * One run on a fresh database (and broker): after an untimed import of `WARM_UP_ROWS`, the import
 * of `ROWS` products through the API, as the web app sends it (the CSV, every row validated,
 * secrets made and hashed, products, state rows and the import's audit record written, broker
 * identities provisioned, the secrets answered), timed at the client; then three COPYs of the same
 * rows (without the import's id), each into an empty table shaped like
 * `appliances` (its primary key and indexes), timed alone on the same database: their median.
 */
type TSetting = { engine: 'postgres' | 'pglite'; broker: 'aedes' | 'mosquitto' | 'mosquitto-plugin'; rows: number };

async function oneRun({ engine, broker, rows }: TSetting, run: number): Promise<TRun> {
  const database = engine === 'postgres' ? await scratchPostgres(POSTGRES, 'wb_bench') : undefined;
  const dataDir = engine === 'pglite' ? await mkdtemp(path.join(os.tmpdir(), 'wb-import-')) : undefined;
  // `mosquitto-plugin`: deploy/mosquitto/washboard-auth reads the products' hashes from the database.
  const mosquitto =
    broker === 'aedes' ? undefined : await startMosquitto(broker === 'mosquitto-plugin' ? { deviceDatabase: database?.url } : {});
  try {
    const washboard = await createWashboard(
      testConfig({
        ...(database ? { DATABASE_URL: database.url, DATA_DIR: 'memory://' } : { DATA_DIR: dataDir ?? '' }),
        ...(mosquitto ? { MQTT_URL: mosquitto.serverUrl } : {}),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      }),
    );
    try {
      const server = testServerOf(washboard, await washboard.listen(), mosquitto?.deviceUrl ?? '');
      const { headers } = await signIn(server, ADMIN.email, ADMIN.password);
      const importFile = async (csv: string, count: number) => {
        const res = await server.api('/api/v1/appliance/products/import', {
          method: 'POST',
          body: csv,
          headers: { ...headers, 'content-type': 'text/csv' },
        });
        const answer = (await res.json()) as TProductImportResponse;
        if (res.status !== 200 || answer.imported !== count)
          throw new Error(`import answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
        return answer;
      };
      // A small import first, untimed: the timed one then meets the server's code compiled and the
      // new database's catalogue cached, as the COPY after it does (the first import of a fresh
      // server and database took 1.2–1.5 × as long as the next).
      await importFile(productFile(`W${run}`, WARM_UP_ROWS).csv, WARM_UP_ROWS);
      const file = productFile(`${run}`, rows);
      const started = performance.now();
      const { products } = await importFile(file.csv, rows);
      const importMs = performance.now() - started;
      // Untimed: the broker lets the last imported machine in with its secret.
      const last = products.at(-1);
      if (!last) throw new Error('the import answered no product');
      const deviceUrl = mosquitto?.deviceUrl ?? `mqtt://127.0.0.1:${washboard.broker.port ?? 0}`;
      const device = await mqtt.connectAsync(deviceUrl, {
        clientId: last.serialNumber,
        username: last.serialNumber,
        password: last.deviceSecret,
        reconnectPeriod: 0,
      });
      await device.endAsync();

      // The baseline is the median of three COPYs, each into a fresh table: one COPY alone wandered
      // by a factor of two on PGlite (113–265 ms), which lives in this process with the import's garbage.
      const copies: number[] = [];
      for (const table of ['copy_baseline_1', 'copy_baseline_2', 'copy_baseline_3']) {
        await washboard.database.transaction((sql) => sql.query(`CREATE TABLE ${table} (LIKE appliances INCLUDING ALL)`));
        const copyStarted = performance.now();
        await washboard.database.transaction((sql) => sql.copyFrom(`COPY ${table} (${COPY_COLUMNS}) FROM STDIN`, file.copy));
        copies.push(performance.now() - copyStarted);
      }
      const copyMs = [...copies].sort((a, b) => a - b)[1] ?? 0;
      return { importMs, copyMs };
    } finally {
      await washboard.close();
    }
  } finally {
    await mosquitto?.stop();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

async function importRatio(setting: TSetting): Promise<TResult> {
  const runs: TRun[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await oneRun(setting, i));
  const ratios = runs.map((r) => r.importMs / r.copyMs);
  const sorted = [...ratios].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const names = {
    postgres: 'PostgreSQL',
    pglite: 'PGlite',
    aedes: 'embedded aedes',
    mosquitto: 'Mosquitto (dynamic security)',
    'mosquitto-plugin': 'Mosquitto (Washboard device plugin)',
  };
  return {
    name: `product import of ${setting.rows.toLocaleString('en')} rows, ${names[setting.engine]} + ${names[setting.broker]}: import ÷ one COPY of the same rows (median of ${RUNS})`,
    figure: median,
    unit: '×',
    limit: LIMIT,
    better: 'lower',
    informative: setting.broker === 'mosquitto',
    note:
      `runs ${ratios.map((r) => r.toFixed(2)).join(', ')} (spread ${(sorted[0] ?? 0).toFixed(2)}–${(sorted.at(-1) ?? 0).toFixed(2)}); ` +
      `import ${runs.map((r) => Math.round(r.importMs)).join(', ')} ms, COPY ${runs.map((r) => Math.round(r.copyMs)).join(', ')} ms`,
  };
}

/** PGlite with the embedded broker, which asks the server at each connection: the stored hash is the identity. */
export const productImportPglite = () => importRatio({ engine: 'pglite', broker: 'aedes', rows: ROWS });
/** PostgreSQL with the embedded broker. */
export const productImportPostgres = () => importRatio({ engine: 'postgres', broker: 'aedes', rows: ROWS });
/** PostgreSQL with Mosquitto: each product's broker identity is created over dynamic security. */
export const productImportMosquitto = () => importRatio({ engine: 'postgres', broker: 'mosquitto', rows: MOSQUITTO_ROWS });
/** PostgreSQL with Mosquitto and the device plugin (`deviceAuth=plugin`): the stored hash is the identity. */
export const productImportMosquittoPlugin = () => importRatio({ engine: 'postgres', broker: 'mosquitto-plugin', rows: ROWS });
