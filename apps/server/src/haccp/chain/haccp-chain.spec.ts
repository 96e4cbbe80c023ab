import { randomUUID, verify as verifySignature, createPublicKey } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { THaccpCorrectionView, THaccpVerification } from '@washboard/contracts';
import { startTestServer, testBroker, type TTestServer } from '../../../test/harness';
import { ADMIN, json, signedInUsers, signIn } from '../../../test/accounts';
import { connectDevice, createProduct, cycleRecord, deviceShowingCode, eventually, publish } from '../../../test/devices';
import { DeviceBatcher } from '../../gateway/device-batcher';
import { DeviceMessageRepository } from '../../gateway/device-message.repository';
import { RetentionRepository } from '../../retention/retention.repository';
import { closeOutMessage, HaccpChainService } from './haccp-chain.service';
import { HaccpChainRepository } from './haccp-chain.repository';
import { ChainWalker } from './chain-walker';
import { loadHaccpSigningKey } from './haccp-signing-key';

type THeaders = Record<string, string>;

const DAY = '2026-11-10';
/** The days around now, when the records of a test are received: the period a verification covers. */
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const RECEIVED = `startDate=${utcDay(-1)}&stopDate=${utcDay(1)}`;
/** A washing cycle that ended `minute` minutes after 06:00 on DAY, with its rinse trace. */
function cycle(minute: number, rinseMaxTmp = 848) {
  return { ...cycleRecord(DAY, minute, rinseMaxTmp), rinseTrace: Array<number>(12).fill(rinseMaxTmp) };
}

