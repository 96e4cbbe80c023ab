import { inArray, sql } from 'drizzle-orm';
import type { TBrandCode, TLanguage } from '@washboard/contracts';
import type { TDb } from '../db/database';
import { users } from '../db/schema/index';
import { rowsOf } from '../db/rows';

/** Whom a mail goes to, as read when it is written. */
export type TMailUser = {
  id: string;
  brand: TBrandCode;
  email: string;
  firstName: string;
  language: TLanguage;
  wanted: boolean;
};
/** A recorded opening, ready to be told. */
export type TPendingAlarm = {
  serialNumber: string;
  alarmId: string;
  machineName: string;
  errorCode: string;
  openings: number;
};

/** SQL of the alarm mails (docs/notifications.md). `db` arguments may be a caller's transaction. */
export class AlarmMailRepository {
  constructor(private readonly db: TDb) {}

  /**
   * Locks the accounts' rows until `db` commits, in a fixed order: a user's mail job and the jobs
   * recording new openings for that user take turns, so no opening is recorded behind a mail job
   * that already read its user's openings.
   */
  async lockUsers(db: TDb, ids: string[]): Promise<void> {
    await db.select({ id: users.id }).from(users).where(inArray(users.id, ids)).orderBy(users.id).for('no key update');
  }

  /**
   * Records who is to be told of which opening, leaving out reopenings — an opening of a code the
   * machine had open, or closed less than `reopenSeconds` before it started — and history: an alarm
   * that arrives already closed and started longer ago than that (a machine back online sending its
   * backlog). Answers the users for whom something was recorded; a row recorded before is not
   * recorded again.
   */
  async record(db: TDb, rows: { userId: string; serial: string; alarmId: string }[], reopenSeconds: number): Promise<string[]> {
    // Which openings are news is decided once per alarm (not once per user told of it), then
    // crossed with the users. Of two openings of a code at the same instant, the lower id is first.
    const result = await db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v("userId" uuid, serial text, "alarmId" uuid)),
      news as (
        select a.serial_number, a.id from alarms a
        where (a.serial_number, a.id) in (select distinct serial, "alarmId" from v)
          and (a.stop_date is null or a.start_date > now() - make_interval(secs => ${reopenSeconds}))
          and not exists (
            select 1 from alarms p
            where p.serial_number = a.serial_number and p.error_code = a.error_code and p.id <> a.id
              and (p.start_date, p.id) < (a.start_date, a.id)
              and (p.stop_date is null or p.stop_date > a.start_date - make_interval(secs => ${reopenSeconds}))))
      insert into alarm_mail_queue (user_id, serial_number, alarm_id)
      select v."userId", v.serial, v."alarmId" from v join news on news.serial_number = v.serial and news.id = v."alarmId"
      on conflict do nothing
      returning user_id`);
    return [...new Set(rowsOf<{ user_id: string }>(result).map((r) => r.user_id))];
  }

  /** The account a mail goes to, and whether it still wants the mails of `preference` (alarm mails unless told). */
  async mailUser(
    db: TDb,
    id: string,
    preference: 'alarmNotifications' | 'thresholdNotifications' = 'alarmNotifications',
  ): Promise<TMailUser | undefined> {
    return (await this.mailUsers(db, [id], preference)).get(id);
  }

  /** `mailUser` of several accounts in one statement, by id (those deleted are missing). */
  async mailUsers(
    db: TDb,
    ids: readonly string[],
    preference: 'alarmNotifications' | 'thresholdNotifications' = 'alarmNotifications',
  ): Promise<Map<string, TMailUser>> {
    const rows = await db
      .select({
        id: users.id,
        brand: users.brand,
        email: users.email,
        firstName: users.firstName,
        language: users.language,
        wants: users[preference],
        status: users.status,
      })
      .from(users)
      .where(inArray(users.id, [...ids]));
    return new Map(rows.map(({ wants, status, ...user }) => [user.id, { ...user, wanted: wants && status === 'ACTIVE' }]));
  }

  /**
   * Takes the users' recorded openings not told yet, marking them told, by user: oldest first, each
   * with the number of openings of its code on its machine within `windowSeconds` (a flapping alarm).
   */
  async take(db: TDb, userIds: readonly string[], windowSeconds: number): Promise<Map<string, TPendingAlarm[]>> {
    const result = await db.execute(sql`
      with taken as (
        update alarm_mail_queue set mailed_at = now()
        where user_id in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::uuid) and mailed_at is null
        returning user_id, serial_number, alarm_id)
      select t.user_id as "userId", a.serial_number as "serialNumber", a.id as "alarmId",
        coalesce(ap.appliance_name, a.serial_number) as "machineName", a.error_code as "errorCode",
        (select count(*) from alarms o
          where o.serial_number = a.serial_number and o.error_code = a.error_code
            and o.start_date > now() - make_interval(secs => ${windowSeconds}))::int as openings
      from taken t
      join alarms a on a.serial_number = t.serial_number and a.id = t.alarm_id
      join appliances ap on ap.serial_number = a.serial_number
      order by a.start_date, a.serial_number`);
    const byUser = new Map<string, TPendingAlarm[]>();
    for (const { userId, openings, ...pending } of rowsOf<TPendingAlarm & { userId: string }>(result)) {
      const list = byUser.get(userId) ?? [];
      list.push({ ...pending, openings: Math.max(1, Number(openings)) });
      byUser.set(userId, list);
    }
    return byUser;
  }

  /** Gives back openings `take` took for a user whose mail could not be written: they wait for the retry. */
  async putBack(db: TDb, userId: string, taken: readonly { serialNumber: string; alarmId: string }[]): Promise<void> {
    await db.execute(sql`
      update alarm_mail_queue q set mailed_at = null
      from jsonb_to_recordset(${JSON.stringify(taken)}::jsonb) as t("serialNumber" text, "alarmId" uuid)
      where q.user_id = ${userId} and q.serial_number = t."serialNumber" and q.alarm_id = t."alarmId"`);
  }
}
