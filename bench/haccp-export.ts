import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { foodCodeClassFor, hygieneRuleFor, type TCycleType } from '@washboard/contracts';
import { openDatabase } from '../apps/server/src/db/database';
import {
  renderAlarmsReport,
  renderEventsReport,
  type THaccpReportAlarm,
  type THaccpReportContext,
  type THaccpReportEvent,
} from '../apps/server/src/haccp/haccp-report';
import { benchServer, owner, provision, type THeaders } from './device-load';
import type { TResult } from './device-link';
import { otherRequests, otherRequestsP99 } from './other-requests';

const CYCLES = Number(process.env.BENCH_HACCP_CYCLES ?? 20_000);
const ALARMS = Number(process.env.BENCH_HACCP_ALARMS ?? 3_000);
const YEAR = 2026;
/** Rounds of (export call, render from memory), interleaved; each figure is the median. */
const ROUNDS = 3;
/** Concurrent loops calling lastTelemetry while the export runs. */
const PROBES = 4;

const CYCLE_NAMES: TCycleType[] = ['dishes', 'glasses', 'intensive', 'fast', 'eco', 'medium'];
const ALARM_CODES = ['OH01', 'W03', 'W04', 'T17', 'AN01', 'HW09', 'W01'];

/** A technician's correction of a record made at `at`, the next day. */
function correction(at: number): THaccpReportEvent['corrections'][number] {
  const createdAt = new Date(at + 86_400_000).toISOString();
  return {
    id: randomUUID(),
    note: 'Rinse probe checked against a reference thermometer: 84.0 °C.',
    authorName: 'Luca Bianchi',
    createdAt,
  };
}

/** One machine's year: cycles spread over 2026 (about 55 a day), every 40th with a cold rinse; alarms likewise. */
function year(): { events: THaccpReportEvent[]; alarms: THaccpReportAlarm[] } {
  const start = Date.UTC(YEAR, 0, 1, 6);
  const span = Date.UTC(YEAR, 11, 31, 20) - start;
  const events = Array.from({ length: CYCLES }, (_, i): THaccpReportEvent => {
    const at = start + Math.floor((i * span) / CYCLES);
    return {
      kind: 'cycle',
      cycleName: CYCLE_NAMES[i % CYCLE_NAMES.length] ?? 'dishes',
      start: new Date(at),
      stop: new Date(at + 150_000),
      completed: i % 97 !== 0,
      measurements: {
        washMinTmp: 585,
        washMaxTmp: 605 + (i % 20),
        rinseMinTmp: 790,
        rinseMaxTmp: i % 40 === 0 ? 805 : 830 + (i % 25),
        rinseWaterVlm: 30,
      },
      // Every 40th rinse is cold: its heat dose falls short of 3,600 HUE as well.
      heatDose: { hue: i % 40 === 0 ? 3100 : 9000 + (i % 500), a0: i % 40 === 0 ? 6.2 : 12.5, seconds: 15 },
      parameterName: null,
      oldValue: null,
      newValue: null,
      chainSeq: i + 1,
      chainHash: (i + 1).toString(16).padStart(64, '0'),
      // Now and then a correction, a late delivery or another version, printed under its row.
      corrections: i % 500 === 0 ? [correction(at)] : [],
      chainLate: i % 300 === 0,
      chainCarrier: i % 600 === 0 ? 'Luca Bianchi' : null,
      otherVersions: i % 1000 === 0 ? [{ carriedBy: null, receivedAt: new Date(at + 3_600_000).toISOString() }] : [],
    };
  });
  const alarms = Array.from({ length: ALARMS }, (_, i): THaccpReportAlarm => {
    const at = start + Math.floor((i * span) / ALARMS) + 1_234_000;
    return {
      errorCode: ALARM_CODES[i % ALARM_CODES.length] ?? 'OH01',
      startDate: new Date(at),
      stopDate: i === ALARMS - 1 ? null : new Date(at + 600_000),
      // Half acknowledged, so the report's widest column is drawn as in use.
      acknowledgedAt: i % 2 === 0 ? new Date(at + 60_000) : null,
      acknowledgedByName: i % 2 === 0 ? 'Maria Rossi' : null,
      corrections: i % 100 === 0 ? [correction(at)] : [],
      chainSeq: CYCLES + i + 1,
      chainHash: (CYCLES + i + 1).toString(16).padStart(64, '0'),
      chainLate: i % 50 === 0,
      chainCarrier: null,
      otherVersions: [],
    };
  });
  return { events, alarms };
}

