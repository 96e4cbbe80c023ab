import { eq, sql } from 'drizzle-orm';
import { THRESHOLD_DEFAULTS, type THygieneInput, type TThresholdCondition, type TThresholdSettings } from '@washboard/contracts';
import type { TDb } from '../db/database';
import { applianceThresholds } from '../db/schema/index';
import { CHEMICAL_ALARMS, type TIngestFacts, type TUsageFacts } from './threshold-rules';
import { rowsOf } from '../db/rows';

/** A list of texts as one parameter (a JSON array), for `= any(…)`. */
const texts = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** A machine's settings: its own (a stored row, completed by the defaults of settings added since) or the defaults. */
export function settingsOf(stored: Partial<TThresholdSettings> | null | undefined): TThresholdSettings {
  return { ...THRESHOLD_DEFAULTS, ...(stored ?? {}) };
}

/** A condition's state change: it began (`active`) or ended, with its figures. */
export type TTransition = {
  serialNumber: string;
  condition: TThresholdCondition;
  active: boolean;
  values: Record<string, number>;
};
/** A machine's threshold facts with its settings. */
type TWithSettings<F> = F & { serialNumber: string; settings: TThresholdSettings };
/** A waiting threshold notice, ready to be mailed. */
export type TPendingNotice = {
  serialNumber: string;
  machineName: string;
  condition: TThresholdCondition;
  values: Record<string, number>;
};

/** SQL of the threshold notifications (docs/notifications.md, "Threshold notifications"). */
export class ThresholdRepository {
  constructor(private readonly db: TDb) {}

  /** The machine's own settings, or undefined when it has the defaults. */
  async settings(serial: string): Promise<TThresholdSettings | undefined> {
    const [row] = await this.db.select().from(applianceThresholds).where(eq(applianceThresholds.serialNumber, serial));
    return row ? settingsOf(row.settings) : undefined;
  }

  async saveSettings(db: TDb, serial: string, settings: TThresholdSettings): Promise<void> {
    await db
      .insert(applianceThresholds)
      .values({ serialNumber: serial, settings })
      .onConflictDoUpdate({ target: applianceThresholds.serialNumber, set: { settings, updatedAt: sql`now()` } });
  }

  /**
   * What the ingest-side conditions read of the machines: type, settings, maintenance counter, open
   * chemical-level alarms and the newest five cycle records — three statements for the whole list.
   */
  async ingestFacts(serials: readonly string[]): Promise<TWithSettings<TIngestFacts>[]> {
    const machines = rowsOf<{ serialNumber: string; type: string; settings: TThresholdSettings | null; left: string | null }>(
      await this.db.execute(sql`
        select a.serial_number as "serialNumber", a.type, t.settings, s.stats->>'cyclesUntilMaintenance' as "left"
        from appliances a
        left join appliance_states s on s.serial_number = a.serial_number
        left join appliance_thresholds t on t.serial_number = a.serial_number
        where a.serial_number = any(${texts(serials)}) and a.deleted_at is null`),
    );
    const alarms = rowsOf<{ serialNumber: string; code: string }>(
      await this.db.execute(sql`
        select distinct serial_number as "serialNumber", error_code as code from alarms
        where serial_number = any(${texts(serials)}) and stop_date is null
          and error_code = any(${texts(Object.keys(CHEMICAL_ALARMS))})`),
    );
    const cycles = rowsOf<THygieneInput & { serialNumber: string }>(
      await this.db.execute(sql`
        select m.serial as "serialNumber", e.kind, e.cycle_name as "cycleName", e.completed, e.measurements
        from unnest(${texts(serials)}) as m(serial)
        cross join lateral (
          select kind, cycle_name, completed, measurements from haccp_events h
          where h.serial_number = m.serial and h.kind = 'cycle'
          order by h.start desc limit 5) e`),
    );
    return machines.map((m) => ({
      serialNumber: m.serialNumber,
      machineType: m.type,
      settings: settingsOf(m.settings),
      cyclesUntilMaintenance: m.left === null || m.left === '' ? null : Number(m.left),
      chemicalAlarms: alarms.filter((a) => a.serialNumber === m.serialNumber).map((a) => a.code),
      cycles: cycles.filter((c) => c.serialNumber === m.serialNumber),
    }));
  }

