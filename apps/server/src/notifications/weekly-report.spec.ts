import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { pdfText } from '../../test/pdf-text';
import { reportWeek } from './weekly-report-time';

const HOUR = 3600 * 1000;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The PDF attached to a caught mail (base64 in its multipart body). */
function pdfAttachmentOf(mail: TCaughtMail): Buffer {
  const at = mail.raw.search(/Content-Type: application\/pdf/i);
  if (at < 0) throw new Error('no PDF attachment');
  const body = mail.raw.slice(mail.raw.indexOf('\r\n\r\n', at) + 4);
  return Buffer.from(body.slice(0, body.indexOf('\r\n--')).replace(/\s+/g, ''), 'base64');
}

/**
 * The weekly report on a fake clock (docs/notifications.md, "Weekly report"): the scheduler is run
 * at chosen instants; the machines' week is made of device messages dated in it.
 */
describe('weekly report', () => {
  let server: TTestServer;
  let mail: TMailCatcher;
  let admin: Record<string, string> = {};
  const devices: MqttClient[] = [];
  // The Monday 07:10 (Rome) of this week: the report covers last week, the comparison the one before.
  const thisMonday = reportWeek(new Date(), 'Europe/Rome').end;
  const now = new Date(thisMonday.getTime() + 7 * HOUR + 10 * 60 * 1000);
  const week = reportWeek(now, 'Europe/Rome');
  const at = (hours: number) => new Date(week.start.getTime() + hours * HOUR).toISOString();
  const machines: Record<string, TProduct & { client: MqttClient }> = {};

  beforeAll(async () => {
    ({ server, mail } = await startMailingServer({ PUBLIC_URL: 'https://dash.example.test' }));
    admin = (await signIn(server, ADMIN.email, ADMIN.password, 'LUMINA')).headers;
    // Kate runs a kitchen with three machines and wants the report; Olga (opted out), Rita (opted
    // in, in Kate's time zone: their reports are written together) and Kurt (a kitchen in London)
    // have one machine each.
    await person('kate@kitchen.test', { weeklyReport: true });
    await person('rita@kitchen.test', { weeklyReport: true });
    await person('olga@kitchen.test', { weeklyReport: false });
    await person('kurt@london.test', { weeklyReport: true, country: 'GB', language: 'de' });
    for (const [name, owner] of [
      ['Alpha', 'kate@kitchen.test'],
      ['Beta', 'kate@kitchen.test'],
      ['Gamma', 'kate@kitchen.test'],
      ['Olga', 'olga@kitchen.test'],
      ['Rita', 'rita@kitchen.test'],
      ['Kurt', 'kurt@london.test'],
    ] as const) {
      machines[name] = await machine(name, owner);
    }
    const { Alpha, Beta, Gamma, Kurt, Rita } = machines as Record<string, TProduct & { client: MqttClient }>;
    if (!Alpha || !Beta || !Gamma || !Kurt || !Rita) throw new Error('machines missing');
    // Alpha: four washing cycles last week (two pass, one rinses too cold, one stopped early), one the
    // week before; two alarms opened last week (one still open), one the week before.
    await cycle(Alpha, at(26), 650, 850);
    await cycle(Alpha, at(50), 640, 845);
    await cycle(Alpha, at(74.5), 650, 790, 31);
    await cycle(Alpha, at(98), 650, 850, 32, false);
    await cycle(Alpha, new Date(week.previousStart.getTime() + 30 * HOUR).toISOString(), 650, 850);
    await alarm(Alpha, 'OH01', at(74.4), null);
    await alarm(Alpha, 'W03', at(30), at(31));
    await alarm(Alpha, 'W04', new Date(week.previousStart.getTime() + 2 * HOUR).toISOString(), at(-100));
    // Counters: 100 l and 5 kWh the week before, 150 l and 8 kWh last week.
    await stats(Alpha, new Date(week.previousStart.getTime() - HOUR).toISOString(), 1000, 5000);
    await stats(Alpha, at(-1), 2000, 10000);
    await stats(Alpha, at(160), 3500, 18000);
    // Beta: counters that did not move, nothing else.
    await stats(Beta, at(-1), 500, 700);
    await stats(Beta, at(100), 500, 700);
    // Gamma: two passing cycles, and offline for 5 hours on Wednesday.
    await cycle(Gamma, at(49), 650, 850);
    await cycle(Gamma, at(60), 650, 850);
    // Kurt's machine displays °F and gallons (S47 = 1): one passing cycle, one rinsing too cold, 100 l.
    await publish(Kurt.client, Kurt.serialNumber, 'params', { ts: at(-2), values: { S47: 1 } });
    await cycle(Kurt, at(10), 650, 850);
    await cycle(Kurt, at(12), 650, 790, 2);
    await stats(Kurt, at(-1), 1000, 5000);
    await stats(Kurt, at(160), 2000, 6000);
    // Rita's machine: three passing cycles.
    for (const hours of [20, 44, 68]) await cycle(Rita, at(hours), 650, 850);
    await eventually(
      async () => (await count('haccp_events')) === 12 && (await count('appliance_stats')) === 7 && (await count('alarms')) === 3,
    );
    await eventually(async () => {
      const result = await server.washboard.database.db.execute(
        sql`select parameters->>'S47' as s47 from appliance_states where serial_number = ${Kurt.serialNumber}`,
      );
      return (result as unknown as { rows: { s47: string | null }[] }).rows[0]?.s47 === '1';
    });
    await server.washboard.database.db.execute(
      sql`insert into appliance_offline_periods (serial_number, offline_at, online_at) values (${Gamma.serialNumber}, ${at(50)}, ${at(55)})`,
    );
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.endAsync(true)));
    await server?.close();
    await mail?.close();
  });

  async function count(table: string): Promise<number> {
    const result = await server.washboard.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  }

  type TPerson = { weeklyReport: boolean; country?: string; language?: string; timeZone?: string };
  const profileOf = (email: string, options: TPerson) => ({
    firstName: email.split('@')[0] ?? 'x',
    lastName: 'Test',
    country: options.country ?? null,
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    weeklyReport: options.weeklyReport,
    thresholdNotifications: false,
    alarmNotifications: false,
    language: options.language ?? 'en',
  });

  async function person(email: string, options: TPerson): Promise<void> {
    await activeUser(server, admin, email);
    const { headers } = await signIn(server, email, PASSWORD, 'LUMINA');
    expect((await server.api('/api/v1/account/updateUser', json(profileOf(email, options), headers))).status).toBe(200);
  }

  async function machine(name: string, owner: string): Promise<TProduct & { client: MqttClient }> {
    const product = await createProduct(server, admin);
    const claim = { serialNumber: product.serialNumber, userEmail: owner, applianceName: name };
    expect((await server.api('/api/v1/appliance/claim', json(claim, admin))).status).toBe(200);
    const client = await connectDevice(server, product);
    devices.push(client);
    return { ...product, client };
  }

  const cycle = (
    m: TProduct & { client: MqttClient },
    start: string,
    wash: number,
    rinse: number,
    cycleNumber = 1,
    completed = true,
  ) =>
    publish(m.client, m.serialNumber, 'event', {
      id: randomUUID(),
      kind: 'cycle',
      cycleName: 'dishes',
      cycleNumber,
      start,
      stop: new Date(Date.parse(start) + 20 * 60 * 1000).toISOString(),
      completed,
      measurements: { washMinTmp: wash - 50, washMaxTmp: wash, rinseMinTmp: rinse - 50, rinseMaxTmp: rinse },
    });
  const alarm = (m: TProduct & { client: MqttClient }, errorCode: string, startDate: string, stopDate: string | null) =>
    publish(m.client, m.serialNumber, 'alarm', { id: randomUUID(), errorCode, startDate, stopDate });
  const stats = (m: TProduct & { client: MqttClient }, ts: string, totalWater: number, energy: number) =>
    publish(m.client, m.serialNumber, 'stats', {
      ts,
      totalCycles: 0,
      totalWater,
      rinsePumpTime: 0,
      washPumpTime: 0,
      energy,
      regenerationCycles: 0,
      logsCount: 0,
      boilerHeaterTime: 0,
      tankHeaterTime: 0,
      cyclesUntilMaintenance: 100,
    });

  const weekly = (m: TCaughtMail) => /This is how your machines did|So liefen Ihre Maschinen/.test(m.text);
  const serial = (name: string) => machines[name]?.serialNumber ?? name;

  it('sends Kate one report on her Monday 07:00 with each machine’s figures, and nobody else', async () => {
    const reports = server.washboard.weeklyReports;
    // Two instances running the scheduler in the same hour queue one report each for Kate and Rita.
    const queued = await Promise.all([reports.schedule(now), reports.schedule(new Date(now.getTime() + 20 * 60 * 1000))]);
    expect(queued.reduce((a, b) => a + b, 0)).toBe(2);

    const kate = await mail.waitFor('kate@kitchen.test', weekly, 15_000);
    const text = plainText(kate);
    const block = (name: string) => {
      const from = text.indexOf(`${name} (${serial(name)})`);
      expect(from).toBeGreaterThan(0);
      return text.slice(from, text.indexOf('Open the machine', from));
    };
    const alpha = block('Alpha');
    expect(alpha).toContain('Cycles run: 4');
    expect(alpha).toContain('Hygiene: 50% passed (washing cycles judged: 4)');
    // Each failing cycle with its local time, name and number.
    expect(alpha).toMatch(/, 02:30 · Dishes #31 · Final rinse below 82\.0 °C \(79\.0 °C\)/);
    expect(alpha).toMatch(/, 02:00 · Dishes #32 · Cycle stopped before its end/);
    expect(alpha).toContain('Alarms: 2 opened, 1 still open (W03, OH01)');
    expect(alpha).toContain('Water: 150 l (week before: 100 l)');
    expect(alpha).toContain('Energy: 8 kWh (week before: 5 kWh)');
    // Three dishes cycles of 3.0 l rinse water (the fourth was stopped before its end and measured
    // no rinse) at 2.0 g/l detergent and 200 mg/l rinse aid (the catalogue's settings), made litres
    // by the products' densities; one cycle the week before.
    expect(alpha).toContain(
      'Chemicals (estimated): detergent 0.015 l, rinse aid 0.00176 l (week before: detergent 0.005 l, rinse aid 0.000588 l)',
    );
    expect(alpha).toContain('Offline: 0 h');
    const gamma = block('Gamma');
    expect(gamma).toContain('Cycles run: 2');
    expect(gamma).toContain('Hygiene: 100% passed (washing cycles judged: 2)');
    expect(gamma).toContain('Offline: 5 h');
    expect(gamma).toContain('Water: not measured (week before: not measured)');
    // Beta had nothing to report: one line.
    expect(text).toContain(`Beta (${serial('Beta')}): nothing to report: no cycles, no alarms, online all week`);
    expect(text).toContain('Machines: 3 · cycles: 6 · alarms opened: 2');
    // Only her machines, though Rita's report was written in the same batch.
    expect(text).not.toContain(serial('Olga'));
    expect(text).not.toContain(serial('Kurt'));
    expect(text).not.toContain(serial('Rita'));
    const rita = plainText(await mail.waitFor('rita@kitchen.test', weekly, 15_000));
    expect(rita).toContain('Machines: 1 · cycles: 3 · alarms opened: 0');
    for (const other of ['Alpha', 'Beta', 'Gamma', 'Olga', 'Kurt']) expect(rita).not.toContain(serial(other));
    // HTML, the unsubscribe headers, and the same figures as a PDF.
    expect(kate.raw).toMatch(/Content-Type: text\/html/i);
    expect(headerOf(kate, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(pdfAttachmentOf(kate).subarray(0, 5).toString()).toBe('%PDF-');

    // Later runs in the same hour, or after the report was written, queue nothing for Kate.
    expect(await reports.schedule(new Date(now.getTime() + 40 * 60 * 1000))).toBe(0);
    // An hour later it is 07:10 in London: Kurt's report, with his machine only.
    expect(await reports.schedule(new Date(now.getTime() + HOUR))).toBe(1);
    const kurt = await mail.waitFor('kurt@london.test', weekly, 15_000);
    // In his language (German), with his machine only.
    expect(plainText(kurt)).toContain(`Kurt (${serial('Kurt')})`);
    expect(plainText(kurt)).toContain('Gelaufene Zyklen: 2');
    expect(plainText(kurt)).toMatch(/Hygiene: 50\s% bestanden \(bewertete Spülzyklen: 2\)/);
    // His machine displays °F and US gallons: so does his report (82.0 °C is 180 °F, 79.0 °C 174 °F).
    expect(plainText(kurt)).toContain('Klarspülung unter 180 °F (174 °F)');
    expect(plainText(kurt)).toMatch(/Wasser: 26,4 gal \(Vorwoche: /);
    expect(plainText(kurt)).toContain('Chemie (geschätzt): Reiniger 0,00264 gal, Klarspüler 0,000311 gal');
    expect(plainText(kurt)).not.toMatch(/°C|\d l\b/);
    for (const other of ['Alpha', 'Beta', 'Gamma', 'Olga']) expect(plainText(kurt)).not.toContain(serial(other));

    await settle(2000);
    expect(mail.mails.filter((m) => m.to === 'kate@kitchen.test' && weekly(m))).toHaveLength(1);
    expect(mail.mails.filter((m) => m.to === 'olga@kitchen.test' && weekly(m))).toHaveLength(0);

    // Kate unsubscribes with one click (RFC 8058): the next Monday brings her nothing.
    const link = unsubscribeLinkOf(kate);
    const off = await server.api(`${link.pathname}${link.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(off.status).toBe(200);
    expect(await reports.schedule(new Date(now.getTime() + 7 * 24 * HOUR))).toBe(1);
    await eventually(async () => mail.mails.filter((m) => m.to === 'rita@kitchen.test' && weekly(m)).length === 2);
    await settle(1000);
    expect(mail.mails.filter((m) => m.to === 'kate@kitchen.test' && weekly(m))).toHaveLength(1);
  });

  it('times and dates the report in the time zone Nora chose, not in her country’s', async () => {
    const reports = server.washboard.weeklyReports;
    const nora = 'nora@newyork.test';
    // Typed her own way, the zone is kept as the runtime spells it.
    await person(nora, { weeklyReport: true, country: 'IT', timeZone: 'america/new_york' });
    const { headers } = await signIn(server, nora, PASSWORD, 'LUMINA');
    // A zone the server does not know is refused and changes nothing.
    const bad = await server.api(
      '/api/v1/account/updateUser',
      json(profileOf(nora, { weeklyReport: true, country: 'IT', timeZone: 'Mars/Base' }), headers),
    );
    expect(bad.status).toBe(400);
    const profile = (await (await server.api('/api/v1/account/userinfo', { headers })).json()) as { timeZone: string | null };
    expect(profile.timeZone).toBe('America/New_York');

    // Her week runs from Monday 00:00 in New York; one cycle rinsed too cold on Tuesday at 09:15 there.
    const nyWeek = reportWeek(now, 'America/New_York');
    const noraMachine = await machine('Nora', nora);
    await cycle(noraMachine, new Date(nyWeek.start.getTime() + (33 * 60 + 15) * 60 * 1000).toISOString(), 650, 790, 7);
    await eventually(async () => (await count('haccp_events')) === 13);
    const nyMonday0710 = new Date(nyWeek.end.getTime() + (7 * 60 + 10) * 60 * 1000);

    // At 06:10 in New York (midday in Rome, her country's zone) her report is not due yet.
    expect(await reports.schedule(new Date(nyMonday0710.getTime() - HOUR))).toBe(0);
    // At 07:10 in New York it is.
    expect(await reports.schedule(nyMonday0710)).toBe(1);
    const report = await mail.waitFor(nora, weekly, 15_000);
    const text = plainText(report);
    expect(pdfText(pdfAttachmentOf(report))).toContain('Times in America/New_York');
    expect(text).toMatch(/, 09:15 · Dishes #7 · Final rinse below 82\.0 °C \(79\.0 °C\)/);
    for (const other of ['Alpha', 'Beta', 'Gamma', 'Olga', 'Kurt', 'Rita']) expect(text).not.toContain(serial(other));

    // Back to her country's zone: the profile says so.
    const back = await server.api(
      '/api/v1/account/updateUser',
      json({ ...profileOf(nora, { weeklyReport: true, country: 'IT' }), timeZone: null }, headers),
    );
    expect(((await back.json()) as { timeZone: string | null }).timeZone).toBeNull();

    // A stored zone the server no longer knows (an ICU update, a hand edit): her report follows her
    // country's zone again rather than never come.
    await server.washboard.database.db.execute(sql`update users set time_zone = 'Mars/Base' where email = ${nora}`);
    const noraReports = () => mail.mails.filter((m) => m.to === nora && weekly(m)).length;
    const inTwoWeeks = reportWeek(new Date(now.getTime() + 14 * 24 * HOUR), 'Europe/Rome').end;
    await reports.schedule(new Date(inTwoWeeks.getTime() + 7 * HOUR + 10 * 60 * 1000));
    await eventually(async () => noraReports() === 2);
  });

  it('records when a machine goes offline and comes back', async () => {
    const gamma = machines.Gamma;
    if (!gamma) throw new Error('no Gamma');
    await gamma.client.endAsync(true);
    const open = async () =>
      (
        (await server.washboard.database.db.execute(
          sql`select count(*)::int as n from appliance_offline_periods where serial_number = ${gamma.serialNumber} and online_at is null`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n;
    await eventually(async () => (await open()) === 1, 10_000);
    const back = await connectDevice(server, gamma);
    devices.push(back);
    await publish(back, gamma.serialNumber, 'status', {
      online: true,
      systemState: 2,
      cycleType: null,
      cycleNumber: null,
      ts: new Date().toISOString(),
    });
    await eventually(async () => (await open()) === 0, 10_000);
  });
});