/** Seeds the rows straight into the server's (stopped) PGlite data directory, 1,000 rows a statement. */
async function seed(dataDir: string, serial: string, events: THaccpReportEvent[], alarms: THaccpReportAlarm[]) {
  const database = await openDatabase({ dataDir });
  try {
    await database.transaction(async (sql) => {
      for (let i = 0; i < events.length; i += 1000) {
        const chunk = events.slice(i, i + 1000);
        const params: unknown[] = [];
        const values = chunk.map((e, k) => {
          params.push(
            randomUUID(),
            e.cycleName,
            i + k + 1,
            e.start.toISOString(),
            e.stop.toISOString(),
            e.completed,
            JSON.stringify(e.measurements),
            JSON.stringify(e.heatDose),
          );
          const p = k * 8;
          return `($1, $${p + 2}, 'cycle', $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, $${p + 7}, $${p + 8}::jsonb, $${p + 9}::jsonb)`;
        });
        await sql.query(
          `INSERT INTO haccp_events (serial_number, id, kind, cycle_name, cycle_number, start, stop, completed, measurements, heat_dose) VALUES ${values.join(',')}`,
          [serial, ...params],
        );
      }
      for (let i = 0; i < alarms.length; i += 1000) {
        const chunk = alarms.slice(i, i + 1000);
        const params: unknown[] = [];
        const values = chunk.map((a, k) => {
          params.push(randomUUID(), a.errorCode, a.startDate.toISOString(), a.stopDate?.toISOString() ?? null);
          const p = k * 4;
          return `($1, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5})`;
        });
        await sql.query(`INSERT INTO alarms (serial_number, id, error_code, start_date, stop_date) VALUES ${values.join(',')}`, [
          serial,
          ...params,
        ]);
      }
    });
  } finally {
    await database.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Times a GET that answers a file, reading the whole body. */
async function download(url: string, headers: THeaders): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { ...headers, 'accept-language': 'en' } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  const bytes = (await res.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, bytes };
}

/**
 * HACCP export of one machine's full year (20,000 cycles, 3,000 alarms) from the built server in its
 * own process: the time of the two export calls (events and alarms PDFs) ÷ the time the same
 * renderer takes for the same rows from memory in this process, measured in the same run (target
 * ≤ 1.5). Then the export again while four loops call lastTelemetry (each waiting 20 ms between
 * calls): their p99 must stay ≤ 50 ms. Rounds interleave the three; figures are medians.
 */
export async function haccpExport(): Promise<TResult[]> {
  const { events, alarms } = year();
  const first = await benchServer({}, { keepData: true });
  const [product] = await provision(first, 1, 'HACCP');
  if (!product) throw new Error('no product');
  const serial = product.serialNumber;
  await owner(first, 'haccp@washboard.test', 'Bench12345', [product]);
  const dataDir = first.dataDir;
  await first.stop();
  await seed(dataDir, serial, events, alarms);

  const server = await benchServer({}, { dataDir });
  try {
    const user = (await server.signIn('haccp@washboard.test', 'Bench12345')).headers;
    const base = `${server.url}/api/v1/event-hub-listener/event/${serial}`;
    const period = `startDate=${YEAR}-01-01&stopDate=${YEAR}-12-31&timeZone=UTC`;
    const context: THaccpReportContext = {
      lang: 'en',
      brand: 'LUMINA',
      unitSystem: 'metric',
      timeZone: 'UTC',
      machine: {
        name: 'My device',
        serialNumber: serial,
        modelNumber: 'WB-500',
        rangeName: 'Infinity',
        gamma: 'infinity',
        type: 'undercounter',
      },
      from: new Date(`${YEAR}-01-01T00:00:00.000Z`),
      to: new Date(`${YEAR}-12-31T23:59:59.999Z`),
      createdAt: new Date(),
      rule: hygieneRuleFor('undercounter'),
      foodCodeClass: foodCodeClassFor('undercounter'),
      verificationUrl: `${server.url}/device/${serial}/haccp/verification?startDate=${YEAR}-01-01&stopDate=${YEAR}-12-31`,
    };
    // Warm both paths once (JIT, PGlite caches) before measuring.
    await download(`${base}/alarms/export?${period}`, user);
    await renderAlarmsReport(context, alarms);

    const exports: number[] = [];
    const loadedExports: number[] = [];
    const renders: number[] = [];
    const latencies: number[] = [];
    let bytes = 0;
    const exportBoth = async () => {
      const eventsPdf = await download(`${base}/events/export?${period}`, user);
      const alarmsPdf = await download(`${base}/alarms/export?${period}`, user);
      bytes = eventsPdf.bytes + alarmsPdf.bytes;
      return eventsPdf.ms + alarmsPdf.ms;
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      // The ratio: the export calls alone, then the same rows rendered from memory here.
      exports.push(await exportBoth());
      const started = performance.now();
      await renderEventsReport(context, events);
      await renderAlarmsReport(context, alarms);
      renders.push(performance.now() - started);

      // Responsiveness: the export again, with other requests arriving all along.
      const others = otherRequests(PROBES, () => fetch(`${base}/lastTelemetry`, { headers: user }));
      loadedExports.push(await exportBoth());
      await others.stop();
      if (others.refused.length > 0) throw new Error(`other requests failed: ${others.refused.slice(0, 3).join('; ')}`);
      latencies.push(...others.latencies);
    }
    const exportMs = median(exports);
    const renderMs = median(renders);
    return [
      {
        name: `HACCP export of a year (${CYCLES} cycles, ${ALARMS} alarms): export calls ÷ rendering the same rows from memory`,
        figure: exportMs / renderMs,
        unit: '×',
        limit: 1.5,
        better: 'lower',
        note:
          `export ${Math.round(exportMs)} ms (${(bytes / 1e6).toFixed(1)} MB of PDF) ÷ render ${Math.round(renderMs)} ms; ` +
          `medians of ${ROUNDS} rounds; with other requests arriving the export took ${Math.round(median(loadedExports))} ms`,
      },
      otherRequestsP99('HACCP export of a year: p99 of other requests (lastTelemetry) during the export', latencies, PROBES),
    ];
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
