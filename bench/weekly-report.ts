// Issue 16: the weekly report at scale. 10,000 kitchen managers with three machines each and the
// report on, a year of records on PostgreSQL; the scheduler runs on the Monday morning and every
// report is written. Figures: the time until the last report was written ÷ the time to read the
// same rows once (≤ 3), and the p99 of the server's other requests meanwhile (≤ 50 ms).
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fork } from 'node:child_process';
import { constants as perfConstants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createWashboard } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/database';
import { WeeklyReportRepository } from '../apps/server/src/notifications/weekly-report.repository';
import { reportWeek } from '../apps/server/src/notifications/weekly-report-time';
import { cyclesOf } from '../apps/server/src/notifications/weekly-report-figures';
import { migrationsDigest, testConfig, testServerOf } from '../apps/server/test/harness';
import { signIn } from '../apps/server/test/accounts';
import type { TResult } from './device-link';
import { otherRequests, otherRequestsP99 } from './other-requests';
import { cpuSeconds } from './device-load';

const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const USERS = Number(process.env.BENCH_REPORT_USERS ?? 10_000);
const MACHINES_EACH = 3;
/** Washing cycles a machine runs a day in the reported week (as in the HACCP export benchmark). */
const CYCLES_A_DAY = Number(process.env.BENCH_REPORT_CYCLES_A_DAY ?? 55);
/** The Monday morning the scheduler runs (07:10 in Rome): the report covers 16–22 November 2026. */
const NOW = new Date('2026-11-23T06:10:00.000Z');
const ZONE = 'Europe/Rome';
const ADMIN = { email: 'report-admin@washboard.test', password: 'Bench-Adm1n-Passw0rd' };
/** Loops calling lastTelemetry while the reports are written, each waiting 20 ms between calls. */
const PROBES = 4;
/** Machines a read of "the same rows once" asks for in one statement. */
const READ_CHUNK = 1_500;

/**
 * The seed, server-side (generate_series), version-named: a year before the reported week holds
 * one cycle and one counter report a day per machine, an alarm a week and an offline stretch a
 * fortnight; the reported week holds CYCLES_A_DAY cycles a day (every 40th rinsing too cold, every
 * 97th stopped), two alarms (every third machine's second one still open), hourly counter reports
 * and an offline stretch of two hours; each machine's latest telemetry is there too.
 */