describe(`HACCP hash chain (${testBroker()})`, () => {
  let server: TTestServer;
  let admin: THeaders;
  let anna: THeaders;
  const walker = new ChainWalker();

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: testBroker() });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    [anna] = await signedInUsers(server, admin, ['anna@kitchen.test']);
  });
  afterAll(async () => {
    await server.close();
    await walker.close();
  });

  const sql = <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    server.washboard.database.transaction((q) => q.query<R>(text, params)).then((r) => r.rows);

  /** Sets the rinse peak of the cycle `records[index]` in the database (jsonb text `value`); answers that cycle. */
  async function changeRinse(records: { payload: unknown }[], index: number, value: string) {
    const changed = records[index]?.payload as ReturnType<typeof cycle>;
    await sql(`update haccp_events set measurements = jsonb_set(measurements, '{rinseMaxTmp}', $2::jsonb) where id = $1`, [
      changed.id,
      value,
    ]);
    return changed;
  }

  /** The break that names `changed`, at position `seq`, as changed. */
  const changedAt = (seq: number, changed: ReturnType<typeof cycle>) => ({
    seq,
    toSeq: null,
    problem: 'changed',
    kind: 'event',
    recordId: changed.id,
    deviceTime: changed.stop,
  });

  /** A new machine with `records` sent over MQTT, stored once all have arrived. */
  async function machine(records: { topic: 'event' | 'alarm'; payload: unknown }[]): Promise<string> {
    const product = await createProduct(server, admin, { modelNumber: 'WB-500', gamma: 'infinity', type: 'undercounter' });
    const device = await connectDevice(server, product);
    for (const r of records) await publish(device, product.serialNumber, r.topic, r.payload);
    // An alarm's first message that already carries its end is two entries: opening and closing.
    const seen = new Set<string>();
    let entries = 0;
    for (const r of records) {
      const { id, stopDate } = r.payload as { id: string; stopDate?: unknown };
      entries += r.topic === 'alarm' && !seen.has(id) && stopDate ? 2 : 1;
      seen.add(id);
    }
    await eventually(async () => {
      const [row] = await sql<{ n: number }>('select count(*)::int as n from haccp_chain_entries where serial_number = $1', [
        product.serialNumber,
      ]);
      return (row?.n ?? 0) >= entries;
    });
    await device.endAsync(true);
    return product.serialNumber;
  }

  async function verification(serial: string, headers = admin): Promise<THaccpVerification> {
    const res = await server.api(`/api/v1/event-hub-listener/event/${serial}/haccp/verification?${RECEIVED}`, {
      headers,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as THaccpVerification;
  }

  const alarmId = randomUUID();
  const standard = () => [
    { topic: 'event' as const, payload: cycle(1) },
    { topic: 'alarm' as const, payload: { id: alarmId, errorCode: 'OH01', startDate: `${DAY}T06:02:00.000Z`, stopDate: null } },
    { topic: 'event' as const, payload: cycle(3) },
    {
      topic: 'alarm' as const,
      payload: { id: alarmId, errorCode: 'OH01', startDate: `${DAY}T06:02:00.000Z`, stopDate: `${DAY}T06:04:00.000Z` },
    },
    { topic: 'event' as const, payload: cycle(5) },
  ];

  describe('GET …/haccp/verification', () => {
    it('verifies an untouched chain: every event, alarm opening and closing, in arrival order', async () => {
      const serial = await machine(standard());
      const v = await verification(serial);
      expect(v).toMatchObject({
        verified: true,
        startedFrom: 'genesis',
        checked: 5,
        firstSeq: 1,
        lastSeq: 5,
        late: 0,
        breaks: [],
      });
      const kinds = await sql<{ kind: string }>('select kind from haccp_chain_entries where serial_number = $1 order by seq', [
        serial,
      ]);
      expect(kinds.map((k) => k.kind)).toEqual(['event', 'alarm', 'event', 'alarmClose', 'event']);
    });

    it('verifies records the database keeps in its own form: case, microseconds, offsets, numbers, text', async () => {
      const id = randomUUID().toUpperCase();
      const parameterId = randomUUID();
      const serial = await machine([
        {
          topic: 'event',
          // Rounded to microseconds this stop would pass into the next millisecond: kept to the millisecond.
          payload: { ...cycle(1), id, start: `${DAY}T07:57:30.5+01:00`, stop: `${DAY}T06:00:00.1239996Z` },
        },
        {
          topic: 'event',
          payload: {
            id: parameterId,
            kind: 'parameter',
            start: `${DAY}T06:10:00.000001-05:30`,
            stop: `${DAY}T11:40:00.000999-05:30`,
            // Beyond the Basic Multilingual Plane (a surrogate pair); half of one is refused (dead-letters.spec.ts).
            parameterName: 'rinse\ud83d\udca7Target',
            oldValue: 0.1,
            newValue: 1e21,
          },
        },
      ]);
      const v = await verification(serial);
      expect(v).toMatchObject({ verified: true, checked: 2, breaks: [] });
      const stored = await sql<{ id: string; stop: string; parameter_name: string | null }>(
        `select id, to_char(stop at time zone 'UTC', 'HH24:MI:SS.US') as stop, parameter_name from haccp_events
         where serial_number = $1 order by stop`,
        [serial],
      );
      expect(stored).toEqual([
        { id: id.toLowerCase(), stop: '06:00:00.123000', parameter_name: null },
        { id: parameterId, stop: '17:10:00.000000', parameter_name: 'rinse\ud83d\udca7Target' },
      ]);
    });

    it('names the record whose temperature was changed in the database', async () => {
      const records = standard();
      const serial = await machine(records);
      const changed = await changeRinse(records, 2, '860');
      const v = await verification(serial);
      expect(v.verified).toBe(false);
      expect(v.breaks).toEqual([changedAt(3, changed)]);
    });

    it('names a record changed to a value no machine can send (a number jsonb keeps, JSON cannot), and goes on', async () => {
      const records = standard();
      const serial = await machine(records);
      const changed = await changeRinse(records, 2, '1e400');
      const v = await verification(serial);
      expect(v).toMatchObject({ verified: false, checked: 5 });
      expect(v.breaks).toEqual([changedAt(3, changed)]);
    });

    it('names the record whose heat dose was changed in the database, though the chain covers its trace only', async () => {
      const records = standard();
      const serial = await machine(records);
      expect(await verification(serial)).toMatchObject({ verified: true, checked: 5 });
      const changed = records[2]?.payload as ReturnType<typeof cycle>;
      await sql(`update haccp_events set heat_dose = jsonb_set(heat_dose, '{hue}', '9999') where id = $1`, [changed.id]);
      const v = await verification(serial);
      expect(v.verified).toBe(false);
      expect(v.breaks).toEqual([changedAt(3, changed)]);
    });

    it('walks the chain from its start when its head row is gone, trusting nothing of it', async () => {
      const records = standard();
      const serial = await machine(records);
      const changed = await changeRinse(records, 4, '900');
      await sql('delete from haccp_chain_heads where serial_number = $1', [serial]);
      const v = await verification(serial);
      expect(v).toMatchObject({ verified: false, startedFrom: 'genesis', checked: 5 });
      expect(v.breaks).toEqual([changedAt(5, changed)]);
    });

    it('checks the records of a period that entered the chain after it ended (delivered late)', async () => {
      // The records are of DAY, weeks ago, and were chained now: the period's verification walks to them.
      const records = standard();
      const serial = await machine(records);
      const ofDay = async () => {
        const res = await server.api(
          `/api/v1/event-hub-listener/event/${serial}/haccp/verification?startDate=${DAY}&stopDate=${DAY}`,
          { headers: admin },
        );
        expect(res.status).toBe(200);
        return (await res.json()) as THaccpVerification;
      };
      expect(await ofDay()).toMatchObject({ verified: true, checked: 5, firstSeq: 1, lastSeq: 5, breaks: [] });
      // A day before the records: nothing of it to check, and nothing after it is walked.
      const before = await server.api(
        `/api/v1/event-hub-listener/event/${serial}/haccp/verification?startDate=2026-11-09&stopDate=2026-11-09`,
        { headers: admin },
      );
      expect(await before.json()).toMatchObject({ verified: true, checked: 0 });
      const changed = await changeRinse(records, 4, '860');
      const v = await ofDay();
      expect(v.verified).toBe(false);
      expect(v.breaks).toEqual([changedAt(5, changed)]);
      // An event of the day written past the gateway, long after the day, is found too.
      const forged = cycle(30);
      await sql(
        `insert into haccp_events (serial_number, id, kind, cycle_name, start, stop, completed, measurements)
         values ($1, $2, 'cycle', 'dishes', $3, $4, true, '{"rinseMaxTmp": 850}')`,
        [serial, forged.id, forged.start, forged.stop],
      );
      expect((await ofDay()).breaks).toContainEqual(expect.objectContaining({ problem: 'unchained', recordId: forged.id }));
    });

    it('finds a deleted event as a gap, and a deleted alarm as missing where its entries stand', async () => {
      const records = standard();
      const serial = await machine(records);
      const first = records[0]?.payload as ReturnType<typeof cycle>;
      const alarm = records[3]?.payload as { id: string; startDate: string; stopDate: string };
      // An event's entry is kept in its own row: deleting the record deletes its entry.
      await sql('delete from haccp_events where id = $1', [first.id]);
      await sql('delete from alarms where id = $1', [alarm.id]);
      const v = await verification(serial);
      expect(v.verified).toBe(false);
      expect(v.breaks).toEqual([
        { seq: 1, toSeq: 1, problem: 'gap', kind: null, recordId: null, deviceTime: null },
        { seq: 2, toSeq: null, problem: 'missing', kind: 'alarm', recordId: alarm.id, deviceTime: alarm.startDate },
        { seq: 4, toSeq: null, problem: 'missing', kind: 'alarmClose', recordId: alarm.id, deviceTime: alarm.stopDate },
      ]);
    });

    it('walks a chain longer than a page: a gap across two pages, and entries stored past the head', async () => {
      const records = standard();
      const serial = await machine(records);
      // Two positions a page: the walk reads (0, 2], (2, 4], (4, 6], …
      const paged = new HaccpChainService(
        server.washboard.appliances,
        new HaccpChainRepository(server.washboard.database),
        await loadHaccpSigningKey({ dataDir: 'memory://' }),
        walker,
        2,
      );
      const from = new Date(Date.now() - 86_400_000);
      const to = new Date(Date.now() + 86_400_000);
      expect(await paged.verifyPeriod(serial, from, to)).toMatchObject({ verified: true, checked: 5, lastSeq: 5, breaks: [] });

      // Position 2 is an alarm's (a row of haccp_chain), 3 an event's (kept in the event's row).
      await sql('delete from haccp_chain where serial_number = $1 and seq in (2, 3)', [serial]);
      await sql('update haccp_events set chain_seq = null, chain_hash = null where serial_number = $1 and chain_seq in (2, 3)', [
        serial,
      ]);
      // Copies of positions 4 and 5 stored as 6 and 7, past the head (5): walked, and wrong there.
      await sql(
        `insert into haccp_chain (serial_number, seq, kind, record_id, late, device_time, chained_at, hash, carrier_name)
         select serial_number, seq + 2, kind, record_id, late, device_time, chained_at, hash, carrier_name
         from haccp_chain_entries where serial_number = $1 and seq in (4, 5)`,
        [serial],
      );
      const v = await paged.verifyPeriod(serial, from, to);
      const [third, fourth, fifth] = [records[2]?.payload, records[3]?.payload, records[4]?.payload] as [
        { id: string; stop: string },
        { id: string; stopDate: string },
        { id: string; stop: string },
      ];
      expect(v).toMatchObject({ verified: false, checked: 5, lastSeq: 7 });
      expect(v.breaks).toEqual([
        { seq: 2, toSeq: 3, problem: 'gap', kind: null, recordId: null, deviceTime: null },
        { seq: 6, toSeq: null, problem: 'changed', kind: 'alarmClose', recordId: fourth.id, deviceTime: fourth.stopDate },
        { seq: 7, toSeq: null, problem: 'changed', kind: 'event', recordId: fifth.id, deviceTime: fifth.stop },
        // The event whose entry was deleted (position 3) is now a record past the chain.
        { seq: null, toSeq: null, problem: 'unchained', kind: 'event', recordId: third.id, deviceTime: third.stop },
      ]);
    });

    it('finds a record written past the chain', async () => {
      const serial = await machine(standard());
      const forged = cycle(30);
      await sql(
        `insert into haccp_events (serial_number, id, kind, cycle_name, start, stop, completed, measurements)
         values ($1, $2, 'cycle', 'dishes', $3, $4, true, '{"rinseMaxTmp": 850}')`,
        [serial, forged.id, forged.start, forged.stop],
      );
      const v = await verification(serial);
      expect(v.breaks).toEqual([
        { seq: null, toSeq: null, problem: 'unchained', kind: 'event', recordId: forged.id, deviceTime: forged.stop },
      ]);
    });

    it('finds records slipped in at a position the walk never reaches, or dated as arrived before the chain', async () => {
      const serial = await machine(standard());
      // The third happened after the chain began (a minute ago), but claims to have arrived before it.
      const now = Date.now();
      const early = { ...cycle(34), start: new Date(now - 60_000).toISOString(), stop: new Date(now).toISOString() };
      const [below, beyond] = [cycle(30), cycle(32)];
      const insert = (forged: ReturnType<typeof cycle>, extra: string, values: unknown[]) =>
        sql(
          `insert into haccp_events (serial_number, id, kind, cycle_name, start, stop, completed, measurements${extra})
           values ($1, $2, 'cycle', 'dishes', $3, $4, true, '{"rinseMaxTmp": 850}'${values.map((_, i) => `, $${i + 5}`).join('')})`,
          [serial, forged.id, forged.start, forged.stop, ...values],
        );
      await insert(below, ', chain_seq, chain_hash', [-1, 'f'.repeat(64)]);
      await insert(beyond, ', chain_seq, chain_hash', [1_000_000, 'f'.repeat(64)]);
      await insert(early, ', received_at', ['2000-01-01T00:00:00Z']);
      const v = await verification(serial);
      expect(v.verified).toBe(false);
      expect(new Set(v.breaks.map((b) => [b.problem, b.recordId].join(' ')))).toEqual(
        new Set([below, beyond, early].map((f) => `unchained ${f.id}`)),
      );
    });

    it('chains records the machine had buffered when they arrive, marked late', async () => {
      const buffered = cycle(2);
      const serial = await machine([
        { topic: 'event', payload: cycle(1) },
        { topic: 'event', payload: cycle(5) },
      ]);
      // Sent after the machine's newer records were stored (a later batch): older than the chain's head.
      await writeEvents(serial, [buffered]);
      const v = await verification(serial);
      expect(v).toMatchObject({ verified: true, checked: 3, late: 1 });
      const rows = await sql<{ seq: number; late: boolean }>(
        'select seq::int as seq, late from haccp_chain_entries where serial_number = $1 and record_id = $2',
        [serial, buffered.id],
      );
      expect(rows).toEqual([{ seq: 3, late: true }]);
      // The HACCP table says so too.
      const res = await server.api(`/api/v1/event-hub-listener/event/${serial}/events?startDate=${DAY}&stopDate=${DAY}`, {
        headers: admin,
      });
      const events = (await res.json()) as { id: string; chain: { seq: number; late: boolean } | null }[];
      expect(events.find((e) => e.id === buffered.id)?.chain).toMatchObject({ seq: 3, late: true });
    });

    it('keeps one chain when two writers store batches of one machine at the same time', async () => {
      const serial = await machine([{ topic: 'event', payload: cycle(1) }]);
      const log = pino({ level: 'silent' });
      const writers = [0, 1].map(() => new DeviceBatcher(new DeviceMessageRepository(server.washboard.database), log));
      await Promise.all(
        writers.flatMap((writer, w) => Array.from({ length: 20 }, (_, i) => writer.writeEvent(serial, cycle(10 + i * 2 + w)))),
      );
      await Promise.all(writers.map((w) => w.drain()));
      const seqs = await sql<{ seq: number }>(
        'select seq::int as seq from haccp_chain_entries where serial_number = $1 order by seq',
        [serial],
      );
      expect(seqs.map((s) => s.seq)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
      expect(await verification(serial)).toMatchObject({ verified: true, checked: 41, breaks: [] });
    });

    it('starts one chain per machine when two writers bring the first records of new machines at once', async () => {
      const serials: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        serials.push(
          (await createProduct(server, admin, { modelNumber: 'WB-500', gamma: 'infinity', type: 'undercounter' })).serialNumber,
        );
      }
      const log = pino({ level: 'silent' });
      const writers = [0, 1].map(() => new DeviceBatcher(new DeviceMessageRepository(server.washboard.database), log));
      await Promise.all(
        writers.flatMap((writer, w) =>
          serials.flatMap((serial) => Array.from({ length: 10 }, (_, i) => writer.writeEvent(serial, cycle(10 + i * 2 + w)))),
        ),
      );
      await Promise.all(writers.map((w) => w.drain()));
      for (const serial of serials) {
        const seqs = await sql<{ seq: number }>(
          'select seq::int as seq from haccp_chain_entries where serial_number = $1 order by seq',
          [serial],
        );
        expect(seqs.map((s) => s.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
        expect(await verification(serial)).toMatchObject({ verified: true, checked: 20, breaks: [] });
      }
    });

    it('continues the chain after a batch that chained and then rolled back', async () => {
      const serial = await machine([{ topic: 'event', payload: cycle(1) }]);
      const database = server.washboard.database;
      let refuseCommit = false;
      // The same database, whose next transaction fails after its work, as a lost commit would.
      const flaky = Object.create(database, {
        transaction: {
          value: (work: Parameters<typeof database.transaction>[0]) =>
            database.transaction(async (q) => {
              const result = await work(q);
              if (refuseCommit) {
                refuseCommit = false;
                throw new Error('commit lost');
              }
              return result;
            }),
        },
      }) as typeof database;
      const writer = new DeviceBatcher(new DeviceMessageRepository(flaky), pino({ level: 'silent' }));
      await writer.writeEvent(serial, cycle(10));
      refuseCommit = true;
      await expect(writer.writeEvent(serial, cycle(12))).rejects.toThrow('commit lost');
      // The writer chained cycle 12 before the rollback; the next batch must not continue from it.
      await writer.writeEvent(serial, cycle(14));
      await writer.writeEvent(serial, cycle(12));
      await writer.drain();
      const seqs = await sql<{ seq: number }>(
        'select seq::int as seq from haccp_chain_entries where serial_number = $1 order by seq',
        [serial],
      );
      expect(seqs.map((s) => s.seq)).toEqual([1, 2, 3, 4]);
      expect(await verification(serial)).toMatchObject({ verified: true, checked: 4, breaks: [] });
    });

    it('chains a batch with its alarms in time order, and without a gap when it repeats a record stored before', async () => {
      const serial = await machine([{ topic: 'event', payload: cycle(1) }]);
      // A second machine in the same batches, without alarms: its events are chained before the
      // alarms' upsert answers, the first machine's after it.
      const other = await machine([{ topic: 'event', payload: cycle(1) }]);
      const writer = new DeviceBatcher(new DeviceMessageRepository(server.washboard.database), pino({ level: 'silent' }));
      const repeated = cycle(10);
      const [o9, o11, o13, o17] = [cycle(9), cycle(11), cycle(13), cycle(17)];
      await Promise.all([writer.writeEvent(serial, repeated), writer.writeEvent(other, o9)]);
      // The writer now knows the machine's head, so the next batches are chained with the events'
      // insert. This one repeats a record stored before (a device sending a message again), which
      // is not stored: the batch is chained again, without a gap.
      const id = randomUUID();
      const opened = { id, errorCode: 'OH01', startDate: `${DAY}T06:13:00.000Z`, stopDate: null };
      await Promise.all([
        writer.writeEvent(serial, cycle(12)),
        writer.writeEvent(serial, repeated),
        writer.writeAlarm(serial, opened),
        writer.writeEvent(other, o13),
        writer.writeEvent(serial, cycle(14)),
        writer.writeEvent(other, o11),
      ]);
      await Promise.all([
        writer.writeEvent(serial, cycle(16)),
        writer.writeEvent(other, o17),
        writer.writeAlarm(serial, { ...opened, stopDate: `${DAY}T06:15:00.000Z` }),
      ]);
      await writer.drain();
      const entries = await sql<{ seq: number; kind: string; record_id: string }>(
        'select seq::int as seq, kind, record_id from haccp_chain_entries where serial_number = $1 order by seq',
        [serial],
      );
      expect(entries.map((e) => [e.seq, e.kind])).toEqual([
        [1, 'event'],
        [2, 'event'],
        [3, 'event'],
        [4, 'alarm'],
        [5, 'event'],
        [6, 'alarmClose'],
        [7, 'event'],
      ]);
      expect(entries[1]?.record_id).toBe(repeated.id);
      expect(await verification(serial)).toMatchObject({ verified: true, checked: 7, late: 0, breaks: [] });
      const otherEntries = await sql<{ seq: number; record_id: string }>(
        'select seq::int as seq, record_id from haccp_chain_entries where serial_number = $1 order by seq',
        [other],
      );
      expect(otherEntries.slice(1).map((e) => e.record_id)).toEqual([o9.id, o11.id, o13.id, o17.id]);
      expect(await verification(other)).toMatchObject({ verified: true, checked: 5, late: 0, breaks: [] });
    });

    it('refuses a machine the caller does not see', async () => {
      const serial = await machine([{ topic: 'event', payload: cycle(1) }]);
      const res = await server.api(
        `/api/v1/event-hub-listener/event/${serial}/haccp/verification?startDate=${DAY}&stopDate=${DAY}`,
        {
          headers: anna,
        },
      );
      expect(res.status).toBe(404);
    });

    it('refuses a period longer than a report may cover (a year), like the reports do', async () => {
      const serial = await machine([{ topic: 'event', payload: cycle(1) }]);
      const verify = (startDate: string, stopDate: string) =>
        server.api(`/api/v1/event-hub-listener/event/${serial}/haccp/verification?startDate=${startDate}&stopDate=${stopDate}`, {
          headers: admin,
        });
      const tooLong = await verify('2025-01-01', '2026-12-31');
      expect([tooLong.status, ((await tooLong.json()) as { code: string }).code]).toEqual([400, 'INVALID_DATE_RANGE']);
      expect((await verify('2025-12-31', '2026-12-31')).status).toBe(200);
    });
  });

  describe('POST …/haccp/corrections', () => {
    it('adds a correction as a new chained record; the chain stays valid and both are shown', async () => {
      const records = standard();
      const serial = await machine(records);
      const corrected = records[0]?.payload as ReturnType<typeof cycle>;
      const res = await server.api(
        `/api/v1/event-hub-listener/event/${serial}/haccp/corrections`,
        json({ correctsKind: 'event', correctsId: corrected.id, note: 'Rinse probe faulty; 84 °C measured by hand' }, admin),
      );
      expect(res.status).toBe(201);
      const correction = (await res.json()) as THaccpCorrectionView;
      expect(correction).toMatchObject({ correctsId: corrected.id, seq: 6 });
      expect(await verification(serial)).toMatchObject({ verified: true, checked: 6 });
      // The corrected record is unchanged, the correction beside it.
      const events = (await (
        await server.api(`/api/v1/event-hub-listener/event/${serial}/events?startDate=${DAY}&stopDate=${DAY}`, { headers: admin })
      ).json()) as { id: string; measurements: { rinseMaxTmp: number }; corrections: { note: string }[] }[];
      const shown = events.find((e) => e.id === corrected.id);
      expect(shown?.measurements.rinseMaxTmp).toBe(848);
      expect(shown?.corrections.map((c) => c.note)).toEqual(['Rinse probe faulty; 84 °C measured by hand']);

      // An alarm is corrected the same way, and the HACCP alarms list shows the note under it.
      const onAlarm = await server.api(
        `/api/v1/event-hub-listener/event/${serial}/haccp/corrections`,
        json({ correctsKind: 'alarm', correctsId: alarmId, note: 'Boiler thermostat replaced the same day' }, admin),
      );
      expect(onAlarm.status).toBe(201);
      expect(await verification(serial)).toMatchObject({ verified: true, checked: 7 });
      const alarms = (await (
        await server.api(`/api/v1/event-hub-listener/event/${serial}/alarms?startDate=${DAY}&stopDate=${DAY}`, { headers: admin })
      ).json()) as { id: string; stopDate: string | null; corrections: { note: string; authorName: string }[] }[];
      expect(alarms).toHaveLength(1);
      expect(alarms[0]?.stopDate).not.toBeNull();
      expect(alarms[0]?.corrections.map((c) => c.note)).toEqual(['Boiler thermostat replaced the same day']);
    });

    it('refuses a kitchen manager, and a record the machine does not have', async () => {
      const product = await createProduct(server, admin, { modelNumber: 'WB-500', gamma: 'infinity', type: 'undercounter' });
      const serial = product.serialNumber;
      const device = await deviceShowingCode(server, product, '271828');
      await new Promise((r) => setTimeout(r, testBroker() === 'embedded' ? 0 : 300));
      const claimed = await server.api(
        '/api/v1/appliance/claim',
        json({ activationCode: '271828', serialNumber: serial, applianceName: 'Dish room' }, anna),
      );
      expect(claimed.status).toBe(200);
      const stored = cycle(1);
      await publish(device, serial, 'event', stored);
      await eventually(async () => (await sql('select 1 from haccp_chain_entries where record_id = $1', [stored.id])).length > 0);
      await device.endAsync(true);
      const path = `/api/v1/event-hub-listener/event/${serial}/haccp/corrections`;
      const byKitchen = await server.api(path, json({ correctsKind: 'event', correctsId: stored.id, note: 'looks wrong' }, anna));
      expect(byKitchen.status).toBe(403);
      const unknown = await server.api(path, json({ correctsKind: 'event', correctsId: randomUUID(), note: 'nothing' }, admin));
      expect(unknown.status).toBe(404);
      const bad = await server.api(path, json({ correctsKind: 'cycle', correctsId: 'x', note: '' }, admin));
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
    });
  });

  describe('daily close-out', () => {
    it('signs each day with the published key; a changed signature or a rewritten record is caught', async () => {
      const records = standard();
      const serial = await machine(records);
      const today = new Date().toISOString().slice(0, 10);
      const tomorrow = new Date(Date.now() + 86_400_000);
      expect(await server.washboard.haccpChain.closeOut(tomorrow, 1)).toBeGreaterThanOrEqual(1);
      // Run again (another instance, a retry): nothing more.
      expect(await server.washboard.haccpChain.closeOut(tomorrow, 1)).toBe(0);
      const period = RECEIVED;
      const read = async () =>
        (await (
          await server.api(`/api/v1/event-hub-listener/event/${serial}/haccp/verification?${period}`, { headers: admin })
        ).json()) as THaccpVerification;
      const v = await read();
      expect(v.verified).toBe(true);
      expect(v.closeOuts).toEqual([expect.objectContaining({ day: today, seq: 5, signatureValid: true, matchesChain: true })]);

      // Offline: the published key verifies the signature over the documented message.
      const keys = (await (await server.api('/.well-known/haccp-keys')).json()) as { keys: { kid: string; pem: string }[] };
      const closeOut = v.closeOuts[0];
      const key = keys.keys.find((k) => k.kid === closeOut?.keyId);
      expect(key && closeOut).toBeTruthy();
      if (!key || !closeOut) return;
      const message = closeOutMessage(serial, closeOut.day, closeOut.seq, closeOut.hash);
      expect(
        verifySignature(null, Buffer.from(message), createPublicKey(key.pem), Buffer.from(closeOut.signature, 'base64')),
      ).toBe(true);

      // A reviewer confirms the day: a second signature names them.
      const reviewed = await server.api(`/api/v1/event-hub-listener/event/${serial}/haccp/close-outs/${today}/review`, {
        method: 'POST',
        headers: admin,
      });
      expect(reviewed.status).toBe(200);
      const first = (await read()).closeOuts[0];
      expect(first).toMatchObject({ reviewSignatureValid: true, reviewerName: expect.any(String) });
      // Reviewed once: a second review is refused and the first reviewer's confirmation stays.
      const again = await server.api(`/api/v1/event-hub-listener/event/${serial}/haccp/close-outs/${today}/review`, {
        method: 'POST',
        headers: admin,
      });
      expect(again.status).toBe(409);
      expect((await read()).closeOuts[0]).toMatchObject({ reviewedAt: first?.reviewedAt, reviewSignatureValid: true });

      // The stored hash of the last entry rewritten to match a changed record: the close-out no longer matches.
      await changeRinse(records, 4, '900');
      const after = await read();
      expect(after.verified).toBe(false);
      expect(after.closeOuts[0]).toMatchObject({ signatureValid: true, matchesChain: false });
      await sql(`update haccp_close_outs set signature = $2 where serial_number = $1`, [
        serial,
        Buffer.alloc(64).toString('base64'),
      ]);
      expect((await read()).closeOuts[0]).toMatchObject({ signatureValid: false });
    });
  });

  it('catches the newest records of a day deleted up to the position its close-out signs', async () => {
    const records = standard();
    const serial = await machine(records);
    expect(await server.washboard.haccpChain.closeOut(new Date(Date.now() + 86_400_000), 1)).toBeGreaterThanOrEqual(1);
    expect(await verification(serial)).toMatchObject({ verified: true, closeOuts: [expect.objectContaining({ seq: 5 })] });
    // The last two records and their head, as if they had never been: the walk ends at position 3.
    const gone = [records[4], records[3]].map((r) => (r?.payload as { id: string }).id);
    await sql('delete from haccp_events where serial_number = $1 and id = any($2::uuid[])', [serial, gone]);
    await sql(`delete from haccp_chain where serial_number = $1 and kind = 'alarmClose'`, [serial]);
    await sql(`update alarms set stop_date = null where serial_number = $1`, [serial]);
    await sql('update haccp_chain_heads set seq = 3 where serial_number = $1', [serial]);
    const v = await verification(serial);
    expect(v.verified).toBe(false);
    expect(v.closeOuts).toEqual([expect.objectContaining({ seq: 5, signatureValid: true, matchesChain: false })]);
  });

  describe('retention', () => {
    it('keeps verification passing when old records and their entries go: the chain continues from the anchor', async () => {
      const serial = await machine(standard());
      const retention = new RetentionRepository(server.washboard.database.db);
      const cutoff = new Date(Date.now() + 60_000);
      expect(await retention.pruneChainBefore(cutoff, 5000)).toBeGreaterThanOrEqual(5);
      await retention.deleteHaccpEventsBefore(cutoff, 5000);
      await retention.deleteAlarmsBefore(cutoff, 5000);
      const [head] = await sql<{ anchor_seq: number }>('select anchor_seq::int from haccp_chain_heads where serial_number = $1', [
        serial,
      ]);
      expect(head?.anchor_seq).toBe(5);
      await writeEvents(serial, [cycle(60), cycle(61)]);
      expect(await verification(serial)).toMatchObject({
        verified: true,
        startedFrom: 'anchor',
        startSeq: 5,
        firstSeq: 6,
        checked: 2,
      });
    });
  });

  /** Stores cycles of a machine through a writer of its own (the gateway's write path), in one batch. */
  async function writeEvents(serial: string, cycles: ReturnType<typeof cycle>[]) {
    const writer = new DeviceBatcher(new DeviceMessageRepository(server.washboard.database), pino({ level: 'silent' }));
    await Promise.all(cycles.map((c) => writer.writeEvent(serial, c)));
    await writer.drain();
  }
});
