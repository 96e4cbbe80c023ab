import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PROFILES, type TApplianceDetail, type TApplianceListPage, type TTemperatureHistory } from '@washboard/contracts';
import { freshDatabase, startTestServer, testConfig, testServerOf, type TTestServer, DEMO_START_MS } from '../../test/harness';
import { createWashboard } from '../app';
import { passwordGrant, signIn } from '../../test/accounts';
import { eventually } from '../../test/devices';
import { settings } from '../db/schema/index';
import { rowsOf } from '../db/rows';

/** The second brand's demo machines (serials are unique across brands). */
const KESTREL_SERIALS = ['KDEMO0001', 'KDEMO0002', 'KDEMO0003', 'KDEMO0004', 'KDEMO0005', 'KDEMO0006'];

describe('demo (DEMO=1)', () => {
  let server: TTestServer;
  let passwords: Record<string, string>;
  let kestrelPasswords: Record<string, string>;
  /** before the demo started: its history reaches a little later, where the live fleet takes over */
  let startedAt: number;

  beforeAll(async () => {
    startedAt = Date.now();
    server = await startTestServer({ DEMO: '1' });
    const [row] = await server.washboard.database.db.select().from(settings).where(eq(settings.key, 'demo'));
    const brands = (row?.value as { brands: { brand: string; passwords: Record<string, string> }[] }).brands;
    passwords = brands.find((b) => b.brand === 'LUMINA')?.passwords ?? {};
    kestrelPasswords = brands.find((b) => b.brand === 'KESTREL')?.passwords ?? {};
  }, DEMO_START_MS);
  afterAll(async () => {
    await server.close();
  });

  const devices = async (email: string) => {
    const { headers } = await signIn(server, email, passwords[email] ?? '');
    const page = (await (await server.api('/api/v1/appliance/devices', { headers })).json()) as TApplianceListPage;
    expect(page.total).toBe(page.items.length);
    return page.items;
  };

  it('seeds one account per role in each brand, each able to sign in', async () => {
    const roles = ['admin@demo.washboard', 'kitchen@demo.washboard', 'manager@demo.washboard', 'service@demo.washboard'];
    expect(Object.keys(passwords).sort()).toEqual(roles);
    expect(Object.keys(kestrelPasswords).sort()).toEqual(roles);
    expect(server.washboard.demoAccounts?.map((a) => a.brand)).toEqual([
      ...roles.map(() => 'LUMINA'),
      ...roles.map(() => 'KESTREL'),
    ]);
  });

  it('gives the second brand its own accounts and six machines of its own serials', async () => {
    const { headers } = await signIn(
      server,
      'service@demo.washboard',
      kestrelPasswords['service@demo.washboard'] ?? '',
      'KESTREL',
    );
    const page = (await (
      await server.api('/api/v1/appliance/devices', { headers, brand: 'KESTREL' })
    ).json()) as TApplianceListPage;
    expect(page.items.map((d) => d.serialNumber).sort()).toEqual(KESTREL_SERIALS);
    // The brands stay apart: the first brand's password does not open the second brand's account.
    const wrong = await passwordGrant(server, 'service@demo.washboard', passwords['service@demo.washboard'] ?? '', 'KESTREL');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { code: string }).code).toBe('INVALID_CREDENTIALS');
  });

  it('runs a live fleet: the kitchen manager sees its machines online within seconds', async () => {
    const mine = await eventually(async () => {
      const list = await devices('kitchen@demo.washboard');
      return list.length === 4 && list.every((d) => d.status.online) && list;
    }, 15_000);
    expect(mine.map((d) => d.gamma).sort()).toEqual(['hiline', 'infinity', 'infinity', 'prime']);
  });

  it('has a month of history from the first minute: cycles with verdicts, alarms and counters', async () => {
    const { headers } = await signIn(server, 'kitchen@demo.washboard', passwords['kitchen@demo.washboard'] ?? '');
    const day = 86_400_000;
    const range = new URLSearchParams({
      startDate: new Date(Date.now() - 7 * day).toISOString(),
      stopDate: new Date().toISOString(),
    });
    const get = async <T>(path: string) =>
      (await (await server.api(`/api/v1/event-hub-listener/event/DEMO0001/${path}?${range}`, { headers })).json()) as T;
    const events = await get<{ kind: string; verdict?: string }[]>('events');
    // The kitchen's day (a hundred cycles or more) over the last week.
    expect(events.length).toBeGreaterThanOrEqual(6 * 100);
    expect(events.every((e) => e.kind === 'cycle')).toBe(true);
    const alarms = await get<unknown[]>('alarms');
    const stats = await get<{ totalCycles: number }[]>('statistics');
    expect(stats.length).toBeGreaterThanOrEqual(6);
    expect(stats.at(-1)?.totalCycles).toBeGreaterThan(stats[0]?.totalCycles ?? Infinity);
    // Over the whole month some alarms were raised and cleared.
    const month = new URLSearchParams({
      startDate: new Date(Date.now() - 31 * day).toISOString(),
      stopDate: new Date().toISOString(),
    });
    const monthAlarms = (await (
      await server.api(`/api/v1/event-hub-listener/event/DEMO0001/alarms?${month}`, { headers })
    ).json()) as { stopDate: string | null }[];
    expect(monthAlarms.length).toBeGreaterThan(0);
    // The factory settings wash clean: nine in ten of the month's cycles or more pass the hygiene rule.
    const monthEvents = (await (
      await server.api(`/api/v1/event-hub-listener/event/DEMO0001/events?${month}`, { headers })
    ).json()) as { verdict: string }[];
    const judged = monthEvents.filter((e) => e.verdict === 'pass' || e.verdict === 'fail');
    expect(judged.filter((e) => e.verdict === 'pass').length / judged.length).toBeGreaterThanOrEqual(0.9);
    expect(monthAlarms.length).toBeGreaterThanOrEqual(alarms.length);
  });

  it(
    "draws the seeded month's temperatures, in agreement with its cycle records",
    async () => {
      // Stored in the background once the server answers: a month of twelve machines takes a while.
      await server.washboard.demoTemperatureHistory?.();
      const { headers } = await signIn(server, 'kitchen@demo.washboard', passwords['kitchen@demo.washboard'] ?? '');
      const history = async (period: string) =>
        (await (
          await server.api(`/api/v1/event-hub-listener/event/DEMO0001/temperature-history?period=${period}&buckets=1000`, {
            headers,
          })
        ).json()) as TTemperatureHistory;
      const historyEnd = startedAt;
      // Where the stored history begins (the demo's own clock: a start across midnight moves it a day).
      const first = async (query: ReturnType<typeof sql>) =>
        new Date(rowsOf<{ at: Date | string }>(await server.washboard.database.db.execute(query))[0]?.at ?? NaN).getTime();
      const historyStart = await first(sql`select min(minute) as at from telemetry_minutes where serial_number = 'DEMO0001'`);
      const rawStart = await first(sql`select min(ts) as at from telemetry where serial_number = 'DEMO0001'`);
      expect(historyEnd - rawStart).toBeGreaterThan(23 * 3_600_000);
      for (const period of ['week', 'month']) {
        // Read from the per-minute roll-up from the first minute on, not only after the roll-up job ran.
        const { buckets, bucketSeconds, from } = await history(period);
        const past = buckets.filter((b) => Date.parse(b.t) < historyEnd - bucketSeconds * 1000);
        const expected = (historyEnd - Math.max(Date.parse(from), historyStart)) / (bucketSeconds * 1000);
        expect(past.length).toBeGreaterThan(expected - 2);
        // The thermostats hold the boiler near 85 °C (some programmes hotter) and the tank near 65 °C;
        // each rinse draws the boiler down.
        const boiler = past.flatMap((b) => [b.min.boilerTmp ?? NaN, b.max.boilerTmp ?? NaN]);
        expect(Math.max(...boiler)).toBeGreaterThan(830);
        expect(Math.max(...boiler)).toBeLessThanOrEqual(900);
        expect(Math.min(...boiler)).toBeLessThan(750);
        const tank = past.map((b) => b.max.tankTmp ?? NaN);
        expect(Math.min(...tank)).toBeGreaterThan(550);
        expect(Math.max(...tank)).toBeLessThan(720);
      }
      // The last 24 hours up to the start have their raw readings (the day's chart, the last cycle, the
      // CSV), one every five seconds, and each cycle record's wash peak is the tank's peak among them.
      const day = await history('day');
      const dayBucket = day.bucketSeconds * 1000;
      expect(day.buckets.filter((b) => Date.parse(b.t) < historyEnd - dayBucket).length).toBeGreaterThan(
        (historyEnd - Math.max(Date.parse(day.from), rawStart)) / dayBucket - 2,
      );
      const cycles = rowsOf<{ wash_max: number; tank_max: number; readings: number; seconds: number }>(
        await server.washboard.database.db.execute(sql`
        select (e.measurements->>'washMaxTmp')::int as wash_max, max(t.tank_tmp)::int as tank_max,
          count(t.ts)::int as readings, extract(epoch from e.stop - e.start)::int as seconds
        from haccp_events e
        join telemetry t on t.serial_number = e.serial_number and t.ts >= e.start and t.ts < e.stop
        where e.serial_number = 'DEMO0001' and e.kind = 'cycle'
          and e.start >= ${new Date(rawStart).toISOString()}::timestamptz
          and e.stop < ${new Date(historyEnd - 60_000).toISOString()}::timestamptz
        group by e.serial_number, e.id`),
      );
      expect(cycles.length).toBeGreaterThan(100);
      // Every machine of both brands, whatever its condition (a scaled heater, a cold supply): a
      // month of minutes, the boiler drawn down by rinses but never below 45 °C nor above 90 °C.
      // Every minute of the history before the start's is there: up to the minute before it.
      const cut = historyEnd - (historyEnd % 60_000) - 60_000;
      const machines = rowsOf<{ serial_number: string; minutes: number; boiler_min: number; boiler_max: number }>(
        await server.washboard.database.db.execute(sql`
        select serial_number, count(*)::int as minutes, min(boiler_tmp_min)::int as boiler_min,
          max(boiler_tmp_max)::int as boiler_max
        from telemetry_minutes where minute < ${new Date(cut).toISOString()}::timestamptz
        group by 1 order by 1`),
      );
      expect(machines.map((m) => m.serial_number)).toEqual([
        ...['1', '2', '3', '4', '5', '6'].map((n) => `DEMO000${n}`),
        ...KESTREL_SERIALS,
      ]);
      for (const machine of machines) {
        expect(machine.minutes).toBe((cut - historyStart) / 60_000);
        expect(machine.boiler_min).toBeGreaterThanOrEqual(450);
        expect(machine.boiler_max).toBeLessThanOrEqual(900);
      }
      for (const cycle of cycles) {
        expect(cycle.readings).toBeGreaterThanOrEqual(Math.floor(cycle.seconds / 5));
        expect(Math.abs(cycle.tank_max - cycle.wash_max)).toBeLessThanOrEqual(10);
      }
    },
    DEMO_START_MS,
  );

  it('binds each machine as an administrator would: named, serviced, installed, owned by the kitchen', async () => {
    const { headers } = await signIn(server, 'service@demo.washboard', passwords['service@demo.washboard'] ?? '');
    const detail = async (serial: string) =>
      (await (
        await server.api(`/api/v1/appliance/getApplianceDetail?serialNumber=${serial}`, { headers })
      ).json()) as TApplianceDetail;
    const pot = await detail('DEMO0004');
    expect(pot).toMatchObject({
      applianceName: 'Pot washer',
      gamma: 'prime',
      companyCode: '100001',
      companyName: 'Demo Service Srl',
      installationDate: '2025-03-13T00:00:00.000Z',
      assistance: { acv: 'Demo Service Srl', email: 'service@demo.washboard' },
    });
    const kitchen = (await devices('kitchen@demo.washboard')).map((d) => d.serialNumber).sort();
    expect(kitchen).toEqual(['DEMO0001', 'DEMO0002', 'DEMO0003', 'DEMO0004']);
  });

  it('shows the service company every machine it looks after', async () => {
    expect(await devices('service@demo.washboard')).toHaveLength(6);
    expect(await devices('manager@demo.washboard')).toHaveLength(6);
  });
});

