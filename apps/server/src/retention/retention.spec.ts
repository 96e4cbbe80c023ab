import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness';
import { eventually } from '../../test/devices';
import { migratingDatabase } from '../../test/migrations';
import { openDatabase, type TDatabase, type TDb } from '../db/database';
import { JobQueue } from '../jobs/job-queue';
import { JobRepository } from '../jobs/job.repository';
import { RetentionRepository } from './retention.repository';
import { RetentionService } from './retention.service';

const log = pino({ level: 'silent' });
const DAY_MS = 86_400_000;
const SERIAL = 'RT0000000001';

async function rows<R>(db: TDb, query: ReturnType<typeof sql>): Promise<R[]> {
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}

/** Where each telemetry row of SERIAL is stored: its time and the partition that holds it. */
async function placed(db: TDb): Promise<{ ts: string; partition: string }[]> {
  const found = await rows<{ ts: Date | string; partition: string }>(
    db,
    sql`select ts, tableoid::regclass::text as partition from telemetry where serial_number = ${SERIAL} order by ts`,
  );
  return found.map((r) => ({ ts: new Date(r.ts).toISOString(), partition: r.partition }));
}

async function addTelemetry(db: TDb, at: readonly Date[]): Promise<void> {
  for (const ts of at) {
    await db.execute(sql`insert into telemetry (serial_number, ts, boiler_tmp) values (${SERIAL}, ${ts.toISOString()}, 850)`);
  }
}

const partitionOf = (at: Date) => `telemetry_p${at.toISOString().slice(0, 10).replaceAll('-', '')}`;

