import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogues,
  type TAuditPage,
  type TCustomerDetail,
  type THaccpVerification,
  type TInspectionView,
  type TInspectorLinkCreated,
  type TInspectorLinkOpening,
  type TInspectorLinkView,
  UNNAMED_PERSON,
} from '@washboard/contracts';
import { startTestServer, testBroker, type TTestServer } from '../../../test/harness';
import { ADMIN, activeUser, json, newCompany, PASSWORD, signIn, staffMember } from '../../../test/accounts';
import { connectDevice, createProduct, cycleHoursAgo, eventually, publish } from '../../../test/devices';
import { redactUrl } from '../../logger';
import { clientNetwork } from '../../http/client-network';
import { pdfText } from '../../../test/pdf-text';

type THeaders = Record<string, string>;
type TError = { code: string; message: string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
/** The period the links show: yesterday and today (UTC), where the records of the tests are. */
const PERIOD = { startDate: utcDay(Date.now() - DAY), stopDate: utcDay(Date.now()) };
const CORRECTION_NOTE = 'Rinse probe checked by hand: 85 °C';
const ALARM_CORRECTION_NOTE = 'Detergent line primed again';
/** Anything shaped like an e-mail address. */
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;

/**
 * docs/hygiene.md, "Inspector links": the owner side or the service of a machine shares its HACCP
 * record over a period through a read-only, time-limited, revocable link; opening it needs no
 * account, shows that machine and period only, and is logged.
 */
describe(`inspector links (${testBroker()})`, () => {
  let server: TTestServer;
  let admin: THeaders;
  /** KITCHEN_MANAGER, owner of the machines. */
  let owner: THeaders;
  /** SERVICE of the company that services them. */
  let tech: THeaders;
  /** KITCHEN_MANAGER linked to the customer the machine is assigned to: sees it, does not own it. */
  let viewer: THeaders;
  /** KITCHEN_MANAGER with machines of its own only. */
  let stranger: THeaders;
  let serial: string;
  let otherSerial: string;
  const inPeriod = [cycleHoursAgo(2), cycleHoursAgo(1)];
  const outOfPeriod = cycleHoursAgo(24 * 5);
  const openAlarm = {
    id: randomUUID(),
    errorCode: 'W03',
    startDate: new Date(Date.now() - 1.5 * HOUR).toISOString(),
    stopDate: null,
  };
  const oldAlarm = {
    id: randomUUID(),
    errorCode: 'OH01',
    startDate: new Date(Date.now() - 5 * DAY).toISOString(),
    stopDate: new Date(Date.now() - 5 * DAY + 60_000).toISOString(),
  };

  const sql = <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    server.washboard.database.transaction((q) => q.query<R>(text, params)).then((r) => r.rows);
  const at = (machine: string, rest = '') => `/api/v1/event-hub-listener/event/${machine}/haccp/inspector-links${rest}`;
  const create = (headers: THeaders, body: unknown, machine = serial) => server.api(at(machine), json(body, headers));
  const created = async (headers: THeaders, body: Record<string, unknown> = {}, machine = serial) => {
    const res = await create(headers, { ...PERIOD, ...body }, machine);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as TInspectorLinkCreated;
  };
  const inspect = (token: string, headers: Record<string, string> = {}, brand?: string) =>
    server.api(`/api/v1/inspect/${encodeURIComponent(token)}`, { headers, brand });
  const linkCount = async () => (await sql<{ n: number }>('select count(*)::int as n from haccp_inspector_links'))[0]?.n ?? 0;
  const openingCount = async () =>
    (await sql<{ n: number }>('select count(*)::int as n from haccp_inspector_link_openings'))[0]?.n ?? 0;

  /**
   * `request` sent while another connection holds `change` uncommitted (PostgreSQL only): committed
   * once the request waits for a lock (or has answered); answers the request's answer.
   */
  async function whileChanging(change: string, params: unknown[], request: () => Promise<Response>): Promise<Response> {
    let answer: Response | undefined;
    await server.washboard.database.transaction(async (q) => {
      await q.query(change, params);
      void request().then((res) => (answer = res));
      await eventually(async () => {
        if (answer) return true;
        const waiting = await sql<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        return (waiting[0]?.n ?? 0) > 0;
      });
    });
    return eventually(async () => answer);
  }

  /** A product claimed for the owner and serviced by the technician's company, with `records` sent over MQTT. */
  async function machine(records: { topic: 'event' | 'alarm'; payload: unknown }[]): Promise<string> {
    const product = await createProduct(server, admin, { modelNumber: 'WB-500', gamma: 'infinity', type: 'undercounter' });
    for (const email of ['owner@kitchen.test', 'tech@service.test']) {
      const res = await server.api(
        '/api/v1/appliance/claim',
        json({ serialNumber: product.serialNumber, userEmail: email }, admin),
      );
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const device = await connectDevice(server, product);
    for (const r of records) await publish(device, product.serialNumber, r.topic, r.payload);
    await eventually(async () => {
      const [row] = await sql<{ n: number }>('select count(*)::int as n from haccp_chain_entries where serial_number = $1', [
        product.serialNumber,
      ]);
      return (row?.n ?? 0) >= records.length + records.filter((r) => (r.payload as { stopDate?: unknown }).stopDate).length;
    });
    await device.endAsync(true);
    return product.serialNumber;
  }

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: testBroker() });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    const service = await newCompany(server, admin, 'Service');
    tech = await staffMember(server, admin, 'tech@service.test', 'SERVICE', service);
    await activeUser(server, admin, 'owner@kitchen.test', 'LUMINA', { firstName: 'Olga', lastName: 'Ferri' });
    for (const email of ['viewer@kitchen.test', 'stranger@kitchen.test']) await activeUser(server, admin, email);
    owner = (await signIn(server, 'owner@kitchen.test', PASSWORD)).headers;
    viewer = (await signIn(server, 'viewer@kitchen.test', PASSWORD)).headers;
    stranger = (await signIn(server, 'stranger@kitchen.test', PASSWORD)).headers;
    serial = await machine([
      { topic: 'event', payload: outOfPeriod },
      { topic: 'alarm', payload: oldAlarm },
      ...inPeriod.map((payload) => ({ topic: 'event' as const, payload })),
      { topic: 'alarm', payload: openAlarm },
    ]);
    otherSerial = await machine([{ topic: 'event', payload: cycleHoursAgo(1.5) }]);
    // The owner acknowledges the open alarm.
    const ack = await server.api(
      `/api/v1/event-hub-listener/event/${serial}/alarms/${openAlarm.id}/acknowledge`,
      json({ note: 'Detergent can replaced' }, owner),
    );
    expect(ack.status, await ack.clone().text()).toBe(200);
    // The viewer: a kitchen manager linked to the customer the machine is assigned to.
    const customer = await server.api('/api/v1/customers', json({ name: 'Trattoria', surname: 'Da Gino' }, tech));
    const { id } = (await customer.json()) as TCustomerDetail;
    expect((await server.api(`/api/v1/customers/${id}/appliances/${serial}`, { method: 'PUT', headers: tech })).status).toBe(200);
    const link = await server.api(`/api/v1/customers/${id}/accounts`, json({ email: 'viewer@kitchen.test' }, tech));
    expect(link.status, await link.clone().text()).toBe(200);
    // An account without a name corrects a record and reviews the day: the record names it, but never
    // by its e-mail address or id (the public answer is checked below).
    await sql(`update users set first_name = '', last_name = '' where email = $1`, [ADMIN.email]);
    const correction = await server.api(
      `/api/v1/event-hub-listener/event/${serial}/haccp/corrections`,
      json({ correctsKind: 'event', correctsId: inPeriod[0]?.id, note: CORRECTION_NOTE }, admin),
    );
    expect(correction.status, await correction.clone().text()).toBe(201);
    const onAlarm = await server.api(
      `/api/v1/event-hub-listener/event/${serial}/haccp/corrections`,
      json({ correctsKind: 'alarm', correctsId: openAlarm.id, note: ALARM_CORRECTION_NOTE }, admin),
    );
    expect(onAlarm.status, await onAlarm.clone().text()).toBe(201);
    expect(await server.washboard.haccpChain.closeOut(new Date(Date.now() + DAY), 1)).toBeGreaterThanOrEqual(1);
    const review = await server.api(`/api/v1/event-hub-listener/event/${serial}/haccp/close-outs/${PERIOD.stopDate}/review`, {
      method: 'POST',
      headers: admin,
    });
    expect(review.status, await review.clone().text()).toBe(200);
  }, 120_000);
  afterAll(() => server.close());

  describe('POST …/haccp/inspector-links', () => {
    it('gives the owner a link with a 256-bit token, shown once and stored only as its hash, and audits it', async () => {
      const link = await created(owner, { label: 'ASL Milano, Dr. Bianchi' });
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(link.path).toBe(`/inspect/${link.token}`);
      expect(link).toMatchObject({ serialNumber: serial, ...PERIOD, label: 'ASL Milano, Dr. Bianchi', status: 'active' });
      expect(link.createdByName).toBe('Olga Ferri');
      expect(link.openings).toBe(0);
      // 30 days by default.
      expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(30 * DAY - 60_000);
      expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(30 * DAY);
      const [row] = await sql<Record<string, unknown>>('select * from haccp_inspector_links where id = $1', [link.id]);
      expect(row?.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(link.token);
      // Never shown again.
      const list = (await (await server.api(at(serial), { headers: owner })).json()) as TInspectorLinkView[];
      expect(JSON.stringify(list)).not.toContain(link.token);
      const audit = await server.api(`/api/v1/audit?action=haccp.link-create&serial=${serial}`, { headers: admin });
      const page = (await audit.json()) as TAuditPage;
      const record = page.items.find((r) => (r.after as { linkId?: string } | null)?.linkId === link.id);
      expect(record).toMatchObject({ actorEmail: 'owner@kitchen.test', targetId: serial });
      expect(JSON.stringify(page)).not.toContain(link.token);
    });

    it('lets the service create one too, valid for the days asked', async () => {
      const link = await created(tech, { expiresInDays: 7, label: '   ' });
      expect(link.label).toBeNull();
      expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
      expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(7 * DAY);
    });

    it('names an account without a name by the stand-in, never by its e-mail address', async () => {
      const link = await created(admin);
      expect(link.createdByName).toBe(UNNAMED_PERSON);
      const res = await server.api(at(serial, `/${link.id}/revoke`), { method: 'POST', headers: admin });
      expect(((await res.json()) as TInspectorLinkView).revokedByName).toBe(UNNAMED_PERSON);
    });

    it('refuses a kitchen manager who only sees the machine through its customer (403, translated), storing nothing', async () => {
      const before = await linkCount();
      const res = await create({ ...viewer, 'accept-language': 'de' }, PERIOD);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ code: 'FORBIDDEN', message: catalogues.de.apiErrors.FORBIDDEN });
      expect(await linkCount()).toBe(before);
    });

    it('answers 404 for a machine the caller does not see, and 401 without a session', async () => {
      const before = await linkCount();
      const res = await create(stranger, PERIOD);
      expect(res.status).toBe(404);
      expect(((await res.json()) as TError).code).toBe('APPLIANCE_NOT_FOUND');
      expect((await server.api(at(serial), { ...json(PERIOD) })).status).toBe(401);
      expect(await linkCount()).toBe(before);
    });

    // Two connections at once: PostgreSQL only (PGlite runs one statement at a time).
    it.runIf(process.env.TEST_DB === 'postgres')(
      'stores no link of a machine whose release was under way, answering 409 (translated)',
      async () => {
        const racing = await machine([{ topic: 'event', payload: cycleHoursAgo(2) }]);
        const before = await linkCount();
        // A release under way in another connection: the holders changed, not committed yet.
        const res = await whileChanging(
          'update appliances set owner_user_id = null, claimed_at = null where serial_number = $1',
          [racing],
          () => create({ ...owner, 'accept-language': 'es' }, PERIOD, racing),
        );
        expect(res.status, await res.clone().text()).toBe(409);
        expect(await res.json()).toEqual({ code: 'CONFLICT', message: catalogues.es.apiErrors.CONFLICT });
        expect(await linkCount()).toBe(before);
      },
    );

    it.runIf(process.env.TEST_DB === 'postgres')(
      'stores no link of an account whose change was under way, answering 409',
      async () => {
        const racing = await machine([{ topic: 'event', payload: cycleHoursAgo(2) }]);
        const company = (
          await sql<{ code: string }>('select company_code as code from appliances where serial_number = $1', [racing])
        )[0]?.code;
        const headers = await staffMember(server, admin, 'racing@service.test', 'SERVICE', company ?? '');
        const before = await linkCount();
        // A change of the account under way in another connection (as updateRole makes it), not committed yet.
        const res = await whileChanging(
          `update users set role = 'KITCHEN_MANAGER' where email = $1`,
          ['racing@service.test'],
          () => create(headers, PERIOD, racing),
        );
        expect(res.status, await res.clone().text()).toBe(409);
        expect(await linkCount()).toBe(before);
      },
    );

    it.each([
      ['a period over a year', { startDate: '2025-01-01', stopDate: '2026-01-03' }, 'INVALID_DATE_RANGE'],
      ['a period of 367 days', { startDate: '2025-01-01', stopDate: '2026-01-02' }, 'INVALID_DATE_RANGE'],
      ['a period ending after today', { ...PERIOD, stopDate: utcDay(Date.now() + DAY) }, 'INSPECTOR_LINK_PERIOD_AHEAD'],
      ['a reversed period', { startDate: '2026-02-10', stopDate: '2026-02-01' }, 'VALIDATION_FAILED'],
      ['a day that is not in the calendar', { startDate: '2026-02-30', stopDate: '2026-03-01' }, 'VALIDATION_FAILED'],
      ['a day that is not one', { startDate: '2026-02-28x', stopDate: '2026-03-01' }, 'VALIDATION_FAILED'],
      ['more than 90 days', { ...PERIOD, expiresInDays: 91 }, 'VALIDATION_FAILED'],
      ['no day at all', { ...PERIOD, expiresInDays: 0 }, 'VALIDATION_FAILED'],
      ['part of a day', { ...PERIOD, expiresInDays: 1.5 }, 'VALIDATION_FAILED'],
      ['a label over 100 characters', { ...PERIOD, label: 'x'.repeat(101) }, 'VALIDATION_FAILED'],
      ['no period', { expiresInDays: 30 }, 'VALIDATION_FAILED'],
    ])('refuses %s with a translated 400, storing nothing', async (_what, body, code) => {
      const before = await linkCount();
      const res = await create({ ...owner, 'accept-language': 'fr' }, body);
      expect(res.status).toBe(400);
      const error = (await res.json()) as TError;
      expect(error.code).toBe(code);
      expect(error.message.startsWith(catalogues.fr.apiErrors[code as 'VALIDATION_FAILED'])).toBe(true);
      expect(await linkCount()).toBe(before);
    });
  });

  describe('GET /api/v1/inspect/{token}', () => {
    it('shows without an account only that machine and period: events with heat doses, alarms, a verified record', async () => {
      const link = await created(owner, { label: 'Dr. Bianchi' });
      const res = await inspect(link.token);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      // The address is a bearer token: it must not travel on as a referrer nor be indexed.
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      const body = await res.text();
      const view = JSON.parse(body) as TInspectionView;
      expect(view).toMatchObject({
        brand: 'LUMINA',
        machine: { serialNumber: serial, modelNumber: 'WB-500', rangeName: 'Infinity', gamma: 'infinity', type: 'undercounter' },
        ...PERIOD,
        label: 'Dr. Bianchi',
        expiresAt: link.expiresAt,
        unitSystem: 'metric',
      });
      // Newest first; the cycle of five days ago and the other machine's are not there.
      expect(view.events.map((e) => e.id)).toEqual([inPeriod[1]?.id, inPeriod[0]?.id]);
      for (const e of view.events) {
        expect(e.verdict).toBe('pass');
        expect(e.heatDose?.hue).toBeGreaterThan(3600);
        expect(e.chain).not.toBeNull();
      }
      expect(view.alarms).toEqual([
        {
          id: openAlarm.id,
          errorCode: 'W03',
          startDate: openAlarm.startDate,
          stopDate: null,
          acknowledgement: { by: { name: 'Olga Ferri' }, at: expect.any(String) as string, note: 'Detergent can replaced' },
          // Its place in the chain, as the events show theirs: the machine delivered it, nobody carried it.
          chain: {
            seq: expect.any(Number) as number,
            hash: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
            late: expect.any(Boolean) as boolean,
            carriedBy: null,
          },
          // Its correction, by the name the record keeps, as the events' corrections.
          corrections: [
            {
              id: expect.any(String) as string,
              note: ALARM_CORRECTION_NOTE,
              authorName: 'N.N.',
              createdAt: expect.any(String) as string,
            },
          ],
          // No other version of it came.
          otherVersions: [],
        },
      ]);
      expect(view.verification).toMatchObject({ serialNumber: serial, verified: true, breaks: [], breaksOutsidePeriod: 0 });
      expect(view.verification.checked).toBeGreaterThanOrEqual(6);
      // The correction and the review name their author as the record keeps it.
      expect(view.events.find((e) => e.id === inPeriod[0]?.id)?.corrections).toEqual([
        {
          id: expect.any(String) as string,
          note: CORRECTION_NOTE,
          authorName: UNNAMED_PERSON,
          createdAt: expect.any(String) as string,
        },
      ]);
      expect(view.verification.closeOuts).toEqual([
        expect.objectContaining({
          day: PERIOD.stopDate,
          matchesChain: true,
          reviewerName: UNNAMED_PERSON,
          reviewSignatureValid: true,
        }),
      ]);
      // Nothing of accounts: no e-mail address, no account's id.
      expect(body).not.toMatch(EMAIL);
      const accounts = await sql<{ id: string }>('select id from users');
      expect(accounts.length).toBeGreaterThanOrEqual(5);
      for (const { id } of accounts) expect(body).not.toContain(id);
    });

    it('names only the verification problems inside the period; those outside are counted, not named', async () => {
      const before = cycleHoursAgo(24 * 3);
      const inside = cycleHoursAgo(3);
      const tampered = await machine([
        { topic: 'event', payload: before },
        { topic: 'event', payload: inside },
      ]);
      // Both records are changed after they were stored; the walk reads the one before the period too.
      for (const e of [before, inside]) {
        await sql(`update haccp_events set measurements = jsonb_set(measurements, '{rinseMaxTmp}', '900') where id = $1`, [e.id]);
      }
      const link = await created(owner, {}, tampered);
      const res = await inspect(link.token);
      expect(res.status).toBe(200);
      const body = await res.text();
      const { verification } = JSON.parse(body) as TInspectionView;
      expect(verification.breaks).toEqual([expect.objectContaining({ problem: 'changed', recordId: inside.id })]);
      expect(verification.breaksOutsidePeriod).toBe(1);
      expect(verification.verified).toBe(false);
      expect(body).not.toContain(before.id);
      // The owner's own verification of the same period names both.
      const own = await server.api(
        `/api/v1/event-hub-listener/event/${tampered}/haccp/verification?startDate=${PERIOD.startDate}&stopDate=${PERIOD.stopDate}`,
        { headers: owner },
      );
      const named = ((await own.json()) as THaccpVerification).breaks.map((b) => b.recordId);
      expect(named).toEqual([before.id, inside.id]);
    });

    it('logs every opening — time, network, browser — and the owner sees how many and which', async () => {
      const link = await created(owner);
      const before = Date.now();
      for (const agent of ['Inspector/1.0 (tablet)', 'Inspector/2.0 (phone)']) {
        expect((await inspect(link.token, { 'user-agent': agent })).status).toBe(200);
      }
      const list = (await (await server.api(at(serial), { headers: owner })).json()) as TInspectorLinkView[];
      const listed = list.find((l) => l.id === link.id);
      expect(listed?.openings).toBe(2);
      expect(Date.parse(listed?.lastOpenedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
      const res = await server.api(at(serial, `/${link.id}/openings`), { headers: tech });
      expect(res.status).toBe(200);
      const openings = (await res.json()) as TInspectorLinkOpening[];
      expect(openings.map((o) => [o.network, o.userAgent])).toEqual([
        ['127.0.0.0/24', 'Inspector/2.0 (phone)'],
        ['127.0.0.0/24', 'Inspector/1.0 (tablet)'],
      ]);
    });

    it('answers 404 for an unknown token, another brand, or a deleted machine, logging nothing', async () => {
      const serialToDelete = await machine([{ topic: 'event', payload: cycleHoursAgo(3) }]);
      const link = await created(owner, {}, serialToDelete);
      const other = await created(owner);
      const before = await openingCount();
      const unknown = await inspect('x'.repeat(43), { 'accept-language': 'es' });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({
        code: 'INSPECTOR_LINK_NOT_FOUND',
        message: catalogues.es.apiErrors.INSPECTOR_LINK_NOT_FOUND,
      });
      expect((await inspect(other.token, {}, 'KESTREL')).status).toBe(404);
      expect(
        (await server.api(`/api/v1/appliance/products/${serialToDelete}`, { method: 'DELETE', headers: admin })).status,
      ).toBe(200);
      expect((await inspect(link.token)).status).toBe(404);
      expect(await openingCount()).toBe(before);
    });

    it.each([
      ['too short', 'x'.repeat(42)],
      ['too long', 'x'.repeat(44)],
      ['far too long', 'x'.repeat(129)],
      ['padded', `${'x'.repeat(42)}=`],
      ['not base64url', `${'x'.repeat(42)}+`],
    ])('refuses a token %s before looking it up (400), logging nothing', async (_what, token) => {
      const before = await openingCount();
      const res = await inspect(token, { 'accept-language': 'de' });
      expect(res.status).toBe(400);
      const error = (await res.json()) as TError;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message.startsWith(catalogues.de.apiErrors.VALIDATION_FAILED)).toBe(true);
      expect(await openingCount()).toBe(before);
    });

    it('answers 410 once the link has expired, saying nothing of the machine, and keeps the refused try', async () => {
      const link = await created(owner, { expiresInDays: 1 });
      await sql(`update haccp_inspector_links set expires_at = now() - interval '1 second' where id = $1`, [link.id]);
      const res = await inspect(link.token, { 'accept-language': 'it', 'user-agent': 'Late/1.0' });
      expect(res.status).toBe(410);
      expect(await res.json()).toEqual({
        code: 'INSPECTOR_LINK_EXPIRED',
        message: catalogues.it.apiErrors.INSPECTOR_LINK_EXPIRED,
      });
      const list = (await (await server.api(at(serial), { headers: owner })).json()) as TInspectorLinkView[];
      expect(list.find((l) => l.id === link.id)).toMatchObject({ status: 'expired', openings: 0, refusedOpenings: 1 });
      const openings = (await (
        await server.api(at(serial, `/${link.id}/openings`), { headers: owner })
      ).json()) as TInspectorLinkOpening[];
      expect(openings.map((o) => [o.userAgent, o.refused])).toEqual([['Late/1.0', 'expired']]);
    });
  });

  describe('GET /api/v1/inspect/{token}/exports/{file}', () => {
    const download = (token: string, file: string, headers: Record<string, string> = {}) =>
      server.api(`/api/v1/inspect/${encodeURIComponent(token)}/exports/${file}?timeZone=UTC`, {
        headers: { 'accept-language': 'en', ...headers },
      });
    const csvLines = async (res: Response) =>
      (await res.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');

    it("lets the inspector keep the link's record as PDF and CSV, that machine and period only, logging each download", async () => {
      const link = await created(owner, { label: 'Dr. Bianchi' });
      // Assigned work is the kitchen's own: the owner's CSV names the assignee, the inspector's does not.
      const people = (await (
        await server.api(`/api/v1/event-hub-listener/event/${serial}/alarms/assignees`, { headers: owner })
      ).json()) as { id: string; name: string }[];
      const assignee = people.find((p) => p.name === 'Anna Rossi');
      const assigned = await server.api(
        `/api/v1/event-hub-listener/event/${serial}/alarms/${openAlarm.id}/assign`,
        json({ userId: assignee?.id }, owner),
      );
      expect(assigned.status, await assigned.clone().text()).toBe(200);

      const events = await download(link.token, 'events-csv', { 'user-agent': 'Inspector/1.0' });
      expect(events.status, await events.clone().text()).toBe(200);
      expect(events.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(events.headers.get('cache-control')).toBe('no-store');
      expect(events.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(events.headers.get('content-disposition')).toBe(
        `attachment; filename="haccp-events_${serial}_${PERIOD.startDate}_${PERIOD.stopDate}.csv"`,
      );
      const eventLines = await csvLines(events);
      // The owner side's columns, named here one by one: a column added to the exports is shown to
      // inspectors only once it is added to this list.
      expect(eventLines[0]?.split(',')).toEqual([
        'kind',
        'cycle_name',
        'start',
        'stop',
        'completed',
        'parameter',
        'old_value',
        'new_value',
        'wash_temperature',
        'rinse_temperature',
        'temperature_unit',
        'verdict',
        'failures',
        'hue',
        'a0',
        'corrections',
        'chain_seq',
        'chain_hash',
        'late',
        'carried_by',
        'other_versions',
      ]);
      // The two cycles of the period, oldest first; not the one of five days ago, nor the other machine's.
      expect(eventLines).toHaveLength(3);
      expect(eventLines.slice(1).map((line) => line.split(',')[2])).toEqual([inPeriod[0]?.start, inPeriod[1]?.start]);
      expect(eventLines[1]).toContain(CORRECTION_NOTE);

      const alarms = await download(link.token, 'alarms-csv');
      const alarmLines = await csvLines(alarms);
      expect(alarmLines[0]?.split(',')).toEqual([
        'error_code',
        'description',
        'start',
        'stop',
        'severity',
        'acknowledged_by',
        'acknowledged_at',
        'acknowledgement_note',
        'assigned_to',
        'corrections',
        'chain_seq',
        'chain_hash',
        'close_chain_seq',
        'close_chain_hash',
        'late',
        'carried_by',
        'other_versions',
      ]);
      expect(alarmLines).toHaveLength(2);
      expect(alarmLines[1]).toMatch(/^W03,.*,Olga Ferri,[\d-]+T[\d:.]+Z,Detergent can replaced,,/);
      const owners = await server.api(
        `/api/v1/event-hub-listener/event/${serial}/alarms/export.csv?${new URLSearchParams(PERIOD)}`,
        { headers: owner },
      );
      expect(await owners.text()).toContain(',Detergent can replaced,Anna Rossi,');

      const report = await download(link.token, 'events-pdf', { 'accept-language': 'de' });
      expect(report.status).toBe(200);
      expect(report.headers.get('content-type')).toBe('application/pdf');
      expect(report.headers.get('content-language')).toBe('de');
      const text = pdfText(Buffer.from(await report.arrayBuffer()));
      expect(text).toContain('HACCP-Bericht');
      expect(text).toContain(serial);
      expect(text).toContain(CORRECTION_NOTE);
      // The document the owner side would hand over: its QR code and address lead to the dashboard's
      // verification page, never to the link — a filed copy is no key to the record.
      expect(text).toMatch(new RegExp(`http\\S+/device/${serial}/haccp/verification`));
      expect(text.replace(/\s+/g, '')).not.toContain(link.token);
      const alarmReport = await download(link.token, 'alarms-pdf');
      expect(alarmReport.status).toBe(200);
      expect(pdfText(Buffer.from(await alarmReport.arrayBuffer()))).toContain('W03');

      // Every download is kept with the link's openings, naming its file; none counts as the page shown.
      const listed = ((await (await server.api(at(serial), { headers: owner })).json()) as TInspectorLinkView[]).find(
        (l) => l.id === link.id,
      );
      expect(listed).toMatchObject({ openings: 0, refusedOpenings: 0 });
      const openings = (await (
        await server.api(at(serial, `/${link.id}/openings`), { headers: owner })
      ).json()) as TInspectorLinkOpening[];
      expect(openings.map((o) => [o.download, o.refused])).toEqual([
        ['alarms-pdf', null],
        ['events-pdf', null],
        ['alarms-csv', null],
        ['events-csv', null],
      ]);
      expect(openings[3]).toMatchObject({ network: '127.0.0.0/24', userAgent: 'Inspector/1.0' });
    });

    it('refuses a revoked link (410, keeping the try with its file), an unknown one (404) and an unknown file (400)', async () => {
      const link = await created(owner);
      expect((await server.api(at(serial, `/${link.id}/revoke`), { method: 'POST', headers: owner })).status).toBe(200);
      const gone = await download(link.token, 'events-pdf', { 'accept-language': 'fr' });
      expect(gone.status).toBe(410);
      expect(gone.headers.get('cache-control')).toBe('no-store');
      expect(await gone.json()).toEqual({
        code: 'INSPECTOR_LINK_REVOKED',
        message: catalogues.fr.apiErrors.INSPECTOR_LINK_REVOKED,
      });
      const openings = (await (
        await server.api(at(serial, `/${link.id}/openings`), { headers: owner })
      ).json()) as TInspectorLinkOpening[];
      expect(openings.map((o) => [o.download, o.refused])).toEqual([['events-pdf', 'revoked']]);
      const before = await openingCount();
      expect((await download('x'.repeat(43), 'events-pdf')).status).toBe(404);
      const other = await created(owner);
      const wrong = await download(other.token, 'telemetry-csv');
      expect(wrong.status).toBe(400);
      expect(((await wrong.json()) as TError).code).toBe('VALIDATION_FAILED');
      expect(await openingCount()).toBe(before);
    });
  });

  describe('POST …/haccp/inspector-links/{id}/revoke', () => {
    it('revokes at once: the link answers 410, the list says who revoked it; a second revoke changes nothing', async () => {
      const link = await created(owner);
      expect((await inspect(link.token)).status).toBe(200);
      const res = await server.api(at(serial, `/${link.id}/revoke`), { method: 'POST', headers: tech });
      expect(res.status).toBe(200);
      const revoked = (await res.json()) as TInspectorLinkView;
      expect(revoked).toMatchObject({ id: link.id, status: 'revoked', revokedByName: 'Anna Rossi', openings: 1 });
      const gone = await inspect(link.token, { 'accept-language': 'en', 'user-agent': 'Leaked/1.0' });
      expect(gone.status).toBe(410);
      expect(await gone.json()).toEqual({
        code: 'INSPECTOR_LINK_REVOKED',
        message: catalogues.en.apiErrors.INSPECTOR_LINK_REVOKED,
      });
      // The try after the revocation is kept apart from the opening before it: the owner sees the
      // link still being used.
      const listed = ((await (await server.api(at(serial), { headers: owner })).json()) as TInspectorLinkView[]).find(
        (l) => l.id === link.id,
      );
      expect(listed).toMatchObject({ openings: 1, refusedOpenings: 1, lastRefusedAt: expect.any(String) });
      const openings = (await (
        await server.api(at(serial, `/${link.id}/openings`), { headers: owner })
      ).json()) as TInspectorLinkOpening[];
      expect(openings.map((o) => [o.userAgent, o.refused])).toEqual([
        ['Leaked/1.0', 'revoked'],
        ['node', null],
      ]);
      const again = await server.api(at(serial, `/${link.id}/revoke`), { method: 'POST', headers: owner });
      expect(again.status).toBe(200);
      expect(((await again.json()) as TInspectorLinkView).revokedAt).toBe(revoked.revokedAt);
      const audit = await server.api(`/api/v1/audit?action=haccp.link-revoke&serial=${serial}`, { headers: admin });
      const records = ((await audit.json()) as TAuditPage).items.filter(
        (r) => (r.after as { linkId?: string } | null)?.linkId === link.id,
      );
      expect(records.map((r) => r.actorEmail)).toEqual(['tech@service.test']);
    });

    it('refuses the customer’s kitchen manager (403) and another machine’s path (404), leaving the link working', async () => {
      const link = await created(owner);
      const refused = await server.api(at(serial, `/${link.id}/revoke`), { method: 'POST', headers: viewer });
      expect(refused.status).toBe(403);
      const elsewhere = await server.api(at(otherSerial, `/${link.id}/revoke`), { method: 'POST', headers: owner });
      expect(elsewhere.status).toBe(404);
      expect(((await elsewhere.json()) as TError).code).toBe('INSPECTOR_LINK_NOT_FOUND');
      const hidden = await server.api(at(serial, `/${link.id}/revoke`), { method: 'POST', headers: stranger });
      expect(hidden.status).toBe(404);
      const bad = await server.api(at(serial, '/not-a-uuid/revoke'), { method: 'POST', headers: owner });
      expect(bad.status).toBe(400);
      expect((await inspect(link.token)).status).toBe(200);
    });
  });

  describe('GET …/haccp/inspector-links and …/{id}/openings', () => {
    it("lists the machine's links newest first, to its owner and service only", async () => {
      const first = await created(owner, { label: 'First' });
      const second = await created(tech, { label: 'Second' });
      const res = await server.api(at(serial), { headers: owner });
      expect(res.status).toBe(200);
      const ids = ((await res.json()) as TInspectorLinkView[]).map((l) => l.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      expect((await server.api(at(otherSerial), { headers: owner })).status).toBe(200);
      expect(((await (await server.api(at(otherSerial), { headers: owner })).json()) as unknown[]).length).toBe(0);
      expect((await server.api(at(serial), { headers: viewer })).status).toBe(403);
      expect((await server.api(at(serial), { headers: stranger })).status).toBe(404);
      expect((await server.api(at(serial, `/${first.id}/openings`), { headers: viewer })).status).toBe(403);
      const unknown = await server.api(at(serial, `/${randomUUID()}/openings`), { headers: owner });
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as TError).code).toBe('INSPECTOR_LINK_NOT_FOUND');
      // A link is reached through its own machine only, even by someone who shares both.
      const elsewhere = await server.api(at(otherSerial, `/${first.id}/openings`), { headers: owner });
      expect(elsewhere.status).toBe(404);
      expect(((await elsewhere.json()) as TError).code).toBe('INSPECTOR_LINK_NOT_FOUND');
    });
  });

  describe('when the machine changes hands', () => {
    type TRevokeAudit = { linkId?: string; reason?: string };
    const revokeAudits = async (machineSerial: string) =>
      (
        (await (
          await server.api(`/api/v1/audit?action=haccp.link-revoke&serial=${machineSerial}`, { headers: admin })
        ).json()) as TAuditPage
      ).items;

    it('revokes every link once the owner releases the machine: the next owner neither opens nor sees them', async () => {
      const sold = await machine([{ topic: 'event', payload: cycleHoursAgo(2) }]);
      const byOwner = await created(owner, { label: 'Before the sale' }, sold);
      const byTech = await created(tech, { label: 'Service, before the sale' }, sold);
      expect((await inspect(byOwner.token)).status).toBe(200);
      const released = await server.api(`/api/v1/appliance/unclaim?serialNumber=${sold}`, { method: 'POST', headers: owner });
      expect(released.status, await released.clone().text()).toBe(200);
      await activeUser(server, admin, 'buyer@kitchen.test');
      const buyer = (await signIn(server, 'buyer@kitchen.test', PASSWORD)).headers;
      const claimed = await server.api(
        '/api/v1/appliance/claim',
        json({ serialNumber: sold, userEmail: 'buyer@kitchen.test' }, admin),
      );
      expect(claimed.status, await claimed.clone().text()).toBe(200);
      for (const link of [byOwner, byTech]) {
        const res = await inspect(link.token, { 'accept-language': 'it' });
        expect(res.status).toBe(410);
        expect(await res.json()).toEqual({
          code: 'INSPECTOR_LINK_REVOKED',
          message: catalogues.it.apiErrors.INSPECTOR_LINK_REVOKED,
        });
      }
      // Off the list for everyone, the service that stays included; not reachable by id either.
      for (const who of [buyer, tech]) expect(await (await server.api(at(sold), { headers: who })).json()).toEqual([]);
      expect((await server.api(at(sold, `/${byOwner.id}/openings`), { headers: buyer })).status).toBe(404);
      expect((await server.api(at(sold, `/${byTech.id}/revoke`), { method: 'POST', headers: buyer })).status).toBe(404);
      // The new owner shares the record afresh.
      const fresh = await created(buyer, { label: 'After the sale' }, sold);
      const listed = (await (await server.api(at(sold), { headers: buyer })).json()) as TInspectorLinkView[];
      expect(listed.map((l) => l.id)).toEqual([fresh.id]);
      expect((await inspect(fresh.token)).status).toBe(200);
      // Each revocation is in the audit trail, by whoever released the machine.
      const records = (await revokeAudits(sold)).filter((r) =>
        [byOwner.id, byTech.id].includes((r.after as TRevokeAudit | null)?.linkId ?? ''),
      );
      expect(records.map((r) => [r.actorEmail, (r.after as TRevokeAudit | null)?.reason])).toEqual([
        ['owner@kitchen.test', 'released'],
        ['owner@kitchen.test', 'released'],
      ]);
    });

    it('revokes them too when another company takes the service over', async () => {
      const serviced = await machine([{ topic: 'event', payload: cycleHoursAgo(2) }]);
      const link = await created(owner, {}, serviced);
      await staffMember(server, admin, 'tech@other.test', 'SERVICE', await newCompany(server, admin, 'Other service'));
      const claimed = await server.api(
        '/api/v1/appliance/claim',
        json({ serialNumber: serviced, userEmail: 'tech@other.test' }, admin),
      );
      expect(claimed.status, await claimed.clone().text()).toBe(200);
      expect((await inspect(link.token)).status).toBe(410);
      expect(await (await server.api(at(serviced), { headers: owner })).json()).toEqual([]);
      expect((await revokeAudits(serviced)).map((r) => r.actorEmail)).toEqual([ADMIN.email]);
    });

    it('leaves them working while the holders stay the same', async () => {
      const kept = await machine([{ topic: 'event', payload: cycleHoursAgo(2) }]);
      const link = await created(owner, {}, kept);
      // The same service company claims the machine again.
      const again = await server.api(
        '/api/v1/appliance/claim',
        json({ serialNumber: kept, userEmail: 'tech@service.test' }, admin),
      );
      expect(again.status, await again.clone().text()).toBe(200);
      expect((await inspect(link.token)).status).toBe(200);
      expect(await revokeAudits(kept)).toEqual([]);
    });
  });

  describe('when the account that made a link changes', () => {
    const revokedBy = async (machineSerial: string, id: string) =>
      ((await (await server.api(at(machineSerial), { headers: owner })).json()) as TInspectorLinkView[]).find((l) => l.id === id);

    /** A technician of the machine's service company, signed in, with a link of their own and the owner's beside it. */
    async function technicianWithLink(email: string) {
      const shared = await machine([{ topic: 'event', payload: cycleHoursAgo(2) }]);
      const company = (
        await sql<{ code: string }>('select company_code as code from appliances where serial_number = $1', [shared])
      )[0]?.code;
      const headers = await staffMember(server, admin, email, 'SERVICE', company ?? '');
      const id = (await sql<{ id: string }>('select id from users where email = $1', [email]))[0]?.id ?? '';
      return { shared, id, link: await created(headers, { label: email }, shared), kept: await created(owner, {}, shared) };
    }

    async function expectRevokedByAdmin(shared: string, link: TInspectorLinkCreated, kept: TInspectorLinkCreated) {
      expect((await inspect(link.token)).status).toBe(410);
      expect(await revokedBy(shared, link.id)).toMatchObject({ status: 'revoked', revokedByName: expect.any(String) });
      // The owner's own link on the same machine works on.
      expect((await inspect(kept.token)).status).toBe(200);
      const audits = (
        (await (
          await server.api(`/api/v1/audit?action=haccp.link-revoke&serial=${shared}`, { headers: admin })
        ).json()) as TAuditPage
      ).items;
      expect(audits.map((r) => [r.actorEmail, (r.after as { linkId?: string; reason?: string } | null)?.reason])).toEqual([
        [ADMIN.email, 'creator-changed'],
      ]);
    }

    it('revokes the links of an account once it is deleted, and only those', async () => {
      const { shared, id, link, kept } = await technicianWithLink('leaving@service.test');
      expect((await inspect(link.token)).status).toBe(200);
      const deleted = await server.api(`/api/v1/account/users/${id}`, { method: 'DELETE', headers: admin });
      expect(deleted.status, await deleted.clone().text()).toBe(200);
      await expectRevokedByAdmin(shared, link, kept);
    });

    it('revokes them when the account moves to another company', async () => {
      const { shared, id, link, kept } = await technicianWithLink('moving@service.test');
      const elsewhere = await newCompany(server, admin, 'Elsewhere');
      const moved = await server.api(`/api/v1/account/users/${id}/updateCompany?companyCode=${elsewhere}`, {
        method: 'PUT',
        headers: admin,
      });
      expect(moved.status, await moved.clone().text()).toBe(200);
      await expectRevokedByAdmin(shared, link, kept);
    });

    it('revokes them when the account is given another role, and keeps them when the role is given again', async () => {
      const { shared, id, link, kept } = await technicianWithLink('changing@service.test');
      const role = (targetRole: string) =>
        server.api(`/api/v1/account/users/${id}/updateRole?targetRole=${targetRole}`, { method: 'PUT', headers: admin });
      // The same role again changes nothing the link was made with.
      expect((await role('SERVICE')).status).toBe(200);
      expect((await inspect(link.token)).status).toBe(200);
      expect((await role('KITCHEN_MANAGER')).status).toBe(200);
      await expectRevokedByAdmin(shared, link, kept);
    });
  });

  describe('what is kept of a visitor', () => {
    it('keeps the network of an address, not the address', () => {
      expect(clientNetwork('203.0.113.77')).toBe('203.0.113.0/24');
      expect(clientNetwork('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
      expect(clientNetwork('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
      expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0::/48');
      expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0::/48');
      expect(clientNetwork(undefined)).toBeNull();
      expect(clientNetwork('not an address')).toBeNull();
    });

    it('writes no token of a link into a log line', () => {
      expect(redactUrl('/inspect/AbC_12-x?brand=KESTREL')).toBe('/inspect/[redacted]?brand=KESTREL');
      expect(redactUrl('/api/v1/inspect/AbC_12-x')).toBe('/api/v1/inspect/[redacted]');
      expect(redactUrl('/api/v1/inspect/AbC_12-x/exports/events-pdf?timeZone=UTC')).toBe(
        '/api/v1/inspect/[redacted]/exports/events-pdf?timeZone=UTC',
      );
    });
  });
});

/** The tests raise every rate limit (RATE_LIMIT_SCALE): this server keeps the production one. */
describe('GET /api/v1/inspect/{token} at the production rate limit', () => {
  let server: TTestServer;
  beforeAll(async () => {
    // Behind a proxy on the same host, which tells the client's address.
    server = await startTestServer({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => server.close());

  it('answers 429 past 60 calls a minute from one address, translated', async () => {
    const call = (headers: Record<string, string> = {}) => server.api(`/api/v1/inspect/${'x'.repeat(43)}`, { headers });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) statuses.push((await call()).status);
    expect(statuses.every((s) => s === 404)).toBe(true);
    const limited = await call({ 'accept-language': 'fr' });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ code: 'RATE_LIMITED', message: catalogues.fr.apiErrors.RATE_LIMITED });
  });

  it('counts the calls of a network together: 60 addresses of one /24 get 60 calls, another network its own', async () => {
    const from = (address: string) =>
      server.api(`/api/v1/inspect/${'y'.repeat(43)}`, { headers: { 'x-forwarded-for': address } });
    for (let i = 1; i <= 60; i += 1) expect((await from(`203.0.113.${i}`)).status).toBe(404);
    expect((await from('203.0.113.200')).status).toBe(429);
    expect((await from('198.51.100.7')).status).toBe(404);
  });

  it("counts a link's downloads together, from whatever network: 10 a minute, then 429; another link its own", async () => {
    const download = (token: string, address: string) =>
      server.api(`/api/v1/inspect/${token}/exports/events-csv`, { headers: { 'x-forwarded-for': address } });
    for (let i = 1; i <= 10; i += 1) expect((await download('z'.repeat(43), `198.51.${i}.7`)).status).toBe(404);
    expect((await download('z'.repeat(43), '2001:db8::1')).status).toBe(429);
    expect((await download('w'.repeat(43), '2001:db8::1')).status).toBe(404);
  });
});