describe('demo (DEMO=1) on a database of the one-brand demo', () => {
  const lumina = { admin: 'admin@demo.washboard', kitchen: 'kitchen@demo.washboard' };
  let server: TTestServer;
  let drop: () => Promise<void>;
  const oldPasswords: Record<string, string> = { [lumina.admin]: 'Old-demo-pw1A', [lumina.kitchen]: 'Old-kitchen-pw2B' };

  beforeAll(async () => {
    // A database on disk (PGlite) or a scratch PostgreSQL database: it outlives the first server.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wb-demo-'));
    const database =
      process.env.TEST_DB === 'postgres' ? await freshDatabase() : { env: { DATA_DIR: dir }, drop: async () => {} };
    drop = async () => {
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    };
    // What the one-brand demo left behind: Lumina's accounts and a machine, and its state in the old
    // shape `{ brand, passwords, machines }` (no `brands`).
    const before = await createWashboard(testConfig({ ...database.env, DEMO: '0' }));
    for (const [email, password] of Object.entries(oldPasswords)) {
      await before.userAdministration.createActiveAccount('LUMINA', {
        email,
        password,
        role: email === lumina.admin ? 'ADMIN' : 'KITCHEN_MANAGER',
        administrationProfile: email === lumina.admin ? [...ADMIN_PROFILES] : [],
        firstName: 'Demo',
        lastName: 'old',
        language: 'it',
      });
    }
    const { deviceSecret } = await before.appliances.createProduct('LUMINA', {
      serialNumber: 'DEMO0001',
      modelNumber: 'INF-600',
      fw00: '3.2.0',
      fw02: '1.4.1',
      gamma: 'infinity',
      ratingPower: 'M3',
      country: 'IT',
    });
    await before.database.db.insert(settings).values({
      key: 'demo',
      value: {
        brand: 'LUMINA',
        passwords: oldPasswords,
        machines: [{ serialNumber: 'DEMO0001', deviceSecret, gamma: 'infinity', cycles: 900 }],
      },
    });
    await before.close();

    const washboard = await createWashboard(testConfig({ ...database.env, DEMO: '1' }));
    server = testServerOf(washboard, await washboard.listen(), `mqtt://127.0.0.1:${washboard.broker.port ?? 0}`);
  });
  afterAll(async () => {
    await server.close();
    await drop();
  });

  it("keeps Lumina's old passwords and machine, and seeds Kestrel beside them", async () => {
    const { headers } = await signIn(server, lumina.admin, oldPasswords[lumina.admin] ?? '');
    const online = await eventually(async () => {
      const page = (await (await server.api('/api/v1/appliance/devices', { headers })).json()) as TApplianceListPage;
      const machine = page.items.find((d) => d.serialNumber === 'DEMO0001');
      return machine?.status.online === true && page.items;
    }, 15_000);
    // The old demo's machine runs again with its stored secret; Lumina gets nothing seeded twice.
    expect(online.map((d) => d.serialNumber)).toEqual(['DEMO0001']);
    expect((await passwordGrant(server, lumina.kitchen, oldPasswords[lumina.kitchen] ?? '')).status).toBe(200);

    const [row] = await server.washboard.database.db.select().from(settings).where(eq(settings.key, 'demo'));
    const brands = (row?.value as { brands: { brand: string; passwords: Record<string, string> }[] }).brands;
    expect(brands.map((b) => b.brand)).toEqual(['LUMINA', 'KESTREL']);
    expect(brands[0]?.passwords).toEqual(oldPasswords);
    const kestrel = brands[1]?.passwords ?? {};
    const { headers: kestrelHeaders } = await signIn(
      server,
      'service@demo.washboard',
      kestrel['service@demo.washboard'] ?? '',
      'KESTREL',
    );
    const kestrelOnline = await eventually(async () => {
      const page = (await (
        await server.api('/api/v1/appliance/devices', { headers: kestrelHeaders, brand: 'KESTREL' })
      ).json()) as TApplianceListPage;
      return page.items.length === 6 && page.items.every((d) => d.status.online) && page.items;
    }, 15_000);
    expect(kestrelOnline.map((d) => d.serialNumber).sort()).toEqual(KESTREL_SERIALS);
  });
});
