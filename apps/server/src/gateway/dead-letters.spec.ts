import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deviceTopic, type TDeadLetter, type TDeviceMessageError } from '@washboard/contracts';
import { testBroker } from '../../test/harness';
import { ADMIN, signIn, signedInUsers } from '../../test/accounts';
import { createProduct, cycleRecord, deviceSuite, eventually, publish, type TProduct } from '../../test/devices';
import { whileAlarmCodeRefused } from '../../test/refused-alarm-code';
import { insertDeadLetters, pruneDeadLetters } from './dead-letter.repository';

// Security audit, issue 11, finding 9: malformed device messages were dropped with only a count.
describe(`refused device messages (${testBroker()})`, () => {
  const suite = deviceSuite();

  /** The device, subscribed to its error topic; `errors` collects what the cloud answers there. */
  async function device(product: TProduct) {
    const client = await suite.device(product);
    const errors: TDeviceMessageError[] = [];
    client.on('message', (topic, payload) => {
      if (topic === deviceTopic(product.serialNumber, 'error'))
        errors.push(JSON.parse(payload.toString()) as TDeviceMessageError);
    });
    const [granted] = await client.subscribeAsync(deviceTopic(product.serialNumber, 'error'), { qos: 1 });
    expect(granted?.qos).toBe(1);
    return { client, errors };
  }
  const deadLetters = (query: string, init: { headers?: Record<string, string>; brand?: string } = { headers: suite.headers }) =>
    suite.server.api(`/api/v1/appliance/dead-letters?${query}`, init);

  describe('GET /api/v1/appliance/dead-letters', () => {
    it('keeps a refused message with its reason and answers the machine on its error topic', async () => {
      const product = await createProduct(suite.server, suite.headers);
      const { client, errors } = await device(product);
      const serial = product.serialNumber;
      await publish(client, serial, 'alarm', { id: 'alarm-7', errorCode: 'OH01' });
      await publish(client, serial, 'event', 'not json at all');
      await eventually(async () => errors.length === 2);
      expect(errors[0]).toMatchObject({ topic: deviceTopic(serial, 'alarm'), reason: 'INVALID_PAYLOAD', id: 'alarm-7' });
      expect(errors[1]).toMatchObject({ topic: deviceTopic(serial, 'event'), reason: 'NOT_JSON' });
      expect(errors[1]).not.toHaveProperty('id');
      for (const error of errors) expect(Date.parse(error.ts)).toBeGreaterThan(Date.now() - 60_000);
      // Still connected and still heard.
      expect(client.connected).toBe(true);

      const res = await eventually(async () => {
        const r = await deadLetters(`serialNumber=${serial}`);
        const rows = (await r.json()) as TDeadLetter[];
        return rows.length === 2 && { status: r.status, rows };
      });
      expect(res.status).toBe(200);
      const [newest, oldest] = res.rows;
      expect(newest).toMatchObject({
        serialNumber: serial,
        brand: 'LUMINA',
        topic: deviceTopic(serial, 'event'),
        payload: 'not json at all',
        payloadBytes: 15,
        reason: 'NOT_JSON',
      });
      expect(oldest).toMatchObject({ topic: deviceTopic(serial, 'alarm'), reason: 'INVALID_PAYLOAD' });
      expect(oldest?.payload).toBe(JSON.stringify({ id: 'alarm-7', errorCode: 'OH01' }));
      expect(oldest?.detail).toMatch(/startDate/);
    });

    it('refuses a NUL character in any field, and the messages around it are stored', async () => {
      const product = await createProduct(suite.server, suite.headers);
      const { client, errors } = await device(product);
      const serial = product.serialNumber;
      const ts = new Date().toISOString();
      await publish(client, serial, 'versions', { fw00: '1.\u00000', fw02: '1.0', connectivity: '1.0', control: '1.0' });
      await publish(client, serial, 'telemetry', { ts, boilerTmp: 777 }, 0);
      await eventually(async () => errors.length === 1);
      expect(errors[0]).toMatchObject({ topic: deviceTopic(serial, 'versions'), reason: 'INVALID_PAYLOAD' });
      const stored = await eventually(async () => {
        const body = await suite.lastTelemetry(serial);
        return body.telemetry?.boilerTmp === 777 && body;
      });
      expect(stored.telemetry?.boilerTmp).toBe(777);
    });

    it('refuses what the database cannot store, and stores the messages sent with it', async () => {
      // Each passed the schemas once and failed the batch it rode in: the broker dropped every
      // machine of the batch, which sent it all again, and no machine's messages were stored.
      const product = await createProduct(suite.server, suite.headers);
      const { client, errors } = await device(product);
      const serial = product.serialNumber;
      const ts = new Date().toISOString();
      const poison = [
        ['status', { online: true, systemState: 4, cycleType: 'fast', cycleNumber: 2 ** 31 }],
        ['event', { ...cycleRecord(ts.slice(0, 10), 1), cycleNumber: 2 ** 31 }],
        ['telemetry', { ts: '0000-01-01T00:00:00Z', boilerTmp: 700 }],
        ['versions', { fw00: '\udc00', fw02: '1.0', connectivity: '1.0', control: '1.0' }],
      ] as const;
      await Promise.all([
        ...poison.map(([topic, payload]) => publish(client, serial, topic, payload)),
        publish(client, serial, 'telemetry', { ts, boilerTmp: 778 }),
      ]);
      await eventually(async () => errors.length === poison.length);
      expect(errors.map((e) => [e.topic, e.reason]).sort()).toEqual(
        poison.map(([topic]) => [deviceTopic(serial, topic), 'INVALID_PAYLOAD']).sort(),
      );
      await eventually(async () => (await suite.lastTelemetry(serial)).telemetry?.boilerTmp === 778);
      expect(client.connected).toBe(true);
    });

    it('keeps a message the database refuses alone as a dead letter, and stores the ones sent with it', async () => {
      // A refusal no schema foresaw, made by the database itself: a trigger on one alarm code.
      const database = suite.server.washboard.database;
      await whileAlarmCodeRefused(database, 'ZZ99', async () => {
        const product = await createProduct(suite.server, suite.headers);
        const { client, errors } = await device(product);
        const serial = product.serialNumber;
        const ts = new Date().toISOString();
        const refused = { id: randomUUID(), errorCode: 'ZZ99', startDate: ts, stopDate: null };
        const kept = { id: randomUUID(), errorCode: 'OH01', startDate: ts, stopDate: null };
        await Promise.all([
          publish(client, serial, 'alarm', refused),
          publish(client, serial, 'alarm', kept),
          publish(client, serial, 'telemetry', { ts, boilerTmp: 779 }),
        ]);
        await eventually(async () => errors.length === 1);
        expect(errors[0]).toMatchObject({ topic: deviceTopic(serial, 'alarm'), reason: 'NOT_STORED', id: refused.id });
        expect(client.connected).toBe(true);
        // The others, each written again alone, go in (in whatever order their retries were queued).
        await eventually(async () => (await suite.lastTelemetry(serial)).telemetry?.boilerTmp === 779);
        const alarms = () =>
          database.transaction((sql) =>
            sql.query<{ id: string }>('select id::text as id from alarms where serial_number = $1', [serial]),
          );
        await eventually(async () => (await alarms()).rows.length > 0);
        expect((await alarms()).rows.map((row) => row.id)).toEqual([kept.id]);
        const [letter] = (await (await deadLetters(`serialNumber=${serial}`)).json()) as TDeadLetter[];
        expect(letter).toMatchObject({ reason: 'NOT_STORED', payload: JSON.stringify(refused) });
        expect(letter?.detail).toMatch(/^22023: .*no ZZ99 here/);
      });
    });

    it('keeps a record the machine sent again under the same id with other content, in its batch or later', async () => {
      const product = await createProduct(suite.server, suite.headers);
      const { client } = await device(product);
      const serial = product.serialNumber;
      /** The two conflicts on `topic`'s topic, once both are kept. */
      const conflicts = (topic: 'event' | 'alarm') =>
        eventually(async () => {
          const rows = ((await (await deadLetters(`serialNumber=${serial}`)).json()) as TDeadLetter[]).filter(
            (l) => l.reason === 'CONFLICTING_RECORD' && l.topic === deviceTopic(serial, topic),
          );
          return rows.length === 2 && rows;
        });
      const rows = <R extends Record<string, unknown>>(text: string) =>
        suite.server.washboard.database.transaction((q) => q.query<R>(text, [serial])).then((r) => r.rows);
      const held = (id: string) => `id ${id} is held by the machine's own record; this one, sent by the machine, differs`;

      const first = cycleRecord('2026-11-10', 5);
      const other = (completed: boolean, cycleNumber: number) => ({ ...first, completed, cycleNumber });
      // Sent together (one batch), and once more after the first was stored: firmware reusing an id.
      await Promise.all([
        publish(client, serial, 'event', first),
        publish(client, serial, 'event', other(false, 5)),
        publish(client, serial, 'event', first),
      ]);
      await publish(client, serial, 'event', other(true, 6));
      const events = await conflicts('event');
      expect(events.map((l) => l.detail)).toEqual([held(first.id), held(first.id)]);
      expect(events.map((l) => JSON.parse(l.payload) as { completed: boolean; cycleNumber: number })).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ completed: false, cycleNumber: 5 }),
          expect.objectContaining({ completed: true, cycleNumber: 6 }),
        ]),
      );
      // The first stays the record, as it was.
      expect(await rows('select completed, cycle_number from haccp_events where serial_number = $1')).toEqual([
        { completed: true, cycle_number: 5 },
      ]);

      // An alarm too, sent together with another code under its id (and an end), then with another start.
      const alarm = { id: randomUUID(), errorCode: 'OH01', startDate: '2026-11-10T07:00:00.000Z', stopDate: null };
      await Promise.all([
        publish(client, serial, 'alarm', alarm),
        publish(client, serial, 'alarm', { ...alarm, errorCode: 'OH02', stopDate: '2026-11-10T07:01:00.000Z' }),
      ]);
      await publish(client, serial, 'alarm', { ...alarm, startDate: '2026-11-10T06:59:00.000Z' });
      expect((await conflicts('alarm')).map((l) => l.detail)).toEqual([held(alarm.id), held(alarm.id)]);
      expect(await rows('select error_code, stop_date is null as open from alarms where serial_number = $1')).toEqual([
        { error_code: 'OH01', open: true },
      ]);
    });

    it('keeps the first KiB of a long payload and its whole length', async () => {
      const product = await createProduct(suite.server, suite.headers);
      const { client, errors } = await device(product);
      const long = `{"ts": "${'x'.repeat(5000)}"`;
      await publish(client, product.serialNumber, 'telemetry', long);
      await eventually(async () => errors.length === 1);
      const [row] = await eventually(async () => {
        const rows = (await (await deadLetters(`serialNumber=${product.serialNumber}`)).json()) as TDeadLetter[];
        return rows.length > 0 && rows;
      });
      expect(row?.payload).toBe(long.slice(0, 1024));
      expect(row?.payloadBytes).toBe(long.length);
    });

    it("shows an administrator of another brand none of this brand's machines", async () => {
      const product = await createProduct(suite.server, suite.headers);
      const { client, errors } = await device(product);
      await publish(client, product.serialNumber, 'status', '{"online": "yes"}');
      await eventually(async () => errors.length === 1);
      const other = (await signIn(suite.server, ADMIN.email, ADMIN.password, 'KESTREL')).headers;
      const res = await deadLetters(`serialNumber=${product.serialNumber}`, { headers: other, brand: 'KESTREL' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    });

    it('refuses a kitchen manager (403) and a caller without a token (401)', async () => {
      const [manager] = await signedInUsers(suite.server, suite.headers, ['kitchen-dead-letters@washboard.test']);
      expect((await deadLetters('', { headers: manager })).status).toBe(403);
      expect((await deadLetters('', { headers: {} })).status).toBe(401);
    });

    it('validates its query', async () => {
      expect((await deadLetters('limit=0')).status).toBe(400);
      expect((await deadLetters('serialNumber=no/such')).status).toBe(400);
    });
  });

  it('keeps only the newest rows once pruned', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({
      serialNumber: null,
      brand: null,
      topic: `prune/${i}`,
      payload: '',
      payloadBytes: 0,
      reason: 'UNKNOWN_TOPIC' as const,
      detail: null,
    }));
    await suite.server.washboard.database.transaction(async (sql) => {
      await insertDeadLetters(sql, rows);
      await pruneDeadLetters(sql, 10);
    });
    const kept = await suite.server.washboard.database.transaction((sql) =>
      sql.query<{ topic: string }>('select topic from device_dead_letters order by id'),
    );
    expect(kept.rows.map((r) => r.topic)).toEqual(rows.slice(20).map((r) => r.topic));
  });
});