  /**
   * The machines the offline condition is judged for: those shown offline since a moment (the open
   * stretch of `appliance_offline_periods`) and those with the condition held (to clear it).
   */
  async offlineFacts(): Promise<
    TWithSettings<{
      country: string | null;
      installed: { timeZone: string; country: string } | null;
      offlineSince: Date | null;
    }>[]
  > {
    const rows = rowsOf<{
      serialNumber: string;
      country: string | null;
      installed: { timeZone: string; country: string } | null;
      settings: TThresholdSettings | null;
      since: string | Date | null;
    }>(
      await this.db.execute(sql`
        select a.serial_number as "serialNumber", a.country,
          s.info->'installation' as installed, t.settings,
          case when s.online then null else p.offline_at end as since
        from appliances a
        join appliance_states s on s.serial_number = a.serial_number
        left join appliance_thresholds t on t.serial_number = a.serial_number
        left join lateral (
          select offline_at from appliance_offline_periods p
          where p.serial_number = a.serial_number and p.online_at is null
          order by offline_at desc limit 1) p on true
        where a.deleted_at is null
          and ((not s.online and p.offline_at is not null)
            or exists (select 1 from threshold_states h where h.serial_number = a.serial_number and h.condition = 'offline'))`),
    );
    return rows.map((r) => ({
      serialNumber: r.serialNumber,
      country: r.country,
      installed: r.installed,
      settings: settingsOf(r.settings),
      offlineSince: r.since === null ? null : new Date(r.since),
    }));
  }

  /**
   * Each machine's use on `today` (a UTC day, YYYY-MM-DD) and on the `trailingDays` before it, from
   * the daily roll-up: what its counters grew by each day (from the day before's last report, or the
   * day's first; a counter that fell restarted and counts from zero).
   */
  async usageFacts(today: string, trailingDays: number): Promise<TWithSettings<TUsageFacts>[]> {
    const rows = rowsOf<Record<keyof TUsageFacts, string> & { serialNumber: string; settings: TThresholdSettings | null }>(
      await this.db.execute(sql`
        with d as (
          select serial_number, day, first, last, lag(last) over (partition by serial_number order by day) as prev
          from appliance_stats_daily
          where day >= ${today}::date - ${trailingDays + 1}::int and day <= ${today}::date),
        g as (
          select serial_number, day,
            ${grown('totalCycles')} as cycles, ${grown('totalWater')} as water, ${grown('energy')} as energy
          from d where day >= ${today}::date - ${trailingDays}::int),
        u as (
          select serial_number,
            sum(cycles) filter (where day = ${today}::date) as "cyclesToday",
            sum(water) filter (where day = ${today}::date) as "waterToday",
            sum(energy) filter (where day = ${today}::date) as "energyToday",
            coalesce(sum(cycles) filter (where day < ${today}::date), 0) as "cyclesBefore",
            coalesce(sum(water) filter (where day < ${today}::date), 0) as "waterBefore",
            coalesce(sum(energy) filter (where day < ${today}::date), 0) as "energyBefore"
          from g group by serial_number)
        select u.serial_number as "serialNumber", t.settings, u."cyclesToday", u."waterToday", u."energyToday",
          u."cyclesBefore", u."waterBefore", u."energyBefore"
        from u
        join appliances a on a.serial_number = u.serial_number and a.deleted_at is null
        left join appliance_thresholds t on t.serial_number = u.serial_number
        where u."cyclesToday" is not null`),
    );
    return rows.map((r) => ({
      serialNumber: r.serialNumber,
      settings: settingsOf(r.settings),
      cyclesToday: Number(r.cyclesToday),
      waterToday: Number(r.waterToday),
      energyToday: Number(r.energyToday),
      cyclesBefore: Number(r.cyclesBefore),
      waterBefore: Number(r.waterBefore),
      energyBefore: Number(r.energyBefore),
    }));
  }