describe('telemetry partitions and retention', () => {
  let drop: () => Promise<void>;
  let url: string | undefined;

  beforeAll(async () => {
    // Empty: the test migrates it up to the partitioning, then the rest.
    const fresh = await freshDatabase({ migrated: false });
    drop = fresh.drop;
    url = fresh.env.DATABASE_URL;
  });
  afterAll(async () => {
    await drop();
  });

  it('converts an existing telemetry table into daily partitions and keeps every row', async () => {
    // The migrations before partitioning, then the others.
    const step = await migratingDatabase('_telemetry_partitions', { url });
    const { db } = step;
    try {
      await step.before();
      const now = Date.now();
      const existing = [new Date(now - 40 * DAY_MS), new Date(now - 3 * DAY_MS), new Date(now), new Date('2100-01-01T00:00:00Z')];
      // A machine whose clock was reset: no partition of 1970, which the first retention run would drop.
      const reset = new Date('1970-01-01T00:10:00Z');
      await addTelemetry(db, [reset, ...existing]);

      await step.rest();

      expect(await placed(db)).toEqual([
        { ts: reset.toISOString(), partition: 'telemetry_default' },
        { ts: existing[0]?.toISOString(), partition: partitionOf(existing[0] as Date) },
        { ts: existing[1]?.toISOString(), partition: partitionOf(existing[1] as Date) },
        { ts: existing[2]?.toISOString(), partition: partitionOf(existing[2] as Date) },
        // Beyond the partitions made ahead: kept in the default partition.
        { ts: '2100-01-01T00:00:00.000Z', partition: 'telemetry_default' },
      ]);
      // Today and the 7 days ahead exist before the first message arrives.
      const names = (await new RetentionRepository(db).partitions()).map((p) => p.name);
      for (let i = 0; i <= 7; i++) expect(names).toContain(partitionOf(new Date(now + i * DAY_MS)));
      // The unique key still holds across partitions: a replayed row is stored once.
      await db.execute(
        sql`insert into telemetry (serial_number, ts) values (${SERIAL}, ${(existing[1] as Date).toISOString()}) on conflict do nothing`,
      );
      expect(await placed(db)).toHaveLength(5);
    } finally {
      await step.close();
    }
  });

  describe('on a running database', () => {
    let database: TDatabase;
    const queues: JobQueue[] = [];

    beforeAll(async () => {
      database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
      await database.db.execute(sql`
        insert into appliances (serial_number, brand, model_number, gamma, rating_power, fw00, fw02, secret_hash)
        values (${SERIAL}, 'LUMINA', 'PR-100', 'PRIME', '6.5', '1.0.0', '1.0.0', 'x')`);
    });
    afterAll(async () => {
      await Promise.all(queues.map((q) => q.stop()));
      await database.close();
    });

    it('moves rows waiting in the default partition into the day partition made for them', async () => {
      const repository = new RetentionRepository(database.db);
      const later = new Date(Date.now() + 20 * DAY_MS);
      await addTelemetry(database.db, [later]);
      expect((await placed(database.db)).find((r) => r.ts === later.toISOString())?.partition).toBe('telemetry_default');

      expect(await repository.ensurePartitions([later.toISOString().slice(0, 10)])).toHaveLength(1);
      expect((await placed(database.db)).find((r) => r.ts === later.toISOString())?.partition).toBe(partitionOf(later));
      // Made once: asking again changes nothing.
      expect(await repository.ensurePartitions([later.toISOString().slice(0, 10)])).toEqual([]);
    });

    it('the retention job drops partitions past the retention, keeps newer rows, HACCP records and stray rows', async () => {
      const db = database.db;
      const repository = new RetentionRepository(db);
      const now = Date.now();
      const old = [new Date(now - 100 * DAY_MS), new Date(now - 95 * DAY_MS)];
      const recent = [new Date(now - 89 * DAY_MS), new Date(now - 3 * DAY_MS)];
      await repository.ensurePartitions([...old, ...recent].map((d) => d.toISOString().slice(0, 10)));
      // A machine whose clock is far off: no daily partition holds these; they must not be lost.
      const stray = [new Date('1970-01-02T03:04:05Z'), new Date('2099-06-01T12:00:00Z')];
      await addTelemetry(db, [...old, ...recent, ...stray]);

      // HACCP records and alarms far older than the telemetry retention, younger than 2 years.
      const at = (msAgo: number) => new Date(now - msAgo).toISOString();
      const haccp = async (id: string, stop: string, receivedAt: string) =>
        db.execute(sql`insert into haccp_events (serial_number, id, kind, start, stop, received_at)
          values (${SERIAL}, ${id}, 'cycle', ${stop}::timestamptz - interval '5 minutes', ${stop}, ${receivedAt})`);
      const alarm = async (id: string, start: string, stop: string | null, receivedAt: string) =>
        db.execute(sql`insert into alarms (serial_number, id, error_code, start_date, stop_date, received_at)
          values (${SERIAL}, ${id}, 'E01', ${start}, ${stop}, ${receivedAt})`);
      const YEAR_MS = 365 * DAY_MS;
      await haccp('00000000-0000-4000-8000-000000000001', at(100 * DAY_MS), at(100 * DAY_MS));
      await haccp('00000000-0000-4000-8000-000000000002', at(700 * DAY_MS), at(700 * DAY_MS));
      // Past the 2 years: deleted, unless it arrived recently (its clock was wrong).
      await haccp('00000000-0000-4000-8000-000000000003', at(3 * YEAR_MS), at(3 * YEAR_MS));
      await haccp('00000000-0000-4000-8000-000000000004', at(3 * YEAR_MS), at(DAY_MS));
      await alarm('00000000-0000-4000-8000-000000000011', at(100 * DAY_MS), at(99 * DAY_MS), at(99 * DAY_MS));
      await alarm('00000000-0000-4000-8000-000000000012', at(3 * YEAR_MS), at(3 * YEAR_MS - DAY_MS), at(3 * YEAR_MS));
      // Still open after 3 years: kept.
      await alarm('00000000-0000-4000-8000-000000000013', at(3 * YEAR_MS), null, at(3 * YEAR_MS));
      // Other versions kept aside go with the records of their time.
      const otherVersion = async (id: string, receivedAt: string) =>
        db.execute(sql`insert into haccp_other_versions (serial_number, record_kind, record_id, record, received_at)
          values (${SERIAL}, 'event', ${id}, '{}', ${receivedAt})`);
      await otherVersion('00000000-0000-4000-8000-000000000002', at(700 * DAY_MS));
      await otherVersion('00000000-0000-4000-8000-000000000003', at(3 * YEAR_MS));
      // As old, but its record stays (it arrived recently): so does the version.
      await otherVersion('00000000-0000-4000-8000-000000000004', at(3 * YEAR_MS));

      // Jobs: completed ones a week old go, a recent one and failed ones stay (for the ADMIN).
      const job = async (kind: string, state: string, finishedAgo: number) =>
        db.execute(sql`insert into jobs (kind, payload, state, max_attempts, finished_at)
          values (${kind}, '{}', ${state}, 1, ${at(finishedAgo)})`);
      await job('test.old', 'completed', 8 * DAY_MS);
      await job('test.recent', 'completed', DAY_MS);
      await job('test.failed', 'failed', 30 * DAY_MS);

      // The alarm-mail queue: rows whose mail went out more than a week ago go; unsent and recent ones stay.
      const userId = '00000000-0000-4000-8000-0000000000aa';
      await db.execute(sql`insert into users (id, brand, email, password_hash, role, status, first_name, last_name)
        values (${userId}, 'LUMINA', 'told@kitchen.test', 'x', 'KITCHEN_MANAGER', 'ACTIVE', 'T', 'Old')`);
      const told = async (alarmId: string, mailedAgo: number | null) =>
        db.execute(sql`insert into alarm_mail_queue (user_id, serial_number, alarm_id, mailed_at)
          values (${userId}, ${SERIAL}, ${alarmId}, ${mailedAgo === null ? null : at(mailedAgo)})`);
      await told('00000000-0000-4000-8000-000000000021', 8 * DAY_MS);
      await told('00000000-0000-4000-8000-000000000022', DAY_MS);
      await told('00000000-0000-4000-8000-000000000023', null);
      const warned = async (condition: string, mailedAgo: number | null) =>
        db.execute(sql`insert into threshold_mail_queue (user_id, serial_number, condition, values, mailed_at)
          values (${userId}, ${SERIAL}, ${condition}, '{}', ${mailedAgo === null ? null : at(mailedAgo)})`);
      await warned('maintenanceDue', 8 * DAY_MS);
      await warned('hygieneFailed', DAY_MS);
      await warned('offline', null);

      // The notification centre: read ones go after 90 days, unread ones after a year.
      const notice = async (id: string, createdAgo: number, read: boolean) =>
        db.execute(sql`insert into notifications (id, user_id, brand, kind, serial_number, payload, created_at, read_at)
          values (${id}, ${userId}, 'LUMINA', 'alarmOpened', ${SERIAL}, '{}', ${at(createdAgo)}, ${read ? at(createdAgo) : null})`);
      await notice('00000000-0000-4000-8000-000000000031', 100 * DAY_MS, true);
      await notice('00000000-0000-4000-8000-000000000032', 100 * DAY_MS, false);
      await notice('00000000-0000-4000-8000-000000000033', 400 * DAY_MS, false);
      await notice('00000000-0000-4000-8000-000000000034', DAY_MS, true);

      // Mails: sent (and demo-mailbox) ones a month old go with their attachments; pending ones stay.
      const mail = async (subject: string, status: string, createdAgo: number) =>
        db.execute(sql`insert into mail_outbox (brand, "to", subject, text, html, status, created_at)
          values ('LUMINA', 'told@kitchen.test', ${subject}, 't', '<p>t</p>', ${status}, ${at(createdAgo)})`);
      await mail('old sent', 'sent', 31 * DAY_MS);
      await mail('old demo', 'outbox', 31 * DAY_MS);
      await mail('old pending', 'pending', 31 * DAY_MS);
      await mail('recent sent', 'sent', DAY_MS);

      // Weekly-report marks older than 8 weeks go; offline stretches that ended before the telemetry retention go.
      const mark = async (daysAgo: number) =>
        db.execute(
          sql`insert into weekly_reports (user_id, week) values (${userId}, ${at(daysAgo * DAY_MS).slice(0, 10)}::date)`,
        );
      await mark(70);
      await mark(7);
      const offline = async (offlineAgo: number, onlineAgo: number | null) =>
        db.execute(sql`insert into appliance_offline_periods (serial_number, offline_at, online_at)
          values (${SERIAL}, ${at(offlineAgo)}, ${onlineAgo === null ? null : at(onlineAgo)})`);
      await offline(120 * DAY_MS, 110 * DAY_MS);
      await offline(200 * DAY_MS, null);
      await offline(10 * DAY_MS, 9 * DAY_MS);
      // The temperature history's roll-up goes with the telemetry: a minute 100 days ago goes, one of 10 days ago stays.
      await db.execute(
        sql`insert into telemetry_rollup_marks (serial_number, rolled_to, checked_at) values (${SERIAL}, now(), now())`,
      );
      for (const daysAgo of [100, 10])
        await db.execute(sql`insert into telemetry_minutes (serial_number, minute, boiler_tmp_min, boiler_tmp_max)
          values (${SERIAL}, date_trunc('minute', ${at(daysAgo * DAY_MS)}::timestamptz), 800, 850)`);

      // The job itself, through the durable queue, as the server schedules it at start.
      const jobs = new JobQueue(db, new JobRepository(db), log, { pollMs: 50 });
      queues.push(jobs);
      const retention = new RetentionService(repository, { telemetryDays: 90, haccpYears: 2 }, log);
      await retention.schedule(jobs);
      jobs.start();
      await eventually(async () => {
        const done = await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from jobs where kind in ('telemetry.partitions', 'retention.purge') and state = 'completed'`,
        );
        return done[0]?.n === 2;
      }, 15_000);

      const kept = await placed(db);
      const times = kept.map((r) => r.ts);
      for (const gone of old) expect(times).not.toContain(gone.toISOString());
      for (const stays of recent) expect(kept).toContainEqual({ ts: stays.toISOString(), partition: partitionOf(stays) });
      for (const stays of stray) expect(kept).toContainEqual({ ts: stays.toISOString(), partition: 'telemetry_default' });
      const names = (await repository.partitions()).map((p) => p.name);
      for (const gone of old) expect(names).not.toContain(partitionOf(gone));
      for (const stays of recent) expect(names).toContain(partitionOf(stays));

      const haccpLeft = await rows<{ id: string }>(
        db,
        sql`select id from haccp_events where serial_number = ${SERIAL} order by id`,
      );
      expect(haccpLeft.map((r) => r.id)).toEqual([
        '00000000-0000-4000-8000-000000000001',
        '00000000-0000-4000-8000-000000000002',
        '00000000-0000-4000-8000-000000000004',
      ]);
      const versionsLeft = await rows<{ id: string }>(
        db,
        sql`select record_id as id from haccp_other_versions order by record_id`,
      );
      expect(versionsLeft.map((r) => r.id)).toEqual([
        '00000000-0000-4000-8000-000000000002',
        '00000000-0000-4000-8000-000000000004',
      ]);
      const alarmsLeft = await rows<{ id: string }>(db, sql`select id from alarms where serial_number = ${SERIAL} order by id`);
      expect(alarmsLeft.map((r) => r.id)).toEqual([
        '00000000-0000-4000-8000-000000000011',
        '00000000-0000-4000-8000-000000000013',
      ]);

      const jobsLeft = await rows<{ kind: string }>(db, sql`select kind from jobs where kind like 'test.%' order by kind`);
      expect(jobsLeft.map((r) => r.kind)).toEqual(['test.failed', 'test.recent']);
      const noticesLeft = await rows<{ id: string }>(db, sql`select id from notifications order by id`);
      expect(noticesLeft.map((r) => r.id)).toEqual([
        '00000000-0000-4000-8000-000000000032',
        '00000000-0000-4000-8000-000000000034',
      ]);
      const toldLeft = await rows<{ alarm_id: string }>(db, sql`select alarm_id from alarm_mail_queue order by alarm_id`);
      expect(toldLeft.map((r) => r.alarm_id)).toEqual([
        '00000000-0000-4000-8000-000000000022',
        '00000000-0000-4000-8000-000000000023',
      ]);

      const warnedLeft = await rows<{ condition: string }>(
        db,
        sql`select condition from threshold_mail_queue order by condition`,
      );
      expect(warnedLeft.map((r) => r.condition)).toEqual(['hygieneFailed', 'offline']);
      const mailsLeft = await rows<{ subject: string }>(db, sql`select subject from mail_outbox order by subject`);
      expect(mailsLeft.map((r) => r.subject)).toEqual(['old pending', 'recent sent']);
      const marksLeft = await rows<{ n: number }>(db, sql`select count(*)::int as n from weekly_reports`);
      expect(marksLeft[0]?.n).toBe(1);
      const offlineLeft = await rows<{ open: boolean }>(
        db,
        sql`select online_at is null as open from appliance_offline_periods order by offline_at`,
      );
      expect(offlineLeft.map((r) => r.open)).toEqual([true, false]);
      const minutesLeft = await rows<{ old: boolean }>(
        db,
        sql`select minute < now() - interval '90 days' as old from telemetry_minutes`,
      );
      expect(minutesLeft).toEqual([{ old: false }]);

      // Each kind's next run is queued once, for its daily slot, even when a second instance starts.
      const second = new JobQueue(db, new JobRepository(db), log, { pollMs: 50 });
      queues.push(second);
      await retention.schedule(second);
      const queued = await rows<{ kind: string; n: number }>(
        db,
        sql`select kind, count(*)::int as n from jobs where state = 'queued' and run_at > now() group by kind order by kind`,
      );
      expect(queued).toEqual([
        { kind: 'retention.purge', n: 1 },
        { kind: 'telemetry.partitions', n: 1 },
      ]);
    });
  });
});
