import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { TDatabase } from '../db/database';
import { openFreshDatabase } from '../../test/fresh-database';
import { DeviceBatcher } from './device-batcher';
import { DeviceMessageRepository } from './device-message.repository';
import { JobQueue } from '../jobs/job-queue';
import { JobRepository } from '../jobs/job.repository';
import { ALARM_OPENED, THRESHOLD_CHECK } from '../jobs/kinds';
import { cycleRecord, deviceStats } from '../../test/devices';

// The repository loads telemetry with COPY straight into the table and falls back to a staging table
// when a batch repeats stored rows (a device replaying QoS 1 messages after a reconnect).
describe(`DeviceMessageRepository behind the batcher (${process.env.TEST_DB ?? 'pglite'})`, () => {
  const opened = openFreshDatabase();
  const log = pino({ level: 'silent' });
  /** The ingest path's writer: batches of device messages stored by the repository. */
  const newWriter = () => new DeviceBatcher(new DeviceMessageRepository(opened()), log);

  const rows = async (serial: string) =>
    (
      await opened().transaction((sql) =>
        sql.query<{ ts: Date; boiler_tmp: number | null; tank_vlm: number | null }>(
          'select ts, boiler_tmp, tank_vlm from telemetry where serial_number = $1 order by ts',
          [serial],
        ),
      )
    ).rows.map((r) => ({ ts: new Date(r.ts).toISOString(), boilerTmp: r.boiler_tmp, tankVlm: r.tank_vlm }));
  const at = (second: number) => new Date(Date.UTC(2026, 10, 1, 8, 0, second)).toISOString();

  /** Machines with their live state rows, as the gateway finds them. */
  const addMachines = (serials: string[], claimingFailedAttempts = 0) =>
    opened().transaction(async (sql) => {
      await sql.query(
        `insert into appliances (serial_number, brand, model_number, gamma, rating_power, fw00, fw02, secret_hash)
         select serial, 'LUMINA', 'WB-500', 'infinity', 'M3', '1', '1', 'x' from unnest($1::text[]) as serial`,
        [serials],
      );
      await sql.query('insert into appliance_states (serial_number, claiming_failed_attempts) select unnest($1::text[]), $2', [
        serials,
        claimingFailedAttempts,
      ]);
    });

  it('stores a batch with the values sent and null for the missing ones', async () => {
    const writer = newWriter();
    await Promise.all([
      writer.writeTelemetry('WRITER1', { ts: at(1), boilerTmp: 845, tankVlm: 350 }),
      writer.writeTelemetry('WRITER1', { ts: at(2), boilerTmp: 846 }),
    ]);
    expect(await rows('WRITER1')).toEqual([
      { ts: at(1), boilerTmp: 845, tankVlm: 350 },
      { ts: at(2), boilerTmp: 846, tankVlm: null },
    ]);
    expect(writer.committed.telemetry).toBe(2);
  });

  it('stores replayed telemetry once, together with the new rows of the same batch', async () => {
    const writer = newWriter();
    await writer.writeTelemetry('WRITER2', { ts: at(1), boilerTmp: 800 });
    // After a reconnect the device sends the unacknowledged message again, then new ones.
    await Promise.all([
      writer.writeTelemetry('WRITER2', { ts: at(1), boilerTmp: 800 }),
      writer.writeTelemetry('WRITER2', { ts: at(2), boilerTmp: 801 }),
      writer.writeTelemetry('WRITER3', { ts: at(2), boilerTmp: 802 }),
    ]);
    expect(await rows('WRITER2')).toEqual([
      { ts: at(1), boilerTmp: 800, tankVlm: null },
      { ts: at(2), boilerTmp: 801, tankVlm: null },
    ]);
    expect(await rows('WRITER3')).toEqual([{ ts: at(2), boilerTmp: 802, tankVlm: null }]);
    expect(writer.replays).toBe(1);
    // The next batch without a replay takes the direct road again.
    await writer.writeTelemetry('WRITER2', { ts: at(3), boilerTmp: 803 });
    expect((await rows('WRITER2')).length).toBe(3);
    expect(writer.replays).toBe(1);
  });

  it('stores a message repeated within one batch once', async () => {
    const writer = newWriter();
    await Promise.all([
      writer.writeTelemetry('WRITER4', { ts: at(5), boilerTmp: 810 }),
      writer.writeTelemetry('WRITER4', { ts: at(5), boilerTmp: 810 }),
    ]);
    expect(await rows('WRITER4')).toEqual([{ ts: at(5), boilerTmp: 810, tankVlm: null }]);
  });

  it('keeps what several machines reported in one batch, each in its own state', async () => {
    const serials = ['WRITER6', 'WRITER7', 'WRITER8'];
    await addMachines(serials, 2);
    const writer = newWriter();
    const versions = (fw00: string) => ({ fw00, fw02: '1.4.1', connectivity: '2.0', control: '5.1' });
    await Promise.all([
      writer.writeColumns('WRITER6', { versions: versions('3.2.0') }),
      writer.writeColumns('WRITER6', { parameters: { values: { S1: 85 }, ts: at(1) } }),
      writer.writeColumns('WRITER7', { versions: versions('3.3.0'), parameters: { values: { S1: 82 }, ts: at(2) } }),
      writer.writeColumns('WRITER8', { fota: { perc: 40, inProg: true } }),
      writer.writeColumns('WRITER8', { claimingCode: { hash: 'abc', expiresAt: at(59) } }),
    ]);
    const { rows } = await opened().transaction((sql) =>
      sql.query<{
        serial_number: string;
        versions: { fw00: string } | null;
        parameters: Record<string, number> | null;
        parameters_at: Date | null;
        fota: { perc: number } | null;
        claiming_code_hash: string | null;
        claiming_failed_attempts: number;
      }>(
        `select serial_number, versions, parameters, parameters_at, fota, claiming_code_hash, claiming_failed_attempts
         from appliance_states where serial_number = any($1) order by serial_number`,
        [serials],
      ),
    );
    expect(
      rows.map((r) => [
        r.serial_number,
        r.versions?.fw00 ?? null,
        r.parameters,
        r.parameters_at && new Date(r.parameters_at).toISOString(),
        r.fota?.perc ?? null,
        r.claiming_code_hash,
        r.claiming_failed_attempts,
      ]),
    ).toEqual([
      ['WRITER6', '3.2.0', { S1: 85 }, at(1), null, null, 2],
      ['WRITER7', '3.3.0', { S1: 82 }, at(2), null, null, 2],
      ['WRITER8', null, null, null, 40, 'abc', 0],
    ]);
  });

  it("keeps each machine's newest values in its live state, only the fields it sent", async () => {
    const serials = ['LIVE1', 'LIVE2'];
    await addMachines(serials);
    const live = async () =>
      (
        await opened().transaction((sql) =>
          sql.query<{ serial_number: string; telemetry: unknown }>(
            'select serial_number, telemetry from appliance_states where serial_number = any($1) order by serial_number',
            [serials],
          ),
        )
      ).rows.map((r) => [r.serial_number, r.telemetry]);
    const writer = newWriter();
    await Promise.all([
      writer.writeTelemetry('LIVE1', { ts: at(2), boilerTmp: 846 }),
      writer.writeTelemetry('LIVE1', { ts: at(1), boilerTmp: 845, tankVlm: 350 }),
      writer.writeTelemetry('LIVE2', {
        ts: at(1),
        tankTmp: -12,
        rinseWaterFlowRate: 100_000,
        cycleTimeDuration: 86_400 * 366,
      }),
    ]);
    const newest = [
      ['LIVE1', { ts: at(2), boilerTmp: 846 }],
      ['LIVE2', { ts: at(1), tankTmp: -12, rinseWaterFlowRate: 100_000, cycleTimeDuration: 86_400 * 366 }],
    ];
    expect(await live()).toEqual(newest);
    const lastSeen = async () =>
      (
        await opened().transaction((sql) =>
          sql.query<{ t: Date }>(`select last_seen_at as t from appliance_states where serial_number = 'LIVE1'`),
        )
      ).rows.map((r) => new Date(r.t).getTime())[0] ?? 0;
    const seenBefore = await lastSeen();
    // A message older than the one shown (delivered late) is stored but does not replace it; the
    // machine was heard all the same.
    await writer.writeTelemetry('LIVE1', { ts: at(0), boilerTmp: 700, tankVlm: 1 });
    expect(await live()).toEqual(newest);
    expect(await rows('LIVE1')).toHaveLength(3);
    expect(await lastSeen()).toBeGreaterThan(seenBefore);
  });

  it('stores an alarm opened and closed within one batch as one closed alarm', async () => {
    await opened().transaction((sql) =>
      sql.query(
        `insert into appliances (serial_number, brand, model_number, gamma, rating_power, fw00, fw02, secret_hash)
         values ('WRITER9', 'LUMINA', 'WB-500', 'infinity', 'M3', '1', '1', 'x')`,
      ),
    );
    const writer = newWriter();
    const alarm = { id: '5b0c8f7e-2d7c-4a53-9d35-0a4a3c1d2e01', errorCode: 'W01', startDate: at(10) };
    // A short alarm, or a replay after a reconnect: the opening and the closing arrive together.
    await Promise.all([
      writer.writeAlarm('WRITER9', { ...alarm, stopDate: null }),
      writer.writeAlarm('WRITER9', { ...alarm, stopDate: at(40) }),
    ]);
    // The opening replayed later does not reopen it.
    await writer.writeAlarm('WRITER9', { ...alarm, stopDate: null });
    const { rows } = await opened().transaction((sql) =>
      sql.query<{ error_code: string; stop_date: Date | null }>(
        "select error_code, stop_date from alarms where serial_number = 'WRITER9'",
      ),
    );
    expect(rows.map((r) => ({ code: r.error_code, stop: r.stop_date && new Date(r.stop_date).toISOString() }))).toEqual([
      { code: 'W01', stop: at(40) },
    ]);
  });

  it('queues one alarm-mail job per batch that opened alarms, and none for repeats or closings', async () => {
    await opened().transaction(async (sql) => {
      for (const serial of ['ALARMS1', 'ALARMS2']) {
        await sql.query(
          `insert into appliances (serial_number, brand, model_number, gamma, rating_power, fw00, fw02, secret_hash)
           values ($1, 'LUMINA', 'WB-500', 'infinity', 'M3', '1', '1', 'x')`,
          [serial],
        );
      }
    });
    const jobs = new JobQueue(opened().db, new JobRepository(opened().db), log);
    const writer = new DeviceBatcher(
      new DeviceMessageRepository(opened(), {
        alarmsOpened: (sql, opened) =>
          jobs.enqueueSql(sql, ALARM_OPENED, { alarms: opened.map((a) => ({ serial: a.serialNumber, id: a.alarmId })) }),
      }),
      log,
    );
    const queued = async () =>
      (
        await opened().transaction((sql) =>
          sql.query<{ payload: { alarms: { serial: string; id: string }[] } }>(
            "select payload from jobs where kind = 'alarm.opened' order by id",
          ),
        )
      ).rows.map((r) => r.payload.alarms.map((a) => `${a.serial} ${a.id.slice(-2)}`).sort());
    const alarm = (n: number, stopDate: string | null = null) => ({
      id: `5b0c8f7e-2d7c-4a53-9d35-0a4a3c1d2e${String(n).padStart(2, '0')}`,
      errorCode: 'W01',
      startDate: at(n),
      stopDate,
    });
    await Promise.all([
      writer.writeAlarm('ALARMS1', alarm(11)),
      writer.writeAlarm('ALARMS1', alarm(12)),
      writer.writeAlarm('ALARMS2', alarm(13)),
    ]);
    expect(await queued()).toEqual([['ALARMS1 11', 'ALARMS1 12', 'ALARMS2 13']]);
    // The opening repeated (QoS 1 after a reconnect) and the closing of a stored alarm open nothing.
    await Promise.all([writer.writeAlarm('ALARMS1', alarm(11)), writer.writeAlarm('ALARMS2', alarm(13, at(50)))]);
    expect(await queued()).toHaveLength(1);
  });

  it('keeps firmware progress moving forward when reports arrive out of order', async () => {
    await opened().transaction(async (sql) => {
      await sql.query(
        `insert into appliances (serial_number, brand, model_number, gamma, rating_power, fw00, fw02, secret_hash)
         values ('WRITER10', 'LUMINA', 'WB-500', 'infinity', 'M3', '1', '1', 'x')`,
      );
      await sql.query("insert into appliance_states (serial_number) values ('WRITER10')");
    });
    const writer = newWriter();
    const fota = async () =>
      (
        await opened().transaction((sql) =>
          sql.query<{ fota: unknown }>("select fota from appliance_states where serial_number = 'WRITER10'"),
        )
      ).rows[0]?.fota;
    const report = (perc: number, inProg: boolean) => ({ perc, inProg, version: '9.0.0' });
    // Within one batch: 100 % done, then a late 95 % of the same update.
    await Promise.all([
      writer.writeColumns('WRITER10', { fota: report(100, false) }),
      writer.writeColumns('WRITER10', { fota: report(95, true) }),
    ]);
    expect(await fota()).toEqual(report(100, false));
    // Across batches: a late report does not reopen the finished update.
    await writer.writeColumns('WRITER10', { fota: report(90, true) });
    expect(await fota()).toEqual(report(100, false));
    // A new update starts over from 0, and its progress does not go back either.
    await writer.writeColumns('WRITER10', { fota: { perc: 40, inProg: true, version: '9.1.0' } });
    await writer.writeColumns('WRITER10', { fota: { perc: 20, inProg: true, version: '9.1.0' } });
    expect(await fota()).toEqual({ perc: 40, inProg: true, version: '9.1.0' });
  });

  it('sends the statements that move chain heads after every other statement of a batch', async () => {
    // Two instances writing batches of the same machines wait for each other on the state rows, not
    // deadlock on chain heads one locked before the rest of its batch (docs/hygiene.md). The events'
    // insert, which moves the heads of machines whose head the writer knows, is sent without waiting
    // for the statements before it: a connection runs them in the order sent.
    await addMachines(['ORDER1', 'ORDER2']);
    const sent: string[] = [];
    const recording: TDatabase = {
      ...opened(),
      transaction: (work) =>
        opened().transaction((sql) =>
          work({
            query: (text, params) => {
              sent.push(text);
              return sql.query(text, params);
            },
            copyFrom: (statement, data) => {
              sent.push(statement);
              return sql.copyFrom(statement, data);
            },
          }),
        ),
    };
    const jobs = new JobQueue(opened().db, new JobRepository(opened().db), log);
    const writer = new DeviceBatcher(
      new DeviceMessageRepository(recording, {
        thresholdData: (sql, serials) => jobs.enqueuePerBrandSql(sql, THRESHOLD_CHECK, serials),
        deadLetterPruneEvery: 1,
      }),
      log,
    );
    const day = at(0).slice(0, 10);
    // Twice: the first batch makes the heads, the second chains onto the ones the writer kept — all
    // in the events' insert, ORDER2's events hashed without waiting for the alarms' upsert and
    // ORDER1's with its alarm after it.
    for (const minute of [1, 2]) {
      sent.length = 0;
      const alarm = { id: randomUUID(), errorCode: 'OH01', startDate: at(minute), stopDate: null };
      await Promise.all([
        ...(minute === 2 ? [writer.writeAlarm('ORDER1', alarm)] : []),
        writer.writeTelemetry('ORDER1', { ts: at(minute), boilerTmp: 845 }),
        writer.writeEvent('ORDER1', cycleRecord(day, minute)),
        writer.writeEvent('ORDER2', cycleRecord(day, minute)),
        writer.writeColumns('ORDER2', { stats: deviceStats(at(minute), minute) }),
        writer.writeDeadLetter({
          serialNumber: 'ORDER2',
          brand: 'LUMINA',
          topic: 'wb/v1/ORDER2/telemetry',
          payload: '{',
          payloadBytes: 1,
          reason: 'NOT_JSON',
          detail: null,
        }),
      ]);
      const chain = sent.findIndex((text) => /insert into haccp_chain\b/.test(text) || /haccp_chain_heads/.test(text));
      expect(sent[chain]).toContain('insert into haccp_events');
      const others = ['COPY telemetry', 'insert into appliance_stats', 'insert into jobs', 'device_dead_letters'];
      const positions = others.map((start) => sent.findIndex((text) => text.includes(start)));
      expect({ minute, positions: positions.map((i) => i >= 0) }).toEqual({ minute, positions: others.map(() => true) });
      expect(Math.max(...positions)).toBeLessThan(chain);
      if (minute === 2) expect(sent.slice(chain + 1).filter((text) => /haccp_chain|haccp_events/.test(text))).toEqual([]);
    }
    const chained = await opened().transaction((sql) =>
      sql.query<{ n: number }>("select count(*)::int as n from haccp_chain_entries where serial_number in ('ORDER1', 'ORDER2')"),
    );
    expect(chained.rows[0]?.n).toBe(5);
  });

  it('rejects every message of a batch the database refuses, and stores none of it', async () => {
    const writer = newWriter();
    const results = await Promise.allSettled([
      writer.writeTelemetry('WRITER5', { ts: at(1), boilerTmp: 810 }),
      // Out of the smallint column's range: the whole batch fails, so nothing is acknowledged.
      writer.writeTelemetry('WRITER5', { ts: at(2), boilerTmp: 99_999 }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await rows('WRITER5')).toEqual([]);
  });
});