  /** The conditions held now on the machines (all machines when `serials` is undefined). */
  async held(serials?: readonly string[]): Promise<Map<string, Set<TThresholdCondition>>> {
    const where = serials ? sql`where serial_number = any(${texts(serials)})` : sql``;
    const rows = rowsOf<{ serialNumber: string; condition: TThresholdCondition }>(
      await this.db.execute(sql`select serial_number as "serialNumber", condition from threshold_states ${where}`),
    );
    const held = new Map<string, Set<TThresholdCondition>>();
    for (const r of rows) {
      const set = held.get(r.serialNumber) ?? new Set();
      set.add(r.condition);
      held.set(r.serialNumber, set);
    }
    return held;
  }

  /**
   * Applies state changes in `db`: ended conditions are deleted, begun ones inserted. Answers the
   * begun ones actually inserted — a condition already held (a job run twice, two runs at once) is
   * not begun again, so it is told once.
   */
  async apply(db: TDb, transitions: readonly TTransition[]): Promise<TTransition[]> {
    const ended = transitions.filter((t) => !t.active);
    if (ended.length > 0) {
      await db.execute(sql`
        delete from threshold_states h using jsonb_to_recordset(${JSON.stringify(ended)}::jsonb) as v("serialNumber" text, condition text)
        where h.serial_number = v."serialNumber" and h.condition = v.condition`);
    }
    const begun = transitions.filter((t) => t.active);
    if (begun.length === 0) return [];
    const inserted = rowsOf<{ serialNumber: string; condition: TThresholdCondition }>(
      await db.execute(sql`
        insert into threshold_states (serial_number, condition, "values")
        select v."serialNumber", v.condition, v."values"
        from jsonb_to_recordset(${JSON.stringify(begun)}::jsonb) as v("serialNumber" text, condition text, "values" jsonb)
        on conflict do nothing
        returning serial_number as "serialNumber", condition`),
    );
    const key = (t: { serialNumber: string; condition: string }) => `${t.serialNumber} ${t.condition}`;
    const fresh = new Set(inserted.map(key));
    return begun.filter((t) => fresh.has(key(t)));
  }

  /** Queues notices for the users' mails. */
  async queueMail(
    db: TDb,
    rows: { userId: string; serialNumber: string; condition: TThresholdCondition; values: Record<string, number> }[],
  ) {
    if (rows.length === 0) return;
    await db.execute(sql`
      insert into threshold_mail_queue (user_id, serial_number, condition, "values")
      select v."userId", v."serialNumber", v.condition, v."values"
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v("userId" uuid, "serialNumber" text, condition text, "values" jsonb)`);
  }

  /** Takes the user's notices not mailed yet, marking them mailed; oldest first. */
  async take(db: TDb, userId: string): Promise<TPendingNotice[]> {
    const result = await db.execute(sql`
      with taken as (
        update threshold_mail_queue set mailed_at = now()
        where user_id = ${userId} and mailed_at is null
        returning serial_number, condition, "values", created_at)
      select t.serial_number as "serialNumber", coalesce(a.appliance_name, t.serial_number) as "machineName",
        t.condition, t."values"
      from taken t left join appliances a on a.serial_number = t.serial_number
      order by t.created_at, t.serial_number, t.condition`);
    return rowsOf<TPendingNotice>(result);
  }
}

/** What a counter of the day grew by (see `usageFacts`). */
function grown(counter: string) {
  const key = sql.raw(`'${counter}'`);
  return sql`case
    when prev is null then (last->>${key})::bigint - (first->>${key})::bigint
    when (last->>${key})::bigint >= (prev->>${key})::bigint then (last->>${key})::bigint - (prev->>${key})::bigint
    else (last->>${key})::bigint end`;
}
