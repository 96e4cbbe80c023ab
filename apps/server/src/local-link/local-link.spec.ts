import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogues,
  type TAlarmView,
  type TBrokerCredentialsResponse,
  type TDeadLetter,
  type THaccpAlarmView,
  type THaccpEventView,
  type THaccpVerification,
  type TLinkRecord,
} from '@washboard/contracts';
import { startTestServer, testBroker, type TTestServer } from '../../test/harness';
import { ADMIN, json, newCompany, signedInUsers, signIn, staffMember } from '../../test/accounts';
import { connectDevice, createProduct, cycleRecord, eventually, publish, type TProduct } from '../../test/devices';
import { whileAlarmCodeRefused } from '../../test/refused-alarm-code';
import { pdfText } from '../../test/pdf-text';

type THeaders = Record<string, string>;

const DAY = '2026-11-10';
const RANGE = `startDate=${DAY}T00:00:00.000Z&stopDate=${DAY}T23:59:59.999Z`;
/** The period of a verification: the days around now, when the records are received. */
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const RECEIVED = `startDate=${utcDay(-1)}&stopDate=${utcDay(1)}`;

/** A washing cycle the machine made `minute` minutes after 06:00 on DAY. */
const cycle = (minute: number) => cycleRecord(DAY, minute);

/** The machine's record log as `records-get` answers it: numbered from `first`. */
function logOf(payloads: { topic: 'event' | 'alarm'; payload: unknown }[], first = 0): TLinkRecord[] {
  return payloads.map((r, i) => ({ n: first + i, ...r }) as TLinkRecord);
}

