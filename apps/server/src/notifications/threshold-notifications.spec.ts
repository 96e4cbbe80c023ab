import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THRESHOLD_DEFAULTS, type TNotificationList, type TThresholdSettings, type TThresholdView } from '@washboard/contracts';
import { type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, json, PASSWORD, signIn } from '../../test/accounts';
import { connectDevice, createProduct, eventually, publish, type TProduct } from '../../test/devices';
import {
  headerOf,
  plainText,
  startMailingServer,
  type TCaughtMail,
  type TMailCatcher,
  unsubscribeLinkOf,
} from '../../test/mail-catcher';

const DIGEST_SECONDS = 1;
type THeaders = Record<string, string>;
type TMachine = TProduct & { client: MqttClient };

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LEFT_OUT = ['otto@fixit.test', 'kurt@other.test', 'kim@kestrel.test'];

/** Threshold notifications with virtual machines and a real SMTP server (docs/notifications.md). */
describe('threshold notifications', () => {
  let server: TTestServer;
  let mail: TMailCatcher;
  const admins: Record<string, THeaders> = {};
  const people: Record<string, THeaders> = {};
  const devices: MqttClient[] = [];

  beforeAll(async () => {
    ({ server, mail } = await startMailingServer({
      ALARM_MAIL_DIGEST_SECONDS: String(DIGEST_SECONDS),
      PUBLIC_URL: 'https://dash.example.test',
    }));
    for (const brand of ['LUMINA', 'KESTREL']) admins[brand] = (await signIn(server, ADMIN.email, ADMIN.password, brand)).headers;
    // Kate runs the kitchen, Sam and Otto service it for Fix-It (Otto did not opt in); Kurt (another
    // kitchen) and Kim (the other brand) opted in but see none of its machines.
    const res = await server.api('/api/v1/account/companies', json({ name: 'Fix-It' }, admins.LUMINA));
    const fixIt = ((await res.json()) as { code: string }).code;
    await person('kate@kitchen.test', { on: true, language: 'it' });
    await person('sam@fixit.test', { on: true, service: fixIt });
    await person('otto@fixit.test', { on: false, service: fixIt });
    await person('kurt@other.test', { on: true });
    await person('kim@kestrel.test', { on: true, brand: 'KESTREL' });
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.endAsync(true)));
    await server?.close();
    await mail?.close();
  });

  async function person(email: string, options: { on: boolean; service?: string; brand?: string; language?: string }) {
    const brand = options.brand ?? 'LUMINA';
    const admin = admins[brand] ?? {};
    const id = await activeUser(server, admin, email, brand);
    if (options.service) {
      const url = `/api/v1/account/users/${id}/updateRole?targetRole=SERVICE&companyCode=${options.service}`;
      expect((await server.api(url, { brand, method: 'PUT', headers: admin })).status).toBe(200);
    }
    const { headers } = await signIn(server, email, PASSWORD, brand);
    people[email] = headers;
    const profile = {
      firstName: email.split('@')[0] ?? 'x',
      lastName: 'Test',
      weeklyReport: false,
      alarmNotifications: false,
      thresholdNotifications: options.on,
      language: options.language ?? 'en',
    };
    expect((await server.api('/api/v1/account/updateUser', { brand, ...json(profile, headers) })).status).toBe(200);
  }

  /** Takes the machine offline and waits until the server has recorded it (the sweeps read that record). */
  async function goOffline(machine: TMachine) {
    await publish(machine.client, machine.serialNumber, 'status', { online: false });
    await eventually(async () => {
      const result = await execute(
        sql`select 1 from appliance_offline_periods where serial_number = ${machine.serialNumber} and online_at is null`,
      );
      return (result as unknown as { rows: unknown[] }).rows.length > 0;
    }, 20_000);
  }

  /** A machine of Kate's kitchen serviced by Fix-It (Otto sees it through his company too), connected. */
  async function kitchenMachine(name: string): Promise<TMachine> {
    const product = await createProduct(server, admins.LUMINA ?? {});
    for (const userEmail of ['kate@kitchen.test', 'sam@fixit.test']) {
      const claim = { serialNumber: product.serialNumber, userEmail, applianceName: name };
      expect((await server.api('/api/v1/appliance/claim', json(claim, admins.LUMINA))).status).toBe(200);
    }
    const client = await connectDevice(server, product);
    devices.push(client);
    await publish(client, product.serialNumber, 'status', { online: true, systemState: 2, ts: new Date().toISOString() });
    // Online as far as the server knows before a test takes it offline: written in one batch with a
    // later offline status, the online moment would leave no offline stretch to sweep.
    await eventually(async () => {
      const result = await execute(sql`select 1 from appliance_states where serial_number = ${product.serialNumber} and online`);
      return (result as unknown as { rows: unknown[] }).rows.length > 0;
    }, 20_000);
    return { ...product, client };
  }

  const about = (serial: string) => (m: TCaughtMail) => m.text.includes(serial);
  const mailsAbout = (serial: string) => mail.mails.filter(about(serial));
  /** Waits for the opted-in people's mails about the machine, and checks nobody else got one. */
  async function toldOnce(serial: string, says: { it: string; en: string }): Promise<void> {
    const kate = await mail.waitFor('kate@kitchen.test', (m) => about(serial)(m) && plainText(m).includes(says.it), 15_000);
    const sam = await mail.waitFor('sam@fixit.test', (m) => about(serial)(m) && plainText(m).includes(says.en), 15_000);
    for (const m of [kate, sam]) {
      expect(m.raw).toMatch(/Content-Type: text\/html/i);
      expect(plainText(m)).toContain(`https://dash.example.test/device/${serial}`);
      expect(headerOf(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(unsubscribeLinkOf(m).toString()).toMatch(/^https:\/\/dash\.example\.test\/api\/v1\/unsubscribe\?token=/);
    }
    await settle((DIGEST_SECONDS + 1) * 1000);
    expect(mailsAbout(serial).every((m) => !LEFT_OUT.includes(m.to))).toBe(true);
  }
  const count = (serial: string, to: string) => mailsAbout(serial).filter((m) => m.to === to).length;

  const cycle = (machine: TMachine, washMaxTmp: number) =>
    publish(machine.client, machine.serialNumber, 'event', {
      id: randomUUID(),
      kind: 'cycle',
      cycleName: 'dishes',
      start: new Date(Date.now() - 120_000).toISOString(),
      stop: new Date().toISOString(),
      completed: true,
      measurements: { washMinTmp: 400, washMaxTmp, rinseMinTmp: 700, rinseMaxTmp: 850 },
    });
  const stats = (machine: TMachine, cyclesUntilMaintenance: number) =>
    publish(machine.client, machine.serialNumber, 'stats', {
      ts: new Date().toISOString(),
      totalCycles: 100,
      totalWater: 10_000,
      rinsePumpTime: 0,
      washPumpTime: 0,
      energy: 50_000,
      regenerationCycles: 0,
      logsCount: 0,
      boilerHeaterTime: 0,
      tankHeaterTime: 0,
      cyclesUntilMaintenance,
    });
  const thresholdsUrl = (serial: string) => `/api/v1/event-hub-listener/event/${serial}/thresholds`;
  const setThresholds = (serial: string, changes: Partial<TThresholdSettings>, headers = people['sam@fixit.test']) =>
    server.api(thresholdsUrl(serial), { ...json({ ...THRESHOLD_DEFAULTS, ...changes }, headers), method: 'PUT' });
  const execute = (query: ReturnType<typeof sql>) => server.washboard.database.db.execute(query);

  it('tells a failing hygiene cycle once until a passing one clears it, and only to those who opted in', async () => {
    const machine = await kitchenMachine('Hygiene Alpha');
    await cycle(machine, 500);
    await toldOnce(machine.serialNumber, {
      it: 'Un ciclo di lavaggio non ha rispettato la regola igienica',
      en: 'A washing cycle failed the hygiene rule',
    });
    // The notification centre: Sam has it, Otto (opted out) has not.
    const list = async (email: string) =>
      (await (await server.api('/api/v1/notifications', { headers: people[email] })).json()) as TNotificationList;
    const samItems = (await list('sam@fixit.test')).items.filter((n) => n.serialNumber === machine.serialNumber);
    expect(samItems).toMatchObject([{ kind: 'threshold', threshold: { condition: 'hygieneFailed' }, errorCode: null }]);
    expect((await list('otto@fixit.test')).items.filter((n) => n.serialNumber === machine.serialNumber)).toEqual([]);

    // Still failing: no repeat.
    await cycle(machine, 510);
    await settle((DIGEST_SECONDS + 2) * 1000);
    expect(count(machine.serialNumber, 'sam@fixit.test')).toBe(1);
    // A passing cycle clears it; the next failing one is told again.
    await cycle(machine, 650);
    await settle(1500);
    await cycle(machine, 500);
    // Each person's mail is its own job: wait for both, then check neither got a third.
    await eventually(
      async () => count(machine.serialNumber, 'sam@fixit.test') === 2 && count(machine.serialNumber, 'kate@kitchen.test') === 2,
      15_000,
    );
    await settle(1500);
    expect(count(machine.serialNumber, 'sam@fixit.test')).toBe(2);
    expect(count(machine.serialNumber, 'kate@kitchen.test')).toBe(2);
  }, 90_000);

  it('tells rinse aid running low while its alarm is open', async () => {
    const machine = await kitchenMachine('Chemicals Beta');
    const id = randomUUID();
    const alarm = { id, errorCode: 'W04', startDate: new Date().toISOString(), stopDate: null };
    await publish(machine.client, machine.serialNumber, 'alarm', alarm);
    await toldOnce(machine.serialNumber, { it: 'Brillantante in esaurimento', en: 'Rinse aid running low' });
  }, 60_000);

  it('tells few cycles left until maintenance at the configured threshold, set by the service and audited', async () => {
    const machine = await kitchenMachine('Maintenance Gamma');
    // 40 cycles left: above the default 20, nothing.
    await stats(machine, 40);
    await settle((DIGEST_SECONDS + 2) * 1000);
    expect(mailsAbout(machine.serialNumber)).toEqual([]);

    // Kate (kitchen manager) may read, not change; bad input is refused in the caller's language.
    const view = (await (
      await server.api(thresholdsUrl(machine.serialNumber), { headers: people['kate@kitchen.test'] })
    ).json()) as TThresholdView;
    // Its opening hours are on Rome's clock: the product record has no country, and the machine
    // reported no installation.
    expect(view).toEqual({ settings: THRESHOLD_DEFAULTS, custom: false, canEdit: false, timeZone: 'Europe/Rome' });
    expect((await setThresholds(machine.serialNumber, { maintenanceCycles: 50 }, people['kate@kitchen.test'])).status).toBe(403);
    const bad = await server.api(thresholdsUrl(machine.serialNumber), {
      ...json({ ...THRESHOLD_DEFAULTS, maintenanceCycles: 0 }, { ...people['sam@fixit.test'], 'accept-language': 'de' }),
      method: 'PUT',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
    const hours = { ...THRESHOLD_DEFAULTS.openingHours, opensAt: '20:00', closesAt: '08:00' };
    expect((await setThresholds(machine.serialNumber, { openingHours: hours })).status).toBe(400);
    // Someone who does not see the machine: not found.
    expect((await setThresholds(machine.serialNumber, { maintenanceCycles: 50 }, people['kurt@other.test'])).status).toBe(404);

    // Sam raises the threshold to 50: the machine is judged again at once, and told.
    const saved = await setThresholds(machine.serialNumber, { maintenanceCycles: 50 });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as TThresholdView).custom).toBe(true);
    await toldOnce(machine.serialNumber, {
      it: '40 cicli alla manutenzione (avviso a 50)',
      en: '40 cycles left until maintenance (notice at 50)',
    });
    const audit = await server.api(`/api/v1/audit?serial=${machine.serialNumber}`, { headers: admins.LUMINA });
    expect(audit.status).toBe(200);
    expect(JSON.stringify(await audit.json())).toContain('thresholds.set');
    // Fewer still: no repeat until maintenance resets the counter above the threshold.
    await stats(machine, 30);
    await settle((DIGEST_SECONDS + 2) * 1000);
    expect(count(machine.serialNumber, 'sam@fixit.test')).toBe(1);
  }, 60_000);

  it('tells a machine offline longer than its limit during its opening hours', async () => {
    const machine = await kitchenMachine('Offline Delta');
    // Open around the clock, every day; 45 minutes allowed.
    const allDay = { days: [1, 2, 3, 4, 5, 6, 7], opensAt: '00:00', closesAt: '24:00' };
    expect((await setThresholds(machine.serialNumber, { openingHours: allDay, offlineMinutes: 45 })).status).toBe(200);
    await goOffline(machine);
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    // 40 minutes: under the machine's limit (the default 30 would have fired).
    await server.washboard.thresholds.sweep(later(40));
    await settle((DIGEST_SECONDS + 2) * 1000);
    expect(mailsAbout(machine.serialNumber)).toEqual([]);
    await server.washboard.thresholds.sweep(later(50));
    await toldOnce(machine.serialNumber, {
      it: 'Offline da 50 minuti del suo orario di apertura',
      en: 'Offline for 50 minutes of its opening hours',
    });
    // Still offline an hour later: no repeat.
    await server.washboard.thresholds.sweep(later(110));
    await settle((DIGEST_SECONDS + 2) * 1000);
    expect(count(machine.serialNumber, 'sam@fixit.test')).toBe(1);
  }, 60_000);

  /**
   * Opens the machine one hour a day, starting `lead` hours from now on the clock of `zone` (one or,
   * when that hour would cross midnight, three hours ahead), takes it offline, and checks it is told
   * only once 40 minutes of that hour have passed.
   */
  async function toldOnlyInOpeningHours(machine: TMachine, zone: string) {
    const clock = (at: Date) => at.toLocaleTimeString('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' });
    const inHours = (h: number) => new Date(Date.now() + h * 3_600_000);
    const lead = clock(inHours(1)) < clock(inHours(2)) ? 1 : 3;
    const window = { days: [1, 2, 3, 4, 5, 6, 7], opensAt: clock(inHours(lead)), closesAt: clock(inHours(lead + 1)) };
    expect((await setThresholds(machine.serialNumber, { openingHours: window })).status).toBe(200);
    await goOffline(machine);
    // Offline until just before opening: nothing; 40 minutes into the opening hours: told.
    await server.washboard.thresholds.sweep(inHours(lead - 5 / 60));
    await settle((DIGEST_SECONDS + 2) * 1000);
    expect(mailsAbout(machine.serialNumber)).toEqual([]);
    await server.washboard.thresholds.sweep(inHours(lead + 40 / 60));
    // Sweeps and checks run one at a time: under the full suite's load this one may wait its turn.
    await mail.waitFor('sam@fixit.test', about(machine.serialNumber), 45_000);
  }

  it('does not count offline time outside the opening hours', async () => {
    // On the machine's wall clock: Rome's, for a machine with no country and no installation.
    await toldOnlyInOpeningHours(await kitchenMachine('Offline Closed'), 'Europe/Rome');
  }, 90_000);

  it('counts opening hours on the clock the machine was installed with, and says which clock', async () => {
    const machine = await kitchenMachine('Offline Papeete');
    // Installed in French Polynesia: its display, and so its opening hours, keep Tahiti's time
    // (UTC−10), eleven or twelve hours behind Rome's.
    const zone = 'Pacific/Tahiti';
    const ts = new Date().toISOString();
    await publish(machine.client, machine.serialNumber, 'info', {
      ts,
      macAddress: 'AA:BB:CC:00:00:01',
      mainsVoltage: 400,
      mainsFrequency: 50,
      electricityDistribution: '3N~ 400 V',
      connectivity: 'WB-C 2.1',
      control: 'WB-M 3.2',
      signalDbm: -60,
      energySaving: false,
      installation: { name: 'Papeete', country: 'FR', unitSystem: 'metric', timeZone: zone, language: 'fr', at: ts },
    });
    await eventually(async () => {
      const res = await server.api(thresholdsUrl(machine.serialNumber), { headers: people['sam@fixit.test'] });
      return ((await res.json()) as TThresholdView).timeZone === zone;
    });
    await toldOnlyInOpeningHours(machine, zone);
  }, 90_000);

  it('tells water per cycle far above the machine’s own 14-day average', async () => {
    const machine = await kitchenMachine('Usage Epsilon');
    // Fourteen days of 10 cycles using 10 l and 1 kWh each, then today 10 cycles using 20 l each.
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    let cycles = 0;
    let water = 0;
    let energy = 0;
    for (let back = 15; back >= 0; back -= 1) {
      const first = { cycles, water, energy };
      cycles += 10;
      water += (back === 0 ? 200 : 100) * 10;
      energy += 10_000;
      const report = (c: { cycles: number; water: number; energy: number }) =>
        JSON.stringify({ ts: `${day(back)}T12:00:00.000Z`, totalCycles: c.cycles, totalWater: c.water, energy: c.energy });
      await execute(sql`
        insert into appliance_stats_daily (serial_number, day, reports, first_ts, first, last_ts, last)
        values (${machine.serialNumber}, ${day(back)}::date, 2, ${`${day(back)}T08:00:00Z`}::timestamptz, ${report(first)}::jsonb,
          ${`${day(back)}T20:00:00Z`}::timestamptz, ${report({ cycles, water, energy })}::jsonb)`);
    }
    await server.washboard.thresholds.sweep();
    await toldOnce(machine.serialNumber, {
      it: 'Acqua per ciclo oggi 20 l: 2 × la sua media di 14 giorni (10 l)',
      en: 'Water per cycle today 20 l: 2 × its 14-day average (10 l)',
    });
    // Energy is normal: not told. The next sweep finds the same: no repeat.
    expect(mailsAbout(machine.serialNumber).some((m) => plainText(m).includes('Energy per cycle'))).toBe(false);
    await server.washboard.thresholds.sweep();
    await settle((DIGEST_SECONDS + 2) * 1000);
    expect(count(machine.serialNumber, 'sam@fixit.test')).toBe(1);
  }, 60_000);
});
