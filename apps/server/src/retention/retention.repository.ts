import { sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../db/database';
import { rowsOf } from '../db/rows';
import { CLEARED_EVENT_ENTRY } from '../haccp/chain/chain.repository';

/** A daily telemetry partition: `telemetry_pYYYYMMDD`, the UTC day it holds. */
export type TTelemetryPartition = { name: string; day: string };

const PARTITION_NAME = /^telemetry_p(\d{4})(\d{2})(\d{2})$/;

/**
 * SQL of the telemetry partitions and of retention (docs/retention.md). The partitions themselves
 * are made by the database function `telemetry_ensure_partition` (migration 0009), which also moves
 * the rows of that day out of the default partition.
 */
export class RetentionRepository {
  constructor(private readonly db: TDb) {}

  /** Makes the partitions of these UTC days (`YYYY-MM-DD`) that are missing; answers those it made. */
  async ensurePartitions(days: readonly string[]): Promise<string[]> {
    const made: string[] = [];
    for (const day of days) {
      const result = await this.db.execute(sql`select telemetry_ensure_partition(${day}::date) as made`);
      if (rowsOf<{ made: boolean }>(result)[0]?.made) made.push(day);
    }
    return made;
  }

  /** The daily partitions of telemetry, oldest first (the default partition is not among them). */
  async partitions(): Promise<TTelemetryPartition[]> {
    const result = await this.db.execute(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'telemetry'::regclass order by c.relname`);
    return rowsOf<{ name: string }>(result).flatMap(({ name }) => {
      const match = PARTITION_NAME.exec(name);
      return match ? [{ name, day: `${match[1]}-${match[2]}-${match[3]}` }] : [];
    });
  }

  /** Drops one daily partition with its rows: no row-by-row delete, no table bloat. */
  async dropPartition(partition: TTelemetryPartition): Promise<void> {
    if (!PARTITION_NAME.test(partition.name)) throw new Error(`not a telemetry partition: ${partition.name}`);
    await this.db.execute(sql.raw(`drop table if exists "${partition.name}"`));
  }

  /** Rows waiting in the default partition (no daily partition covers them) and the machines they came from. */
  async defaultPartitionRows(): Promise<{ rows: number; machines: number }> {
    const result = await this.db.execute(
      sql`select count(*)::int as rows, count(distinct serial_number)::int as machines from telemetry_default`,
    );
    return rowsOf<{ rows: number; machines: number }>(result)[0] ?? { rows: 0, machines: 0 };
  }

  /**
   * Deletes up to `limit` HACCP records (cycles, parameter changes) that both ended and arrived
   * before `before` — a machine with a wrong clock cannot age its records out early; answers how many.
   */
  deleteHaccpEventsBefore(before: Date, limit: number): Promise<number> {
    // An event's entry is kept in its own row (docs/hygiene.md).
    return this.deleteRecordsBefore('haccp_events', 'stop', before, limit, sql`r.chain_seq is null`);
  }

  /** Deletes up to `limit` alarms closed and received before `before` (open alarms stay); answers how many. */
  deleteAlarmsBefore(before: Date, limit: number): Promise<number> {
    return this.deleteRecordsBefore(
      'alarms',
      'stop_date',
      before,
      limit,
      sql`not exists (select 1 from haccp_chain c where c.serial_number = r.serial_number and c.record_id = r.id)`,
    );
  }

  /**
   * Deletes up to `limit` other versions of HACCP records (docs/device-protocol.md,
   * `CONFLICTING_RECORD`) received before `before` whose record is gone: they stay as long as it does.
   */
  async deleteOtherVersionsBefore(before: Date, limit: number): Promise<number> {
    const result = await this.db.execute(sql`
      delete from haccp_other_versions where id in (
        select v.id from haccp_other_versions v
        where v.received_at < ${before.toISOString()}::timestamptz
          and not exists (select 1 from haccp_events e
            where v.record_kind = 'event' and e.serial_number = v.serial_number and e.id = v.record_id)
          and not exists (select 1 from alarms a
            where v.record_kind = 'alarm' and a.serial_number = v.serial_number and a.id = v.record_id)
        limit ${limit})
      returning 1`);
    return rowsOf(result).length;
  }

  /**
   * A record leaves only after its chain entries did (`pruneChainBefore`; `unchained` says it has
   * none left): verification never meets an entry whose record is gone because of its age.
   */
  private async deleteRecordsBefore(table: string, ended: string, before: Date, limit: number, unchained: SQL): Promise<number> {
    const at = before.toISOString();
    const result = await this.db.execute(sql`
      delete from ${sql.identifier(table)} where (serial_number, id) in (
        select r.serial_number, r.id from ${sql.identifier(table)} r
        where r.${sql.identifier(ended)} < ${at}::timestamptz and r.received_at < ${at}::timestamptz and ${unchained}
        limit ${limit})
      returning 1`);
    return rowsOf(result).length;
  }

  /**
   * Folds up to `limit` HACCP chain entries chained before `before` into their machines' anchors
   * (docs/hygiene.md, "Retention"): `chained_at` never decreases along a chain, so what goes is a
   * prefix of each machine's chain, and the hash of the last entry that went becomes the machine's
   * anchor in the same statement — verification then starts from it. The entries of alarms and
   * corrections are deleted; an event's entry is cleared from its row, which retention deletes once
   * the event itself is old enough. Answers how many went.
   */
  async pruneChainBefore(before: Date, limit: number): Promise<number> {
    const result = await this.db.execute(sql`
      with prefix as (
        select serial_number, seq, hash, kind from haccp_chain_entries
        where chained_at < ${before.toISOString()}::timestamptz
        order by serial_number, seq limit ${limit}),
      gone as (
        delete from haccp_chain c using prefix p
        where c.serial_number = p.serial_number and c.seq = p.seq
        returning 1),
      cleared as (
        update haccp_events e set ${sql.raw(CLEARED_EVENT_ENTRY)}
        from prefix p where p.kind = 'event' and e.serial_number = p.serial_number and e.chain_seq = p.seq
        returning 1),
      last as (select distinct on (serial_number) serial_number, seq, hash from prefix order by serial_number, seq desc),
      anchored as (
        update haccp_chain_heads h set anchor_seq = last.seq, anchor_hash = last.hash
        from last where h.serial_number = last.serial_number and last.seq > h.anchor_seq
        returning 1)
      select count(*)::int as n from prefix`);
    return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  }

  /**
   * Deletes up to `limit` rows of the alarm- and threshold-mail queues whose mail went out before
   * `before` (the reopen and flapping rules read the alarms, the threshold rules `threshold_states`,
   * not these rows); answers how many.
   */
  async deleteMailedNoticesBefore(before: Date, limit: number): Promise<number> {
    const at = before.toISOString();
    const alarms = await this.db.execute(sql`
      delete from alarm_mail_queue where (user_id, serial_number, alarm_id) in (
        select user_id, serial_number, alarm_id from alarm_mail_queue
        where mailed_at < ${at}::timestamptz limit ${limit})
      returning 1`);
    const thresholds = await this.db.execute(sql`
      delete from threshold_mail_queue where id in (
        select id from threshold_mail_queue where mailed_at < ${at}::timestamptz limit ${limit})
      returning 1`);
    return rowsOf(alarms).length + rowsOf(thresholds).length;
  }

  /**
   * Deletes up to `limit` notifications of the centre: read ones created before `readBefore`, and
   * any created before `anyBefore`; answers how many.
   */
  async deleteNotificationsBefore(readBefore: Date, anyBefore: Date, limit: number): Promise<number> {
    const result = await this.db.execute(sql`
      delete from notifications where id in (
        select id from notifications
        where created_at < ${anyBefore.toISOString()}::timestamptz
           or (read_at is not null and created_at < ${readBefore.toISOString()}::timestamptz)
        limit ${limit})
      returning 1`);
    return rowsOf(result).length;
  }

  /**
   * Deletes up to `limit` mails of the outbox written before `before` that need nothing more: sent
   * ones, and those kept for the demo's mailbox (`outbox`); pending ones stay; answers how many.
   */
  async deleteFinishedMailsBefore(before: Date, limit: number): Promise<number> {
    const result = await this.db.execute(sql`
      delete from mail_outbox where id in (
        select id from mail_outbox
        where status in ('sent', 'outbox') and created_at < ${before.toISOString()}::timestamptz limit ${limit})
      returning 1`);
    return rowsOf(result).length;
  }

  /** Deletes up to `limit` marks of weekly reports written for weeks starting before `before`; answers how many. */
  async deleteWeeklyReportMarksBefore(before: Date, limit: number): Promise<number> {
    const result = await this.db.execute(sql`
      delete from weekly_reports where (user_id, week) in (
        select user_id, week from weekly_reports where week < ${before.toISOString().slice(0, 10)}::date limit ${limit})
      returning 1`);
    return rowsOf(result).length;
  }

  /** Deletes up to `limit` offline stretches that ended before `before` (open ones stay); answers how many. */
  async deleteOfflinePeriodsBefore(before: Date, limit: number): Promise<number> {
    const result = await this.db.execute(sql`
      delete from appliance_offline_periods where id in (
        select id from appliance_offline_periods where online_at < ${before.toISOString()}::timestamptz limit ${limit})
      returning 1`);
    return rowsOf(result).length;
  }

  /**
   * Deletes up to `limit` per-minute roll-up rows of minutes before `before`: machine by machine,
   * each a range of its primary key (serial_number, minute).
   */
  async deleteTelemetryMinutesBefore(before: Date, limit: number): Promise<number> {
    const result = await this.db.execute(sql`
      delete from telemetry_minutes where (serial_number, minute) in (
        select old.serial_number, old.minute from telemetry_rollup_marks m
        cross join lateral (
          select serial_number, minute from telemetry_minutes t
          where t.serial_number = m.serial_number and t.minute < ${before.toISOString()}::timestamptz limit ${limit}) old
        limit ${limit})
      returning 1`);
    return rowsOf(result).length;
  }

  /** Deletes up to `limit` completed jobs finished before `before`; failed ones stay for the ADMIN. */
  async deleteCompletedJobsBefore(before: Date, limit: number): Promise<number> {
    const result = await this.db.execute(sql`
      delete from jobs where id in (
        select id from jobs where state = 'completed' and finished_at < ${before.toISOString()}::timestamptz limit ${limit})
      returning 1`);
    return rowsOf(result).length;
  }
}