function seedStatements(week: { previousStart: Date; start: Date; end: Date }): string[] {
  const start = `'${week.start.toISOString()}'::timestamptz`;
  const yearBefore = `(${start} - interval '51 weeks')`;
  const machines = USERS * MACHINES_EACH;
  const serial = (i: string) => `'WR' || lpad((${i})::text, 6, '0')`;
  const measurements = (k: string) =>
    `jsonb_build_object('washMinTmp', 585, 'washMaxTmp', 605 + (${k}) % 20, 'rinseMinTmp', 790,
       'rinseMaxTmp', case when (${k}) % 40 = 0 then 805 else 830 + (${k}) % 25 end, 'rinseWaterVlm', 30)`;
  return [
    `insert into users (brand, email, password_hash, role, status, first_name, last_name, language, country, weekly_report)
     select case when u % 4 = 0 then 'KESTREL' else 'LUMINA' end, 'report' || u || '@bench.test', 'x', 'KITCHEN_MANAGER',
       'ACTIVE', 'Anna', 'Rossi', (array['it','en','fr','de','es'])[1 + u % 5], 'IT', true
     from generate_series(1, ${USERS}) u`,
    `create temporary table bench_owner as
     select row_number() over (order by email) as n, id, brand from users where email like 'report%@bench.test'`,
    `insert into appliances (serial_number, brand, model_number, gamma, rating_power, fw00, fw02, secret_hash,
       appliance_name, owner_user_id, claimed_at)
     select ${serial('m')}, o.brand, 'WB-500', 'infinity', 'M3', '3.2.0', '1.4.1', 'x', 'Machine ' || m, o.id, now()
     from generate_series(1, ${machines}) m join bench_owner o on o.n = (m - 1) / ${MACHINES_EACH} + 1`,
    `insert into appliance_states (serial_number, parameters)
     select ${serial('m')}, case when m % 10 = 0 then '{"S47": 1}'::jsonb else '{"S47": 0}'::jsonb end
     from generate_series(1, ${machines}) m`,
    // The year before: a cycle a day at noon.
    `insert into haccp_events (serial_number, id, kind, cycle_name, cycle_number, start, stop, completed, measurements)
     select ${serial('m')}, gen_random_uuid(), 'cycle', 'dishes', d, ${yearBefore} + d * interval '1 day' + interval '12 hours',
       ${yearBefore} + d * interval '1 day' + interval '12 hours 150 seconds', true, ${measurements('d')}
     from generate_series(1, ${machines}) m, generate_series(0, 356) d`,
    // The reported week: spread over each day, offset per machine.
    `insert into haccp_events (serial_number, id, kind, cycle_name, cycle_number, start, stop, completed, measurements)
     select ${serial('m')}, gen_random_uuid(), 'cycle', (array['dishes','glasses','intensive','fast','eco','medium'])[1 + k % 6], 1000 + k,
       ${start} + (k * 86400 / ${CYCLES_A_DAY} + m % 600) * interval '1 second',
       ${start} + (k * 86400 / ${CYCLES_A_DAY} + m % 600 + 150) * interval '1 second',
       k % 97 <> 0, ${measurements('k + m')}
     from generate_series(1, ${machines}) m, generate_series(0, ${CYCLES_A_DAY * 7 - 1}) k`,
    `insert into appliance_stats (serial_number, ts, stats)
     select ${serial('m')}, ${yearBefore} + d * interval '1 day',
       jsonb_build_object('totalWater', d * 1200 + m, 'energy', d * 9000 + m, 'cycles', d * 55)
     from generate_series(1, ${machines}) m, generate_series(0, 356) d`,
    `insert into appliance_stats (serial_number, ts, stats)
     select ${serial('m')}, ${start} + h * interval '1 hour',
       jsonb_build_object('totalWater', 357 * 1200 + h * 60 + m, 'energy', 357 * 9000 + h * 400 + m, 'cycles', 357 * 55 + h)
     from generate_series(1, ${machines}) m, generate_series(0, 167) h`,
    `insert into alarms (serial_number, id, error_code, start_date, stop_date)
     select ${serial('m')}, gen_random_uuid(), (array['OH01','W03','W04','T17','AN01'])[1 + w % 5],
       ${yearBefore} + w * interval '1 week' + interval '30 hours', ${yearBefore} + w * interval '1 week' + interval '31 hours'
     from generate_series(1, ${machines}) m, generate_series(0, 50) w`,
    `insert into alarms (serial_number, id, error_code, start_date, stop_date)
     select ${serial('m')}, gen_random_uuid(), case when a = 0 then 'W03' else 'OH01' end,
       ${start} + (20 + a * 60) * interval '1 hour',
       case when a = 1 and m % 3 = 0 then null else ${start} + (21 + a * 60) * interval '1 hour' end
     from generate_series(1, ${machines}) m, generate_series(0, 1) a`,
    `insert into appliance_offline_periods (serial_number, offline_at, online_at)
     select ${serial('m')}, ${yearBefore} + f * interval '2 weeks' + interval '3 hours', ${yearBefore} + f * interval '2 weeks' + interval '5 hours'
     from generate_series(1, ${machines}) m, generate_series(0, 25) f`,
    `insert into appliance_offline_periods (serial_number, offline_at, online_at)
     select ${serial('m')}, ${start} + interval '50 hours', ${start} + interval '52 hours'
     from generate_series(1, ${machines}) m`,
    // The machines' latest telemetry (what the probing requests read).
    `insert into telemetry (serial_number, ts, boiler_tmp, tank_tmp, water_tmp, boiler_vlm, tank_vlm)
     select ${serial('m')}, '${week.end.toISOString()}'::timestamptz - interval '1 minute', 845, 620, 150, 120, 400
     from generate_series(1, ${machines}) m`,
    'analyze',
  ];
}

/**
 * The seeded database, made once per seed and set of migrations and kept on the server
 * (`wb_bench_weekly_<digest>`): seeding takes minutes. A run works on a copy of it.
 */
async function seededTemplate(week: { previousStart: Date; start: Date; end: Date }): Promise<string> {
  const statements = seedStatements(week);
  const digest = createHash('sha256')
    .update(statements.join(';'))
    .update(await migrationsDigest())
    .digest('hex')
    .slice(0, 12);
  const name = `wb_bench_weekly_${digest}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  try {
    if ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount) return name;
    // Earlier seeds (other digests) are dropped: each holds gigabytes.
    for (const row of (
      await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'wb_bench_weekly_%'`)
    ).rows) {
      await admin.query(`drop database if exists ${row.datname} with (force)`);
    }
    const building = `${name}_building`;
    await admin.query(`create database ${building}`);
    const url = urlOf(building);
    const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    await database.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const started = performance.now();
    try {
      for (const statement of statements) {
        const step = performance.now();
        await client.query(statement);
        if (process.env.BENCH_VERBOSE)
          console.log(`seed ${((performance.now() - step) / 1000).toFixed(1)} s: ${statement.slice(0, 60).replace(/\s+/g, ' ')}`);
      }
    } finally {
      await client.end();
    }
    console.log(`weekly report: seeded ${name} in ${((performance.now() - started) / 1000).toFixed(0)} s (kept for later runs)`);
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.end();
  }
}

