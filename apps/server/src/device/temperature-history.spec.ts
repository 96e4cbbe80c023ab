import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues, type TTelemetryKey, type TTemperatureHistory } from '@washboard/contracts';
import { startTestServer, testBroker, type TTestServer } from '../../test/harness';
import { ADMIN, json, signedInUsers, signIn } from '../../test/accounts';
import { createProduct, deviceShowingCode, eventually, publish } from '../../test/devices';
import { TemperatureHistoryRepository } from './temperature-history.repository';

type THeaders = Record<string, string>;

describe(`GET /api/v1/event-hub-listener/event/{serial}/temperature-history (${testBroker()})`, () => {
  let server: TTestServer;
  let anna: THeaders;
  let bruno: THeaders;
  let serial = '';
  let device: MqttClient;
  // Two hours of telemetry, one row a second, ending a minute ago: boiler 85.0 °C, tank 60.0 °C.
  const end = Date.now() - 60_000;
  const start = end - 2 * 3_600_000;
  // One sample of 119.0 °C between two rows, sent by the machine itself, and one dip to 30.0 °C.
  const peakAt = new Date(start + 3_600_000 + 17_500);
  const dipAt = new Date(start + 1_800_000);

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: testBroker() });
    const admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    [anna, bruno] = await signedInUsers(server, admin, ['anna@kitchen.test', 'bruno@kitchen.test']);
    const product = await createProduct(server, admin, { modelNumber: 'WB-500', gamma: 'infinity', type: 'undercounter' });
    serial = product.serialNumber;
    device = await deviceShowingCode(server, product, '271828');
    await new Promise((r) => setTimeout(r, testBroker() === 'embedded' ? 0 : 300));
    const claimed = await server.api('/api/v1/appliance/claim', json({ activationCode: '271828', serialNumber: serial }, anna));
    expect(claimed.status).toBe(200);

    await server.washboard.database.transaction(async (sql) => {
      await sql.query(
        `insert into telemetry (serial_number, ts, boiler_tmp, tank_tmp, boiler_vlm)
         select $1, $2::timestamptz + make_interval(secs => g), case when g = 1800 then 300 else 850 end, 600, 120
         from generate_series(0, 7199) g`,
        [serial, new Date(start).toISOString()],
      );
      await sql.query(
        `insert into haccp_events (serial_number, id, kind, cycle_name, start, stop, completed, measurements)
         values ($1, $2, 'cycle', 'dishes', $3, $4, true, '{"washMinTmp":600,"washMaxTmp":620,"rinseMinTmp":800,"rinseMaxTmp":850}')`,
        [serial, randomUUID(), new Date(end - 600_000).toISOString(), new Date(end - 450_000).toISOString()],
      );
    });
    await publish(device, serial, 'telemetry', { ts: peakAt.toISOString(), boilerTmp: 1190, tankTmp: 610 });
    await eventually(async () => {
      const res = await server.washboard.database.transaction((sql) =>
        sql.query('select 1 from telemetry where serial_number = $1 and ts = $2', [serial, peakAt.toISOString()]),
      );
      return res.rows.length > 0;
    });
  });
  afterAll(async () => {
    await device.endAsync(true);
    await server.close();
  });

  const history = async (query: string, headers = anna) =>
    server.api(`/api/v1/event-hub-listener/event/${serial}/temperature-history?${query}`, { headers });

  it('keeps a single-sample peak and dip of a day through downsampling to 100 buckets', async () => {
    const res = await history('period=day&buckets=100');
    expect(res.status).toBe(200);
    const body = (await res.json()) as TTemperatureHistory;
    expect(body.bucketSeconds).toBe(864);
    expect(body.buckets.length).toBeLessThanOrEqual(100);
    // Two hours of a day's 100 buckets: 9 or 10 buckets hold data.
    expect(body.buckets.length).toBeGreaterThanOrEqual(9);
    expect(body.fields).toEqual(expect.arrayContaining(['boilerTmp', 'tankTmp', 'waterTmp', 'boilerVlm']));
    const holding = (at: Date) =>
      body.buckets.find((b) => Date.parse(b.t) <= at.getTime() && at.getTime() < Date.parse(b.t) + body.bucketSeconds * 1000);
    expect(holding(peakAt)?.max.boilerTmp).toBe(1190);
    expect(holding(peakAt)?.min.boilerTmp).toBe(850);
    expect(holding(dipAt)?.min.boilerTmp).toBe(300);
    expect(Math.max(...body.buckets.map((b) => b.max.boilerTmp ?? 0))).toBe(1190);
    expect(holding(peakAt)?.max.tankTmp).toBe(610);
    expect(body.cycles).toHaveLength(1);
  });

  it('draws the last cycle with a minute either side, second by second', async () => {
    const res = await history('period=lastCycle&buckets=1000');
    const body = (await res.json()) as TTemperatureHistory;
    expect(body.from).toBe(new Date(end - 660_000).toISOString());
    expect(body.to).toBe(new Date(end - 390_000).toISOString());
    expect(body.bucketSeconds).toBe(1);
    expect(body.buckets).toHaveLength(270);
    expect(body.cycles).toEqual([
      { start: new Date(end - 600_000).toISOString(), stop: new Date(end - 450_000).toISOString(), cycleName: 'dishes' },
    ]);
  });

  it('shades a month of a busy kitchen up to its newest cycle, cycles closer than a bucket as one band', async () => {
    // 6,000 cycles of 45 s, one a minute, from six days ago: more than a chart of 1,000 buckets can
    // tell apart, and more than the 5,000 rows once answered oldest first, which left out the newest.
    const first = end - 6 * 86_400_000;
    await server.washboard.database.transaction((sql) =>
      sql.query(
        `insert into haccp_events (serial_number, id, kind, cycle_name, start, stop, completed, measurements)
         select $1, gen_random_uuid(), 'cycle', 'dishes', $2::timestamptz + make_interval(mins => g),
           $2::timestamptz + make_interval(mins => g, secs => 45), true, '{}'
         from generate_series(0, 5999) g`,
        [serial, new Date(first).toISOString()],
      ),
    );
    const res = await history('period=week&buckets=1000');
    const body = (await res.json()) as TTemperatureHistory;
    expect(body.cycles).toEqual([
      { start: new Date(first).toISOString(), stop: new Date(first + 5999 * 60_000 + 45_000).toISOString(), cycleName: null },
      { start: new Date(end - 600_000).toISOString(), stop: new Date(end - 450_000).toISOString(), cycleName: 'dishes' },
    ]);
  });

  it("refuses another kitchen's machine", async () => {
    const res = await history('period=day', bruno);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('APPLIANCE_NOT_FOUND');
  });

  it('refuses an unknown period or too many buckets with a translated message', async () => {
    const period = await history('period=year');
    expect(period.status).toBe(400);
    const tooMany = await server.api(`/api/v1/event-hub-listener/event/${serial}/temperature-history?buckets=5000`, {
      headers: { ...anna, 'accept-language': 'de' },
    });
    expect(tooMany.status).toBe(400);
    const body = (await tooMany.json()) as { code: string; message: string };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toContain(catalogues.de.apiErrors.VALIDATION_FAILED);
  });

  describe('GET …/telemetry/export.csv', () => {
    const day = (at: number) => new Date(at).toISOString().slice(0, 10);
    const exportCsv = (query: Record<string, string>, headers = anna) =>
      server.api(`/api/v1/event-hub-listener/event/${serial}/telemetry/export.csv?${new URLSearchParams(query)}`, { headers });
    const rowsOf = (text: string) =>
      text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')
        .map((line) => line.split(','));

    it('exports every row of the period, oldest first, in the machine’s units, with the units in the header', async () => {
      const res = await exportCsv({ startDate: day(start), stopDate: day(end) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(res.headers.get('content-disposition')).toContain(`telemetry_${serial}_${day(start)}_${day(end)}.csv`);
      const [header, ...rows] = rowsOf(await res.text());
      expect(header).toEqual([
        'time',
        'boiler_tmp_c',
        'tank_tmp_c',
        'water_tmp_c',
        'boiler_vlm_l',
        'tank_vlm_l',
        'rinse_water_vlm_l',
        'rinse_water_flow_rate_l_per_h',
        'cycle_time_progress_s',
        'cycle_time_duration_s',
      ]);
      // 7,200 inserted rows and the one the machine sent, across more than one page of the export.
      expect(rows).toHaveLength(7201);
      const times = rows.map((r) => Date.parse(r[0] ?? ''));
      expect(times.every((t, i) => i === 0 || t > (times[i - 1] ?? 0))).toBe(true);
      expect(rows[0]).toEqual([new Date(start).toISOString(), '85', '60', '', '12', '', '', '', '', '']);
      expect(rows.find((r) => r[0] === peakAt.toISOString())?.slice(1, 3)).toEqual(['119', '61']);
      expect(rows.find((r) => r[0] === dipAt.toISOString())?.[1]).toBe('30');
    });

    it('converts to °F and US gallons when asked for the imperial units', async () => {
      const res = await exportCsv({ startDate: day(start), stopDate: day(end), unitSystem: 'imperial' });
      const [header, first] = rowsOf(await res.text());
      expect(header?.slice(1, 5)).toEqual(['boiler_tmp_f', 'tank_tmp_f', 'water_tmp_f', 'boiler_vlm_gal']);
      // 85 °C = 185 °F, 60 °C = 140 °F, 12 l = 3.17 gal.
      expect(first?.slice(1, 5)).toEqual(['185', '140', '', '3.17']);
    });

    it('refuses a period of more than 31 days, another kitchen’s machine and a caller without a token', async () => {
      const long = await server.api(
        `/api/v1/event-hub-listener/event/${serial}/telemetry/export.csv?startDate=2026-01-01&stopDate=2026-02-01`,
        { headers: { ...anna, 'accept-language': 'fr' } },
      );
      expect(long.status).toBe(400);
      const body = (await long.json()) as { code: string; message: string };
      expect(body.code).toBe('TELEMETRY_PERIOD_TOO_LONG');
      expect(body.message).toBe(catalogues.fr.apiErrors.TELEMETRY_PERIOD_TOO_LONG.replace('{{days}}', '31'));
      // 31 whole days are exported.
      expect((await exportCsv({ startDate: '2026-01-01', stopDate: '2026-01-31' })).status).toBe(200);
      const other = await exportCsv({ startDate: day(start), stopDate: day(end) }, bruno);
      expect(other.status).toBe(404);
      expect(((await other.json()) as { code: string }).code).toBe('APPLIANCE_NOT_FOUND');
      const reversed = await exportCsv({ startDate: day(end + 86_400_000), stopDate: day(start) });
      expect(reversed.status).toBe(400);
      expect(((await reversed.json()) as { code: string }).code).toBe('INVALID_DATE_RANGE');
      const anonymous = await server.api(
        `/api/v1/event-hub-listener/event/${serial}/telemetry/export.csv?startDate=${day(start)}&stopDate=${day(end)}`,
      );
      expect(anonymous.status).toBe(401);
    });
  });

  // Last: it sends more telemetry, which the tests above do not expect.
  it('reads a week from the per-minute roll-up: the same buckets as the raw rows, and what came since', async () => {
    const repository = new TemperatureHistoryRepository(server.washboard.database.db);
    // Two hours at one row a second: 121 minutes (the last one partly).
    expect(await repository.rollUp()).toBeGreaterThanOrEqual(120);
    const res = await history('period=week&buckets=1000');
    expect(res.status).toBe(200);
    const week = (await res.json()) as TTemperatureHistory;
    // 604.8 s a bucket, in whole minutes: 11 minutes from a whole minute.
    expect(week.bucketSeconds).toBe(660);
    expect(Date.parse(week.from) % 60_000).toBe(0);
    const fields = week.fields as TTelemetryKey[];
    const raw = await repository.buckets(serial, new Date(week.from), new Date(week.to), week.bucketSeconds, fields);
    expect(week.buckets).toEqual(raw.map((b) => ({ t: b.t.toISOString(), min: b.min, max: b.max })));
    expect(Math.max(...week.buckets.map((b) => b.max.boilerTmp ?? 0))).toBe(1190);
    expect(Math.min(...week.buckets.map((b) => b.min.boilerTmp ?? 9999))).toBe(300);

    // A sample sent after the roll-up is drawn at once, from the raw rows.
    const fresh = new Date(Date.now() - 5_000);
    await publish(device, serial, 'telemetry', { ts: fresh.toISOString(), boilerTmp: 1250, tankTmp: 610 });
    await eventually(async () => {
      const again = (await (await history('period=week&buckets=1000')).json()) as TTemperatureHistory;
      return Math.max(...again.buckets.map((b) => b.max.boilerTmp ?? 0)) === 1250;
    });
    // A sample of an instant already rolled up, committed late (within the overlap), is merged into
    // its minute by the next run: nothing else in that minute changes.
    const lastRolled = new Date(end - 30_500);
    await publish(device, serial, 'telemetry', { ts: lastRolled.toISOString(), boilerTmp: 1280, tankTmp: 200 });
    await eventually(async () => {
      const res = await server.washboard.database.transaction((sql) =>
        sql.query('select 1 from telemetry where serial_number = $1 and ts = $2', [serial, lastRolled.toISOString()]),
      );
      return res.rows.length > 0;
    });
    await repository.rollUp();
    const after = (await (await history('period=week&buckets=1000')).json()) as TTemperatureHistory;
    const rawAfter = await repository.buckets(serial, new Date(after.from), new Date(after.to), after.bucketSeconds, fields);
    expect(after.buckets).toEqual(rawAfter.map((b) => ({ t: b.t.toISOString(), min: b.min, max: b.max })));
    expect(Math.min(...after.buckets.map((b) => b.min.tankTmp ?? 9999))).toBe(200);
  });
});
