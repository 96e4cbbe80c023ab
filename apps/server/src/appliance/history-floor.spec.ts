import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogues,
  type TCustomerDetail,
  type TDeviceStats,
  type THaccpAlarmView,
  type THaccpCorrectionView,
  type THaccpEventView,
  type THaccpVerification,
  type TInspectionView,
  type TInspectorLinkCreated,
  type TTemperatureHistory,
} from '@washboard/contracts';
import { startTestServer, testBroker, type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, json, newCompany, PASSWORD, signIn, staffMember, userIdOf } from '../../test/accounts';
import { connectDevice, createProduct, cycleHoursAgo, deviceStats, eventually, publish } from '../../test/devices';

type THeaders = Record<string, string>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
/** Yesterday and today (UTC): every record of the machine lies in it. */
const PERIOD = { startDate: utcDay(Date.now() - DAY), stopDate: utcDay(Date.now()) };
const query = (period: { startDate: string; stopDate: string } = PERIOD) => new URLSearchParams(period).toString();

/**
 * docs/permissions.md, "A machine that changes hands": a machine's records before it came to its
 * present kitchen are the earlier kitchen's. Its new owner, and the accounts that see it through a
 * customer of its service, read its history — records, reports, exports, charts, verification and
 * the inspector links they make — from when it came to them; the service and the administrators
 * read all of it.
 */