function urlOf(database: string): string {
  const url = new URL(POSTGRES);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The SMTP server of smtp-sink.ts in its own process: its URL, and what it received so far. */
async function smtpSink() {
  const child = fork(fileURLToPath(new URL('./smtp-sink.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`SMTP server exited with ${code}`)));
  });
  const counted = () =>
    new Promise<{ mails: number; bytes: number; last: number }>((resolve) => {
      child.once('message', resolve);
      child.send({});
    });
  const close = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.disconnect();
    await exited;
  };
  return { url: `smtp://127.0.0.1:${port}`, counted, close };
}

/**
 * This thread's garbage collections while `work` runs: young-generation (scavenges) and the rest;
 * and how late its event loop ran what was due (ms: median, p99, max), which other requests wait for.
 */
async function collectionsDuring<T>(
  work: () => Promise<T>,
): Promise<{ value: T; young: number[]; other: number[]; loopDelay: string }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const young: number[] = [];
  const other: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      (kind === perfConstants.NODE_PERFORMANCE_GC_MINOR ? young : other).push(entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  delay.enable();
  try {
    const value = await work();
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    return {
      value,
      young,
      other,
      loopDelay: `${ms(delay.percentile(50))}, p99 ${ms(delay.percentile(99))}, max ${ms(delay.max)}`,
    };
  } finally {
    delay.disable();
    observer.disconnect();
  }
}

const seconds = (ms: number[]) => (ms.reduce((a, b) => a + b, 0) / 1000).toFixed(1);

/**
 * CPU seconds used so far by the PostgreSQL server's processes on this machine (all of them), with
 * those of the backends that ended: counted in their parent's (the postmaster's) children times once
 * reaped, so the sum only grows (a database copy's backend ending mid-run made it fall).
 */
async function postgresCpuSeconds(): Promise<number> {
  let total = 0;
  for (const pid of (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry))) {
    // A process may end between the listing and the reading.
    const name = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '');
    if (name.trim() !== 'postgres') continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // utime, stime, cutime, cstime: the 12th to the 15th fields after the command name.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += fields.slice(11, 15).reduce((sum, field) => sum + (Number(field) || 0), 0) / 100;
  }
  return total;
}

/** CPU seconds of this process (server, probes), of its main thread alone, and of PostgreSQL while `work` runs. */
async function cpuDuring<T>(work: () => Promise<T>): Promise<{ value: T; node: number; main: number; postgres: number }> {
  // The main thread's task id is the process id.
  const used = async () => [
    await cpuSeconds(process.pid),
    await cpuSeconds(process.pid, process.pid),
    await postgresCpuSeconds(),
  ];
  const before = await used();
  const value = await work();
  const [node, main, postgres] = (await used()).map((after, i) => after - (before[i] ?? 0)) as [number, number, number];
  return { value, node, main, postgres };
}