describe(`POST /api/v1/local-link/… (${testBroker()})`, () => {
  let server: TTestServer;
  let admin: THeaders;
  let tech: THeaders;
  let otherTech: THeaders;
  let kitchen: THeaders;
  const TECH = 'tech@link.test';

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: testBroker() });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    tech = await staffMember(server, admin, TECH, 'SERVICE', await newCompany(server, admin, 'Assistenza Nord'));
    otherTech = await staffMember(server, admin, 'other@link.test', 'SERVICE', await newCompany(server, admin, 'Assistenza Sud'));
    [kitchen] = await signedInUsers(server, admin, ['cook@link.test']);
  });
  afterAll(async () => {
    await server.close();
  });

  const sql = <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    server.washboard.database.transaction((q) => q.query<R>(text, params)).then((r) => r.rows);
  const credentials = (serial: string, headers: THeaders) =>
    server.api(`/api/v1/local-link/${serial}/broker-credentials`, { method: 'POST', headers });
  const carry = (serial: string, records: TLinkRecord[], headers: THeaders = tech) =>
    server.api(`/api/v1/local-link/${serial}/records`, json({ records }, headers));
  /** A product bound by the admin to `email`'s company (or ownership). */
  const heldBy = async (email: string): Promise<TProduct> => {
    const product = await createProduct(server, admin);
    const res = await server.api(
      '/api/v1/appliance/claim',
      json({ serialNumber: product.serialNumber, userEmail: email }, admin),
    );
    expect(res.status).toBe(200);
    return product;
  };
  /** Whether the broker lets the machine in with `secret`. */
  const brokerTakes = (serialNumber: string, secret: string) =>
    connectDevice(server, { serialNumber, deviceSecret: secret }).then(
      (client) => client.endAsync(true).then(() => true),
      () => false,
    );
  let marker = Date.now();
  /**
   * Sends `payloads` as the machine, then a telemetry message with a time of its own, and waits until
   * that is in the machine's live state: what came before it was written by then (with an external
   * broker the acknowledgement does not wait for the server).
   */
  const fromMachine = async (product: TProduct, payloads: { topic: 'event' | 'alarm'; payload: unknown }[]) => {
    const serial = product.serialNumber;
    const device = await connectDevice(server, product);
    for (const { topic, payload } of payloads) await publish(device, serial, topic, payload);
    marker = Math.max(marker + 1, Date.now());
    const ts = new Date(marker).toISOString();
    await publish(device, serial, 'telemetry', { ts, boilerTmp: 700 });
    await eventually(async () => {
      const [row] = await sql<{ ts: string | null }>(
        "select telemetry->>'ts' as ts from appliance_states where serial_number = $1",
        [serial],
      );
      return row?.ts === ts;
    });
    await device.endAsync(true);
  };
  const events = async (serial: string, headers: THeaders = tech) => {
    const res = await server.api(`/api/v1/event-hub-listener/event/${serial}/events?${RANGE}`, { headers });
    expect(res.status).toBe(200);
    return (await res.json()) as THaccpEventView[];
  };

  describe('POST /api/v1/local-link/{serialNumber}/broker-credentials', () => {
    it('issues a machine still in its box a new secret: the broker takes it, and the one before no longer', async () => {
      const product = await createProduct(server, admin);
      const res = await credentials(product.serialNumber, tech);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const issued = (await res.json()) as TBrokerCredentialsResponse;
      expect(issued.serialNumber).toBe(product.serialNumber);
      expect(issued.deviceSecret).not.toBe(product.deviceSecret);
      expect(await brokerTakes(product.serialNumber, issued.deviceSecret)).toBe(true);
      expect(await brokerTakes(product.serialNumber, product.deviceSecret)).toBe(false);
      // Recorded in the audit trail, without the secret.
      const audit = await server.api(`/api/v1/audit?serial=${product.serialNumber}&action=product.commission`, {
        headers: admin,
      });
      const trail = await audit.text();
      expect(trail).toContain('product.commission');
      expect(trail).not.toContain(issued.deviceSecret);
    });

    it("issues one to the service of a machine it holds, and to the brand's ADMIN", async () => {
      const product = await heldBy(TECH);
      await brokerTakes(product.serialNumber, product.deviceSecret);
      expect((await credentials(product.serialNumber, tech)).status).toBe(200);
      expect((await credentials(product.serialNumber, admin)).status).toBe(200);
    });

    it('refuses a kitchen manager (403), even for a machine it owns', async () => {
      const product = await heldBy('cook@link.test');
      const res = await credentials(product.serialNumber, kitchen);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('FORBIDDEN');
    });

    it('answers 404, as for an unknown one, a machine another company services or one already connected', async () => {
      const theirs = await heldBy(TECH);
      const connected = await createProduct(server, admin);
      await brokerTakes(connected.serialNumber, connected.deviceSecret);
      await eventually(async () => {
        const [row] = await sql<{ seen: boolean }>(
          'select last_seen_at is not null as seen from appliance_states where serial_number = $1',
          [connected.serialNumber],
        );
        return row?.seen;
      });
      for (const serial of [theirs.serialNumber, connected.serialNumber, 'SN-NOBODY-HAS']) {
        const res = await credentials(serial, otherTech);
        expect(res.status, serial).toBe(404);
        expect(((await res.json()) as { code: string }).code).toBe('APPLIANCE_NOT_FOUND');
      }
      // Nothing changed: the machine's own secret still works.
      expect(await brokerTakes(theirs.serialNumber, theirs.deviceSecret)).toBe(true);
    });
  });

  describe('POST /api/v1/local-link/{serialNumber}/records', () => {
    it("stores records carried home with their own ids and times, chained late with the carrier's name", async () => {
      const product = await heldBy(TECH);
      const made = [cycle(1), cycle(2)];
      // An id in capitals, as firmware may write it: the carrier is still named (stored, it is lower case).
      const alarm = { id: randomUUID().toUpperCase(), errorCode: 'OH01', startDate: `${DAY}T06:01:30.000Z`, stopDate: null };
      const res = await carry(
        product.serialNumber,
        logOf([...made.map((payload) => ({ topic: 'event' as const, payload })), { topic: 'alarm', payload: alarm }]),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: 3, notStored: [] });

      const stored = await events(product.serialNumber);
      expect(stored.map((e) => e.id).sort()).toEqual(made.map((e) => e.id).sort());
      expect(stored.find((e) => e.id === made[0]?.id)).toMatchObject({
        start: made[0]?.start,
        stop: made[0]?.stop,
        chain: { late: true, carriedBy: 'Anna Rossi' },
      });
      // The alarm too: the HACCP alarms list marks it late and names who carried it home.
      const alarmsRes = await server.api(`/api/v1/event-hub-listener/event/${product.serialNumber}/alarms?${RANGE}`, {
        headers: tech,
      });
      expect(alarmsRes.status).toBe(200);
      const alarms = (await alarmsRes.json()) as TAlarmView[];
      expect(alarms).toHaveLength(1);
      expect(alarms[0]).toMatchObject({
        id: alarm.id.toLowerCase(),
        startDate: alarm.startDate,
        chain: { late: true, carriedBy: 'Anna Rossi' },
      });
      // The chain, carrier's name included, verifies.
      const verification = await server.api(
        `/api/v1/event-hub-listener/event/${product.serialNumber}/haccp/verification?${RECEIVED}`,
        { headers: tech },
      );
      expect((await verification.json()) as THaccpVerification).toMatchObject({ verified: true, checked: 3, late: 3 });
      // The phone is not the machine: it is neither seen nor shown online by this.
      const [state] = await sql<{ online: boolean | null; last_seen_at: unknown }>(
        'select online, last_seen_at from appliance_states where serial_number = $1',
        [product.serialNumber],
      );
      expect(state).toEqual({ online: false, last_seen_at: null });
    });

    it('stores nothing twice: carried again, or sent later by the machine itself', async () => {
      const product = await heldBy(TECH);
      const first = cycle(10);
      const second = cycle(11);
      const log = logOf([
        { topic: 'event', payload: first },
        { topic: 'event', payload: second },
      ]);
      expect((await carry(product.serialNumber, log)).status).toBe(200);
      // A transfer resumed with an overlap, then the machine back online with its outbox.
      expect((await carry(product.serialNumber, log.slice(1))).status).toBe(200);
      await fromMachine(product, [
        { topic: 'event', payload: first },
        { topic: 'event', payload: second },
      ]);
      expect((await events(product.serialNumber)).map((e) => e.id).sort()).toEqual([first.id, second.id].sort());
      const [count] = await sql<{ n: number }>('select count(*)::int as n from haccp_chain_entries where serial_number = $1', [
        product.serialNumber,
      ]);
      expect(count?.n).toBe(2);
    });

    it('leaves a record the machine delivered itself as it was, not carried', async () => {
      const product = await heldBy(TECH);
      const delivered = cycle(20);
      const device = await connectDevice(server, product);
      await publish(device, product.serialNumber, 'event', delivered);
      await device.endAsync(true);
      await eventually(async () => (await events(product.serialNumber)).length === 1);
      expect((await carry(product.serialNumber, logOf([{ topic: 'event', payload: delivered }]))).status).toBe(200);
      const [event] = await events(product.serialNumber);
      expect(event?.chain).toMatchObject({ late: false, carriedBy: null });
    });

    it('keeps a record the database refuses as a dead letter naming its carrier, stores the others, and takes it later', async () => {
      const product = await heldBy(TECH);
      const serial = product.serialNumber;
      const made = cycle(40);
      const alarm = (errorCode: string, minute: number) => ({
        id: randomUUID(),
        errorCode,
        startDate: `${DAY}T06:${minute}:00.000Z`,
        stopDate: null,
      });
      const refused = alarm('ZZ99', 41);
      const kept = alarm('OH01', 42);
      const page = logOf(
        [
          { topic: 'event', payload: made },
          { topic: 'alarm', payload: refused },
          { topic: 'alarm', payload: kept },
        ],
        7,
      );
      const database = server.washboard.database;
      await whileAlarmCodeRefused(database, 'ZZ99', async () => {
        // Before, the whole upload failed (500) each time the phone sent it, the good records with it.
        const res = await carry(serial, page);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ received: 2, notStored: [8] });
      });
      expect((await events(serial)).map((e) => e.id)).toEqual([made.id]);
      const alarmIds = async () =>
        (await sql<{ id: string }>('select id::text as id from alarms where serial_number = $1', [serial])).map((r) => r.id);
      expect(await alarmIds()).toEqual([kept.id]);
      const letters = await server.api(`/api/v1/appliance/dead-letters?serialNumber=${serial}`, { headers: admin });
      const [letter] = (await letters.json()) as TDeadLetter[];
      expect(letter).toMatchObject({ topic: `wb/v1/${serial}/alarm`, reason: 'NOT_STORED', payload: JSON.stringify(refused) });
      expect(letter?.detail).toMatch(/^22023: .*no ZZ99 here.*carried home by Anna Rossi/);
      // Of the caller's brand: another brand's administrators do not see it.
      const other = (await signIn(server, ADMIN.email, ADMIN.password, 'KESTREL')).headers;
      const theirs = await server.api(`/api/v1/appliance/dead-letters?serialNumber=${serial}`, {
        headers: other,
        brand: 'KESTREL',
      });
      expect(await theirs.json()).toEqual([]);

      // Once the cause is mended, the same page carried again stores it, and nothing twice.
      const again = await carry(serial, page);
      expect(await again.json()).toEqual({ received: 3, notStored: [] });
      expect((await alarmIds()).sort()).toEqual([refused.id, kept.id].sort());
      expect(await events(serial)).toHaveLength(1);
    });

    describe("a record of other content under an id the machine's record holds", () => {
      const conflicts = async (serial: string) => {
        const res = await server.api(`/api/v1/appliance/dead-letters?serialNumber=${serial}`, { headers: admin });
        expect(res.status).toBe(200);
        return ((await res.json()) as TDeadLetter[]).filter((l) => l.reason === 'CONFLICTING_RECORD');
      };
      const verified = async (serial: string) => {
        const res = await server.api(`/api/v1/event-hub-listener/event/${serial}/haccp/verification?${RECEIVED}`, {
          headers: tech,
        });
        return ((await res.json()) as THaccpVerification).verified;
      };

      it("keeps the machine's own record as a dead letter when a phone carried other content home first", async () => {
        const product = await heldBy(TECH);
        const serial = product.serialNumber;
        const genuine = cycle(50);
        // What the phone delivered under the machine's id: a rinse hot enough, where the machine's was not.
        const carriedVersion = { ...genuine, measurements: { ...genuine.measurements, rinseMaxTmp: 850 } };
        const repeated = cycle(51);
        expect(
          (
            await carry(
              serial,
              logOf([
                { topic: 'event', payload: carriedVersion },
                { topic: 'event', payload: repeated },
              ]),
            )
          ).status,
        ).toBe(200);
        // The machine back online: its version of the first, and the second as the phone carried it.
        await fromMachine(product, [
          { topic: 'event', payload: { ...genuine, measurements: { ...genuine.measurements, rinseMaxTmp: 790 } } },
          { topic: 'event', payload: repeated },
        ]);
        // Before, the machine's version was dropped without a trace; the carried one stays, chained.
        const [stored] = (await events(serial)).filter((e) => e.id === genuine.id);
        expect(stored?.measurements).toMatchObject({ rinseMaxTmp: 850 });
        expect(stored?.chain).toMatchObject({ carriedBy: 'Anna Rossi' });
        // Whoever sees the record sees that the machine delivered another version of it.
        expect(stored?.otherVersions).toEqual([{ carriedBy: null, receivedAt: expect.any(String) }]);
        expect((await events(serial)).find((e) => e.id === repeated.id)?.otherVersions).toEqual([]);
        const letters = await conflicts(serial);
        expect(letters).toHaveLength(1);
        expect(letters[0]).toMatchObject({ topic: `wb/v1/${serial}/event`, reason: 'CONFLICTING_RECORD' });
        expect(JSON.parse(letters[0]?.payload ?? '{}')).toMatchObject({ id: genuine.id, measurements: { rinseMaxTmp: 790 } });
        expect(letters[0]?.detail).toBe(
          `id ${genuine.id} is held by the record carried home by Anna Rossi; this one, sent by the machine, differs`,
        );
        expect(await verified(serial)).toBe(true);
        // The exports say it as well: the CSV in columns of their own, the PDF under the record's row.
        const exported = (format: string) =>
          server.api(
            `/api/v1/event-hub-listener/event/${serial}/events/${format}?startDate=${DAY}&stopDate=${DAY}&timeZone=UTC`,
            {
              headers: { ...tech, 'accept-language': 'en' },
            },
          );
        const csv = (await (await exported('export.csv')).text()).split('\r\n');
        expect(csv[0]).toMatch(/,chain_seq,chain_hash,late,carried_by,other_versions$/);
        const received = (stored?.otherVersions[0]?.receivedAt ?? '').replace(/\./g, '\\.');
        expect(csv.find((line) => line.includes('T06:50:00.000Z'))).toMatch(
          new RegExp(`,[0-9a-f]{64},true,Anna Rossi,${received}$`),
        );
        expect(csv.find((line) => line.includes('T06:51:00.000Z'))).toMatch(/,[0-9a-f]{64},true,Anna Rossi,$/);
        const pdf = pdfText(Buffer.from(await (await exported('export')).arrayBuffer()));
        expect(pdf).toMatch(
          /Delivered late · Carried home by Anna Rossi\s+Another version received\s+From the machine, \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/,
        );
        expect(pdf.match(/Another version received/g)).toHaveLength(1);
      });

      it('keeps a carried record as a dead letter naming its carrier when the machine had sent other content', async () => {
        const product = await heldBy(TECH);
        const serial = product.serialNumber;
        const made = cycle(52);
        await fromMachine(product, [{ topic: 'event', payload: made }]);
        const forged = { ...made, completed: false };
        const res = await carry(serial, logOf([{ topic: 'event', payload: forged }]));
        expect(res.status).toBe(200);
        const [stored] = await events(serial);
        expect(stored).toMatchObject({ id: made.id, completed: true, chain: { carriedBy: null } });
        expect(stored?.otherVersions).toEqual([{ carriedBy: 'Anna Rossi', receivedAt: expect.any(String) }]);
        const [letter] = await conflicts(serial);
        expect(letter?.detail).toMatch(
          new RegExp(
            `^id ${made.id} is held by the machine's own record; this one, carried home by Anna Rossi \\([0-9a-f-]{36}\\), differs$`,
          ),
        );
        // The same content again, carried or sent, is no conflict; the same conflict again is kept once.
        expect((await carry(serial, logOf([{ topic: 'event', payload: made }]))).status).toBe(200);
        await fromMachine(product, [{ topic: 'event', payload: made }]);
        expect((await carry(serial, logOf([{ topic: 'event', payload: forged }]))).status).toBe(200);
        expect(await conflicts(serial)).toHaveLength(1);
        expect((await events(serial))[0]?.otherVersions).toHaveLength(1);
        // Its dead letter pruned from the store, the same version again is still one version of the record.
        await sql('delete from device_dead_letters where serial_number = $1', [serial]);
        const again = await carry(serial, logOf([{ topic: 'event', payload: forged }]));
        expect(await again.json()).toEqual({ received: 1, notStored: [] });
        expect((await events(serial))[0]?.otherVersions).toHaveLength(1);
      });

      it("keeps an alarm whose code or end differs from the one held, never closing it, and none for the alarm's own closing", async () => {
        const product = await heldBy(TECH);
        const serial = product.serialNumber;
        const opening = { id: randomUUID(), errorCode: 'OH01', startDate: `${DAY}T07:00:00.000Z`, stopDate: null };
        const closing = { ...opening, stopDate: `${DAY}T07:05:00.000Z` };
        const alarm = async () =>
          (
            await sql<{ error_code: string; stop: string | null }>(
              `select error_code, to_char(stop_date at time zone 'UTC', 'HH24:MI') as stop from alarms where serial_number = $1`,
              [serial],
            )
          )[0];
        expect((await carry(serial, logOf([{ topic: 'alarm', payload: opening }]))).status).toBe(200);
        // Another code under its id, with an end: it neither closes the alarm held nor is lost.
        await fromMachine(product, [
          { topic: 'alarm', payload: { ...closing, errorCode: 'OH02', stopDate: `${DAY}T07:03:00.000Z` } },
        ]);
        expect(await alarm()).toEqual({ error_code: 'OH01', stop: null });
        expect((await conflicts(serial)).map((l) => l.detail)).toEqual([
          `id ${opening.id} is held by the record carried home by Anna Rossi; this one, sent by the machine, differs`,
        ]);
        // The machine's own opening and closing of the same alarm: no conflict.
        await fromMachine(product, [{ topic: 'alarm', payload: opening }]);
        await fromMachine(product, [{ topic: 'alarm', payload: closing }]);
        expect(await alarm()).toEqual({ error_code: 'OH01', stop: '07:05' });
        expect(await conflicts(serial)).toHaveLength(1);
        // Another end, carried home.
        await carry(serial, logOf([{ topic: 'alarm', payload: { ...closing, stopDate: `${DAY}T07:09:00.000Z` } }], 1));
        const [newest] = await conflicts(serial);
        expect(newest?.detail).toMatch(
          new RegExp(`^id ${opening.id} is held by the machine's own record; this one, carried home by Anna Rossi \\(`),
        );
        expect(await alarm()).toEqual({ error_code: 'OH01', stop: '07:05' });
        expect(await verified(serial)).toBe(true);
        // The HACCP alarms list shows both other versions with the alarm, oldest first.
        const listed = await server.api(`/api/v1/event-hub-listener/event/${serial}/alarms?${RANGE}`, { headers: tech });
        const [shown] = (await listed.json()) as THaccpAlarmView[];
        expect(shown?.otherVersions.map((v) => v.carriedBy)).toEqual([null, 'Anna Rossi']);
        // The alarms' exports list them too, oldest first.
        const query = `startDate=${DAY}&stopDate=${DAY}&timeZone=UTC`;
        const headers = { ...tech, 'accept-language': 'en' };
        const csv = await server.api(`/api/v1/event-hub-listener/event/${serial}/alarms/export.csv?${query}`, { headers });
        const [, line] = (await csv.text()).split('\r\n', 2);
        expect(line).toMatch(/,true,Anna Rossi,"[\d-]+T[\d:.]+Z\n[\d-]+T[\d:.]+Z Anna Rossi"$/);
      });
    });

    it('refuses a kitchen manager (403), a machine the caller does not see (404), and a record its schema refuses (400)', async () => {
      const product = await heldBy(TECH);
      const records = logOf([{ topic: 'event', payload: cycle(30) }]);
      const owned = await heldBy('cook@link.test');
      expect((await carry(owned.serialNumber, records, kitchen)).status).toBe(403);
      expect((await carry(product.serialNumber, records, otherTech)).status).toBe(404);
      const broken = [{ n: 0, topic: 'event', payload: { ...cycle(31), stop: 'yesterday' } }] as unknown as TLinkRecord[];
      const res = await carry(product.serialNumber, broken);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
      expect((await carry(product.serialNumber, [])).status).toBe(400);
      expect(await events(product.serialNumber)).toEqual([]);
    });
  });
});

/** The tests raise every rate limit (RATE_LIMIT_SCALE): this server keeps the production one. */
describe('POST /api/v1/local-link/{serialNumber}/broker-credentials at the production rate limit', () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => server.close());

  it('answers 429 past 30 calls in 15 minutes from one address, translated, and keeps the secret issued last', async () => {
    const admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    const product = await createProduct(server, admin);
    const call = (lang = 'it') =>
      server.api(`/api/v1/local-link/${product.serialNumber}/broker-credentials`, {
        method: 'POST',
        headers: { ...admin, 'accept-language': lang },
      });
    let last: TBrokerCredentialsResponse | undefined;
    for (let i = 0; i < 30; i += 1) {
      const res = await call();
      expect(res.status).toBe(200);
      last = (await res.json()) as TBrokerCredentialsResponse;
    }
    const limited = await call('de');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ code: 'RATE_LIMITED', message: catalogues.de.apiErrors.RATE_LIMITED });
    // The refused call issued nothing: the secret the phone got last still opens the broker.
    const device = await connectDevice(server, { serialNumber: product.serialNumber, deviceSecret: last?.deviceSecret ?? '' });
    await device.endAsync(true);
  });
});