describe(`a machine's history after a change of hands (${testBroker()})`, () => {
  let server: TTestServer;
  let admin: THeaders;
  let tech: THeaders;
  /** The kitchen that had the machine first. */
  let first: THeaders;
  /** The kitchen that took it over: its owner now. */
  let second: THeaders;
  /** A kitchen manager linked to the customer the service assigned the machine to. */
  let linked: THeaders;
  let serial: string;
  /** The moment the machine came to the second kitchen, as the records' time goes: 2.5 hours ago. */
  let takeover: Date;
  /** What the first owner read, and when the second claimed the machine (before the move back). */
  let firstSaw: string[];
  let claimedAt: Date | null;
  /** The first kitchen's cycles (5 and 3 hours ago) and the second's (an hour ago). */
  const before = [cycleHoursAgo(5), cycleHoursAgo(3)];
  const after = cycleHoursAgo(1);
  /** Closed before the takeover: the first kitchen's. */
  const closedAlarm = {
    id: randomUUID(),
    errorCode: 'OH01',
    startDate: new Date(Date.now() - 4 * HOUR).toISOString(),
    stopDate: new Date(Date.now() - 4 * HOUR + 60_000).toISOString(),
  };
  /** Opened before the takeover and still open: the machine's state the second kitchen lives with. */
  const openAlarm = {
    id: randomUUID(),
    errorCode: 'W03',
    startDate: new Date(Date.now() - 4 * HOUR).toISOString(),
    stopDate: null,
  };

  const sql = <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    server.washboard.database.transaction((q) => q.query<R>(text, params)).then((r) => r.rows);
  const at = (rest: string) => `/api/v1/event-hub-listener/event/${serial}${rest}`;
  const get = async <T>(headers: THeaders, rest: string): Promise<T> => {
    const res = await server.api(at(rest), { headers });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };
  const eventIds = async (headers: THeaders) => (await get<THaccpEventView[]>(headers, `/events?${query()}`)).map((e) => e.id);
  const claim = async (email: string) => {
    const res = await server.api('/api/v1/appliance/claim', json({ serialNumber: serial, userEmail: email }, admin));
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const unclaim = async (headers: THeaders) => {
    const res = await server.api(`/api/v1/appliance/unclaim?serialNumber=${serial}`, { method: 'POST', headers });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const ownerSince = async () =>
    (await sql<{ owner_since: Date | null }>('select owner_since from appliances where serial_number = $1', [serial]))[0]
      ?.owner_since ?? null;

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: testBroker() });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    const service = await newCompany(server, admin, 'Service');
    tech = await staffMember(server, admin, 'tech@service.test', 'SERVICE', service);
    for (const email of ['first@kitchen.test', 'second@kitchen.test', 'linked@kitchen.test'])
      await activeUser(server, admin, email);
    first = (await signIn(server, 'first@kitchen.test', PASSWORD)).headers;
    second = (await signIn(server, 'second@kitchen.test', PASSWORD)).headers;
    linked = (await signIn(server, 'linked@kitchen.test', PASSWORD)).headers;
    const product = await createProduct(server, admin, { modelNumber: 'WB-500', gamma: 'infinity', type: 'undercounter' });
    serial = product.serialNumber;
    await claim('first@kitchen.test');
    await claim('tech@service.test');
    const device = await connectDevice(server, product);
    for (const payload of [...before, after]) await publish(device, serial, 'event', payload);
    for (const payload of [closedAlarm, openAlarm]) await publish(device, serial, 'alarm', payload);
    for (const hoursAgo of [4, 1])
      await publish(device, serial, 'stats', deviceStats(new Date(Date.now() - hoursAgo * HOUR).toISOString(), 10 - hoursAgo));
    // Boiler temperatures: the earlier kitchen’s peak of 119 °C 3 hours ago, the second kitchen’s 70 °C (tenths of a degree, as sent and charted).
    for (const [hoursAgo, boilerTmp] of [
      [3, 1190],
      [1, 700],
    ] as const) {
      await publish(device, serial, 'telemetry', {
        ts: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
        boilerTmp,
        tankTmp: 600,
      });
    }
    await eventually(async () => {
      const [row] = await sql<{ events: number; stats: number; entries: number; telemetry: number }>(
        `select (select count(*)::int from haccp_events where serial_number = $1) as events,
                (select count(*)::int from appliance_stats where serial_number = $1) as stats,
                (select count(*)::int from haccp_chain_entries where serial_number = $1) as entries,
                (select count(*)::int from telemetry where serial_number = $1) as telemetry`,
        [serial],
      );
      return row?.events === 3 && row.stats === 2 && row.entries === 6 && row.telemetry === 2;
    });
    await device.endAsync(true);
    // The first kitchen lets the machine go; the second claims it.
    firstSaw = await eventIds(first);
    await unclaim(first);
    await claim('second@kitchen.test');
    claimedAt = await ownerSince();
    // The takeover, moved back to where the records' clock has it (records cannot be sent from the future).
    takeover = new Date(Date.now() - 2.5 * HOUR);
    await sql('update appliances set owner_since = $2 where serial_number = $1', [serial, takeover]);
  }, 120_000);
  afterAll(() => server.close());

  it('lets the machine’s first kitchen read all of its history, and starts the next owner’s at its claim', async () => {
    // Sent before anyone claimed it, the first owner read every record (no earlier kitchen's).
    expect(firstSaw).toHaveLength(3);
    expect(claimedAt?.getTime()).toBeGreaterThan(Date.now() - 120_000);
    // Released and claimed again by the same owner, nobody in between: its history stays its own.
    await unclaim(second);
    await claim('second@kitchen.test');
    expect(await ownerSince()).toEqual(takeover);
    // The machine's first service company: no earlier one, and claiming it again changes nothing.
    await claim('tech@service.test');
    const [row] = await sql<{ company_since: Date | null; last_company_code: string }>(
      'select company_since, last_company_code from appliances where serial_number = $1',
      [serial],
    );
    expect(row?.company_since).toBeNull();
    expect(row?.last_company_code).toBeTruthy();
  });

  it('shows the new owner only the HACCP events from its takeover on, and the service all of them', async () => {
    expect(await eventIds(second)).toEqual([after.id]);
    expect(new Set(await eventIds(tech))).toEqual(new Set([after.id, ...before.map((e) => e.id)]));
    // The first kitchen sees the machine no more.
    expect((await server.api(at(`/events?${query()}`), { headers: first })).status).toBe(404);
    // One of the earlier kitchen's records, asked by id: not the new owner's to read.
    const earlier = await server.api(at(`/events/${before[1]?.id}`), { headers: second });
    expect(earlier.status).toBe(404);
    expect((await server.api(at(`/events/${after.id}`), { headers: second })).status).toBe(200);
    expect((await server.api(at(`/events/${before[1]?.id}`), { headers: tech })).status).toBe(200);
  });

  it('shows the new owner the alarms active since its takeover: one still open, not one closed before', async () => {
    const alarms = await get<THaccpAlarmView[]>(second, `/alarms?${query()}`);
    expect(alarms.map((a) => a.id)).toEqual([openAlarm.id]);
    const all = await get<THaccpAlarmView[]>(tech, `/alarms?${query()}`);
    expect(new Set(all.map((a) => a.id))).toEqual(new Set([openAlarm.id, closedAlarm.id]));
  });

  it('leaves the earlier kitchen’s counters out of the new owner’s statistics', async () => {
    const stats = await get<TDeviceStats[]>(second, `/statistics?${query()}`);
    expect(stats.map((s) => s.totalCycles)).toEqual([9]);
    expect((await get<TDeviceStats[]>(tech, `/statistics?${query()}`)).map((s) => s.totalCycles)).toEqual([6, 9]);
  });

  it('draws the new owner’s temperature chart from its takeover on', async () => {
    const peak = async (headers: THeaders) => {
      const chart = await get<TTemperatureHistory>(headers, '/temperature-history?period=day');
      return Math.max(...chart.buckets.map((b) => b.max.boilerTmp ?? 0));
    };
    expect(await peak(second)).toBe(700);
    expect(await peak(tech)).toBe(1190);
  });

  it('exports to the new owner only its records, and refuses days wholly before its takeover', async () => {
    const csv = await server.api(at(`/events/export.csv?${query()}`), { headers: second });
    expect(csv.status, await csv.clone().text()).toBe(200);
    const text = await csv.text();
    // The CSV names a record by its times.
    expect(text).toContain(after.start);
    for (const e of before) expect(text).not.toContain(e.start);
    const pdf = await server.api(at(`/events/export?${query()}`), { headers: second });
    expect(pdf.status).toBe(200);
    // Days before the takeover: a translated 409 in the caller's language, for reports and telemetry alike.
    const old = { startDate: utcDay(Date.now() - 5 * DAY), stopDate: utcDay(Date.now() - 4 * DAY) };
    for (const path of ['/events/export.csv', '/alarms/export', '/telemetry/export.csv']) {
      const res = await server.api(at(`${path}?${query(old)}`), { headers: { ...second, 'accept-language': 'de' } });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        code: 'PERIOD_BEFORE_TAKEOVER',
        message: catalogues.de.apiErrors.PERIOD_BEFORE_TAKEOVER,
      });
      // The service reads those days.
      expect((await server.api(at(`${path}?${query(old)}`), { headers: tech })).status).toBe(200);
    }
  });

  it('lists to the new owner only the corrections of its own records, made since its takeover', async () => {
    for (const [record, note] of [
      [before[1]?.id, 'Probe of the earlier kitchen recalibrated'],
      [after.id, 'Rinse arm cleaned'],
    ] as const) {
      const res = await server.api(at('/haccp/corrections'), json({ correctsKind: 'event', correctsId: record, note }, tech));
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const notes = async (headers: THeaders) =>
      (await get<THaccpCorrectionView[]>(headers, '/haccp/corrections')).map((c) => c.note);
    expect(await notes(second)).toEqual(['Rinse arm cleaned']);
    expect(new Set(await notes(tech))).toEqual(new Set(['Probe of the earlier kitchen recalibrated', 'Rinse arm cleaned']));
  });

  it('verifies the new owner’s days and counts, without naming, a changed record of the earlier kitchen', async () => {
    const clean = await get<THaccpVerification>(second, `/haccp/verification?${query()}`);
    expect(clean).toMatchObject({ verified: true, breaks: [], breaksOutsidePeriod: 0 });
    expect(Date.parse(clean.from)).toBe(takeover.getTime());
    await sql(`update haccp_events set measurements = jsonb_set(measurements, '{rinseMaxTmp}', '900') where id = $1`, [
      before[1]?.id,
    ]);
    try {
      const broken = await get<THaccpVerification>(second, `/haccp/verification?${query()}`);
      expect(broken).toMatchObject({ verified: false, breaks: [], breaksOutsidePeriod: 1 });
      const byService = await get<THaccpVerification>(tech, `/haccp/verification?${query()}`);
      expect(byService.verified).toBe(false);
      expect(byService.breaks.map((b) => b.recordId)).toContain(before[1]?.id);
    } finally {
      await sql(`update haccp_events set measurements = jsonb_set(measurements, '{rinseMaxTmp}', '851') where id = $1`, [
        before[1]?.id,
      ]);
    }
  });

  it('gives an inspector link of the new owner the days from its takeover only', async () => {
    const res = await server.api(at('/haccp/inspector-links'), json(PERIOD, second));
    expect(res.status, await res.clone().text()).toBe(201);
    const link = (await res.json()) as TInspectorLinkCreated;
    expect(link.startDate).toBe(utcDay(takeover.getTime()));
    const view = (await (await server.api(`/api/v1/inspect/${link.token}`)).json()) as TInspectionView;
    expect(view.events.map((e) => e.id)).toEqual([after.id]);
    expect(view.alarms.map((a) => a.id)).toEqual([openAlarm.id]);
    expect(view.verification.verified).toBe(true);
    const csv = await (await server.api(`/api/v1/inspect/${link.token}/exports/events-csv`)).text();
    expect(csv).toContain(after.start);
    for (const e of before) expect(csv).not.toContain(e.start);
    // Days wholly before the takeover are not the new owner's to share.
    const old = { startDate: utcDay(Date.now() - 5 * DAY), stopDate: utcDay(Date.now() - 4 * DAY) };
    const refused = await server.api(at('/haccp/inspector-links'), json(old, second));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('PERIOD_BEFORE_TAKEOVER');
    // The service shares the whole period.
    const byService = (await (
      await server.api(at('/haccp/inspector-links'), json(PERIOD, tech))
    ).json()) as TInspectorLinkCreated;
    const whole = (await (await server.api(`/api/v1/inspect/${byService.token}`)).json()) as TInspectionView;
    expect(whole.events).toHaveLength(3);
  });

  it('shows an alarm still open at the takeover without the earlier kitchen’s people and words', async () => {
    // Another machine: an alarm opened an hour ago, acknowledged by the first kitchen and corrected by
    // the service; then it changes hands, now.
    const product = await createProduct(server, admin, { modelNumber: 'WB-500', gamma: 'infinity', type: 'undercounter' });
    const machineAt = (rest: string) => `/api/v1/event-hub-listener/event/${product.serialNumber}${rest}`;
    const hand = async (email: string) => {
      const res = await server.api(
        '/api/v1/appliance/claim',
        json({ serialNumber: product.serialNumber, userEmail: email }, admin),
      );
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await hand('first@kitchen.test');
    await hand('tech@service.test');
    const alarm = { id: randomUUID(), errorCode: 'W03', startDate: new Date(Date.now() - HOUR).toISOString(), stopDate: null };
    const device = await connectDevice(server, product);
    await publish(device, product.serialNumber, 'alarm', alarm);
    await eventually(async () => (await sql('select 1 from alarms where id = $1', [alarm.id])).length === 1);
    await device.endAsync(true);
    const ack = await server.api(machineAt(`/alarms/${alarm.id}/acknowledge`), json({ note: 'Olga: detergent ordered' }, first));
    expect(ack.status, await ack.clone().text()).toBe(200);
    const corrected = await server.api(
      machineAt('/haccp/corrections'),
      json({ correctsKind: 'alarm', correctsId: alarm.id, note: 'Dosing pump checked by Marco' }, tech),
    );
    expect(corrected.status, await corrected.clone().text()).toBe(201);
    const released = await server.api(`/api/v1/appliance/unclaim?serialNumber=${product.serialNumber}`, {
      method: 'POST',
      headers: first,
    });
    expect(released.status).toBe(200);
    await hand('second@kitchen.test');

    const alarmsOf = async (headers: THeaders) =>
      (await (await server.api(machineAt(`/alarms?${query()}`), { headers })).json()) as THaccpAlarmView[];
    const [shown] = await alarmsOf(second);
    // Still acknowledged (it cannot be acknowledged twice), but by nobody it may know, without the note.
    expect(shown).toMatchObject({ id: alarm.id, acknowledgement: { by: null, note: null }, corrections: [] });
    // Assigning it answers, and pushes to every page of the machine, the same.
    const me = await userIdOf(server, admin, 'second@kitchen.test');
    const assigned = await server.api(machineAt(`/alarms/${alarm.id}/assign`), json({ userId: me }, second));
    expect(assigned.status, await assigned.clone().text()).toBe(200);
    expect(await assigned.json()).toMatchObject({ acknowledgement: { by: null, note: null }, assignment: { to: { id: me } } });
    const [full] = await alarmsOf(tech);
    expect(full?.acknowledgement?.note).toBe('Olga: detergent ordered');
    expect(full?.corrections.map((c) => c.note)).toEqual(['Dosing pump checked by Marco']);
    // The same in the exports and through an inspector link of the new owner.
    const csv = await (await server.api(machineAt(`/alarms/export.csv?${query()}`), { headers: second })).text();
    expect(csv).toContain(alarm.startDate);
    expect(csv).not.toMatch(/Olga|Marco/);
    expect(await (await server.api(machineAt(`/alarms/export.csv?${query()}`), { headers: tech })).text()).toContain('Marco');
    const link = (await (
      await server.api(machineAt('/haccp/inspector-links'), json(PERIOD, second))
    ).json()) as TInspectorLinkCreated;
    const view = (await (await server.api(`/api/v1/inspect/${link.token}`)).json()) as TInspectionView;
    expect(view.alarms.map((a) => a.id)).toEqual([alarm.id]);
    expect(JSON.stringify(view)).not.toMatch(/Olga|Marco/);
    const copy = await server.api(`/api/v1/inspect/${link.token}/exports/alarms-csv`);
    expect(await copy.text()).not.toMatch(/Olga|Marco/);
  });

  it('does not count an administrator’s hold of its own as an earlier kitchen', async () => {
    const product = await createProduct(server, admin, { modelNumber: 'WB-500', gamma: 'infinity', type: 'undercounter' });
    const hold = (path: 'claim' | 'unclaim', email: string) =>
      path === 'claim'
        ? server.api('/api/v1/appliance/claim', json({ serialNumber: product.serialNumber, userEmail: email }, admin))
        : server.api(`/api/v1/appliance/unclaim?serialNumber=${product.serialNumber}&userEmail=${email}`, {
            method: 'POST',
            headers: admin,
          });
    for (const [path, email] of [
      ['claim', ADMIN.email],
      ['unclaim', ADMIN.email],
      ['claim', 'first@kitchen.test'],
    ] as const) {
      const res = await hold(path, email);
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const [row] = await sql<{ owner_since: Date | null }>('select owner_since from appliances where serial_number = $1', [
      product.serialNumber,
    ]);
    expect(row).toEqual({ owner_since: null });
  });

  it('shows an account linked to the machine’s customer the history from the latest change of hands on any side', async () => {
    const customer = async (name: string) => {
      const res = await server.api('/api/v1/customers', json({ name, surname: 'Da Gino' }, tech));
      const { id } = (await res.json()) as TCustomerDetail;
      const linking = await server.api(`/api/v1/customers/${id}/accounts`, json({ email: 'linked@kitchen.test' }, tech));
      expect(linking.status, await linking.clone().text()).toBe(200);
      return id;
    };
    const assign = async (id: string, method = 'PUT') =>
      expect((await server.api(`/api/v1/customers/${id}/appliances/${serial}`, { method, headers: tech })).status).toBe(200);
    const customerSince = async () =>
      (await sql<{ customer_since: Date | null }>('select customer_since from appliances where serial_number = $1', [serial]))[0]
        ?.customer_since ?? null;
    // The machine's first customer: the owner's takeover is the latest change of hands.
    const trattoria = await customer('Trattoria');
    await assign(trattoria);
    expect(await customerSince()).toBeNull();
    expect(await eventIds(linked)).toEqual([after.id]);
    // Another service company took the machine half an hour ago (the kitchen changed its provider):
    // the owner keeps its history; an account that sees it through the service's customer does not.
    await sql('update appliances set company_since = $2 where serial_number = $1', [serial, new Date(Date.now() - 0.5 * HOUR)]);
    expect(await eventIds(second)).toEqual([after.id]);
    expect(await eventIds(linked)).toEqual([]);
    await sql('update appliances set company_since = null where serial_number = $1', [serial]);
    // The service moves the machine to another of its customers: it went to another kitchen, nothing
    // of the past for that customer's accounts nor for its owner.
    await assign(trattoria, 'DELETE');
    const osteria = await customer('Osteria');
    await assign(osteria);
    const moved = await customerSince();
    expect(moved?.getTime()).toBeGreaterThan(Date.now() - 120_000);
    expect(await eventIds(linked)).toEqual([]);
    expect(await eventIds(second)).toEqual([]);
    expect(await eventIds(tech)).toHaveLength(3);
    // Assigned again to the same customer: its time stays.
    await assign(osteria);
    expect(await customerSince()).toEqual(moved);
    // The latest of the sides counts: an owner's takeover 5.5 hours ago, a move of customer 3.5 hours ago.
    await sql('update appliances set owner_since = $2, customer_since = $3 where serial_number = $1', [
      serial,
      new Date(Date.now() - 5.5 * HOUR),
      new Date(Date.now() - 3.5 * HOUR),
    ]);
    expect(new Set(await eventIds(linked))).toEqual(new Set([after.id, before[1]?.id]));
    expect(new Set(await eventIds(second))).toEqual(new Set([after.id, before[1]?.id]));
    // The kitchen changes its service company: the new one takes the machine and files it under a
    // customer of its own. The owner keeps its history.
    const other = await newCompany(server, admin, 'Other service');
    const tech2 = await staffMember(server, admin, 'tech2@service.test', 'SERVICE', other);
    await claim('tech2@service.test');
    const bistro = await server.api('/api/v1/customers', json({ name: 'Bistro', surname: 'Da Gino' }, tech2));
    const { id: bistroId } = (await bistro.json()) as TCustomerDetail;
    const filed = await server.api(`/api/v1/customers/${bistroId}/appliances/${serial}`, { method: 'PUT', headers: tech2 });
    expect(filed.status, await filed.clone().text()).toBe(200);
    expect(new Set(await eventIds(second))).toEqual(new Set([after.id, before[1]?.id]));
  });
});