export async function weeklyReports(): Promise<TResult[]> {
  const week = reportWeek(NOW, ZONE);
  const template = await seededTemplate(week);
  const name = `wb_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  const copyStarted = performance.now();
  await admin.query(`create database ${name} template ${template}`);
  const copySeconds = (performance.now() - copyStarted) / 1000;
  const smtp = await smtpSink();
  const washboard = await createWashboard(
    testConfig({
      DATABASE_URL: urlOf(name),
      DATA_DIR: 'memory://',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://dash.example.test',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    }),
  );
  const server = testServerOf(washboard, await washboard.listen(), '');
  const sql = <R>(text: string, params: unknown[] = []) =>
    washboard.database.transaction((q) => q.query<R>(text, params)).then((r) => r.rows);
  try {
    const headers = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    const serials = (await sql<{ s: string }>(`select serial_number as s from appliances order by 1`)).map((r) => r.s);
    // A machine of the administrator's brand.
    const [probed] = await sql<{ s: string }>(
      `select serial_number as s from appliances where brand = 'LUMINA' order by 1 limit 1`,
    );
    const probeUrl = `/api/v1/event-hub-listener/event/${probed?.s ?? ''}/lastTelemetry`;
    const repository = new WeeklyReportRepository(washboard.database.db);

    /**
     * The same rows the reports read, once: the two statements of a report for all machines,
     * READ_CHUNK at a time, each machine's cycles made into rows as the renderer makes them.
     */
    const readOnce = async () => {
      const started = performance.now();
      let rows = 0;
      for (let i = 0; i < serials.length; i += READ_CHUNK) {
        const chunk = serials.slice(i, i + READ_CHUNK);
        const [machines, cycles] = await Promise.all([
          repository.machines(washboard.database.db, chunk, week),
          repository.cycles(washboard.database.db, chunk, week),
        ]);
        rows += machines.length;
        for (const machine of cycles) rows += cyclesOf(machine.cycles).length;
      }
      return { ms: performance.now() - started, rows };
    };
    await readOnce(); // warm: the first read brings the week's pages into memory
    const {
      value: firstRead,
      young: readYoung,
      other: readOther,
      loopDelay: readLoopDelay,
    } = await collectionsDuring(() => cpuDuring(readOnce));
    const reads = [firstRead.value];

    // The reports, with other requests arriving all along.
    const others = otherRequests(PROBES, () => server.api(probeUrl, { headers }));
    const started = performance.now();
    let queued = 0;
    let scheduled = 0;
    let written = 0;
    const {
      value: writingCpu,
      young,
      other,
      loopDelay,
    } = await collectionsDuring(() =>
      cpuDuring(async () => {
        queued = await washboard.weeklyReports.schedule(NOW);
        scheduled = performance.now();
        const deadline = Date.now() + 3_600_000;
        while (written < USERS && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 250));
          [{ n: written }] = (await sql<{ n: number }>(`select count(*)::int as n from weekly_reports`)) as [{ n: number }];
        }
      }),
    );
    const totalMs = performance.now() - started;
    await others.stop();
    const mailDeadline = Date.now() + 600_000;
    let mailed = await smtp.counted();
    while (mailed.mails < USERS && Date.now() < mailDeadline) {
      await new Promise((r) => setTimeout(r, 250));
      mailed = await smtp.counted();
    }
    const mailedMs = mailed.last - (performance.timeOrigin + started);
    reads.push(await readOnce());
    if (others.refused.length > 0) throw new Error(`other requests failed meanwhile: ${others.refused.slice(0, 3).join('; ')}`);

    const readMs = reads.reduce((n, r) => n + r.ms, 0) / reads.length;
    const rows = reads[0]?.rows ?? 0;
    return [
      {
        name: `Weekly reports for ${USERS} users × ${MACHINES_EACH} machines (a year of records): written ÷ reading the same rows once`,
        figure: totalMs / readMs,
        unit: '×',
        limit: 3,
        better: 'lower',
        note:
          `${written} written of ${queued} queued in ${(totalMs / 1000).toFixed(1)} s (scheduler ${((scheduled - started) / 1000).toFixed(1)} s); ` +
          `reading ${rows} rows once: ${reads.map((r) => (r.ms / 1000).toFixed(1)).join(' and ')} s (before and after); ` +
          `${mailed.mails} mails (${(mailed.bytes / 1e6).toFixed(0)} MB) accepted by an SMTP server in its own process, the last ${(mailedMs / 1000).toFixed(1)} s after the start; ` +
          `CPU: writing ${writingCpu.node.toFixed(0)} s here (server, probes; main thread ${writingCpu.main.toFixed(0)} s) and ${writingCpu.postgres.toFixed(0)} s PostgreSQL, ` +
          `reading once ${firstRead.node.toFixed(0)} s (main thread ${firstRead.main.toFixed(0)} s) and ${firstRead.postgres.toFixed(0)} s; ` +
          `main thread's garbage collection: writing ${young.length} scavenges (${seconds(young)} s) and ${other.length} others (${seconds(other)} s), ` +
          `reading once ${readYoung.length} (${seconds(readYoung)} s) and ${readOther.length} (${seconds(readOther)} s); ` +
          `main thread's event loop late by (ms, resolution 10) ${loopDelay} while writing, ${readLoopDelay} reading once; database copied in ${copySeconds.toFixed(0)} s`,
      },
      otherRequestsP99('Weekly reports: p99 of other requests (lastTelemetry) while they are written', others.latencies, PROBES),
    ];
  } finally {
    await server.close();
    await smtp.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
