import { UNIT_SYSTEM_PARAMETER, type TGamma } from '@washboard/contracts';
import { sql } from 'drizzle-orm';
import type { TBrandCode, TDeviceStats, TLanguage, TRole } from '@washboard/contracts';
import type { TDb } from '../db/database';
import { rowsOf } from '../db/rows';

/** An account whose report may be due: what the visibility rule and the time zone need. */
export type TReportRecipient = { id: string; brand: TBrandCode; role: TRole; country: string | null };
/** Whom a report goes to, as read when it is written. */
export type TReportUser = {
  id: string;
  brand: TBrandCode;
  role: TRole;
  email: string;
  firstName: string;
  language: TLanguage;
  country: string | null;
  wanted: boolean;
};

/** The counters a report compares: the latest report before each of the three boundaries. */
type TCounters = Pick<TDeviceStats, 'totalWater' | 'energy'>;

/** One machine's week, as the database answers it. */
export type TMachineWeekRow = {
  serialNumber: string;
  name: string;
  type: string;
  alarmsOpened: number;
  /** alarm codes opened in the week, as often as each opened */
  alarmCodes: string[];
  alarmsOpen: number;
  offlineSeconds: number;
  /** of the machine's parameters the one its unit system is read from (`machineUnitSystem`) */
  unitParameters: { S47?: number } | null;
  /** counters before the previous week, before the week, before its end (null: no report yet) */
  countersBeforePrevious: TCounters | null;
  countersBeforeWeek: TCounters | null;
  countersAtEnd: TCounters | null;
  /** the machine's product line (which parameters it has) */
  gamma: TGamma;
  /** the week before's cycles per cycle type: their number, how many measured their rinse water, and its sum (litres × 10) */
  previousRinses: Record<string, [number, number, number]> | null;
  /** the machine's dosing parameters it reported (`<cycle>.rinseVolume`, `.detergentDosage`, `.rinseAidDosage`, d1, d2), raw */
  dosing: Record<string, number> | null;
  /** its owner, and when it last changed hands on each side (`historyFloor`: docs/permissions.md) */
  ownerUserId: string | null;
  ownerSince: Date | null;
  companySince: Date | null;
  customerSince: Date | null;
};

/**
 * One machine's cycles of the week as the database answers them: a JSON array, oldest first, of
 * `[start (ms since 1970), cycle name, cycle number, completed, wash peak, rinse peak, rinse water]`
 * per cycle (peaks in tenths of °C, rinse water in litres × 10; null when not measured), made into rows by `cyclesOf`
 * (weekly-report-figures.ts) on the renderer's thread.
 */
export type TCyclesText = { serialNumber: string; cycles: string };

export type TWeekBounds = { previousStart: Date; start: Date; end: Date };

const iso = (d: Date) => d.toISOString();
/** A list of texts as one parameter (a JSON array), for `= any(…)`. */
const texts = (values: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** Accounts and weeks as one parameter (a JSON array read with `jsonb_to_recordset … r(id uuid, week date)`). */
const reportsJson = (reports: readonly { userId: string; week: string }[]) =>
  JSON.stringify(reports.map(({ userId, week }) => ({ id: userId, week })));

/** A number of a cycle's measurements, null when it is missing or not a number. */
const measured = (key: string) =>
  sql.raw(`case when jsonb_typeof(measurements->'${key}') = 'number' then (measurements->>'${key}')::numeric end`);
/** The fresh water a cycle's final rinse used (litres × 10), when the machine measured it. */
const RINSE_WATER = measured('rinseWaterVlm');

/** Whose weekly report a zone's Monday 07:00 is (`optedIn`). */
export type TZoneAccounts = {
  zone: string;
  countries: string[];
  listed?: string[];
  /** zones accounts chose that this runtime does not know: such accounts follow their country */
  unknown?: string[];
};

/** SQL of the weekly report (docs/notifications.md, "Weekly report"). `db` may be a caller's transaction. */
export class WeeklyReportRepository {
  constructor(private readonly db: TDb) {}

  /** The time zones active accounts with the weekly report on chose themselves (docs/notifications.md). */
  async chosenZones(): Promise<string[]> {
    const result = await this.db.execute(sql`
      select distinct time_zone as zone from users
      where status = 'ACTIVE' and weekly_report and time_zone is not null`);
    return rowsOf<{ zone: string }>(result).map((r) => r.zone);
  }

  /**
   * The active accounts with the weekly report on and no report of `week` yet whose report follows
   * `zone`: those that chose it, and those that chose none (or one of `unknown`) whose country is one
   * of `countries` — and, with `listed`, whose country is none of `listed` (the default zone's accounts).
   */
  async optedIn(week: string, { zone, countries, listed, unknown = [] }: TZoneAccounts): Promise<TReportRecipient[]> {
    const result = await this.db.execute(sql`
      select u.id, u.brand, u.role, u.country from users u
      where u.status = 'ACTIVE' and u.weekly_report
        and (u.time_zone = ${zone}
          or ((u.time_zone is null or u.time_zone = any(${texts(unknown)}))
            and (upper(coalesce(u.country, '')) = any(${texts(countries)})
              or (${listed !== undefined} and not upper(coalesce(u.country, '')) = any(${texts(listed ?? [])})))))
        and not exists (select 1 from weekly_reports w where w.user_id = u.id and w.week = ${week}::date)
      order by u.id`);
    return rowsOf<TReportRecipient>(result);
  }

  /**
   * The accounts reports of the given weeks go to, whether each still wants it and whether its
   * week's report was written already, in one statement (accounts deleted since are left out).
   */
  async reportUsers(
    reports: readonly { userId: string; week: string }[],
  ): Promise<(TReportUser & { week: string; written: boolean })[]> {
    if (reports.length === 0) return [];
    return rowsOf<TReportUser & { week: string; written: boolean }>(
      await this.db.execute(sql`
        select u.id, u.brand, u.role, u.email, u.first_name as "firstName", u.language, u.country,
          (u.weekly_report and u.status = 'ACTIVE') as wanted, to_char(r.week, 'YYYY-MM-DD') as week,
          exists (select 1 from weekly_reports w where w.user_id = u.id and w.week = r.week) as written
        from jsonb_to_recordset(${reportsJson(reports)}::jsonb) as r(id uuid, week date)
        join users u on u.id = r.id`),
    );
  }

  /**
   * Records the accounts' reports of their weeks; answers those recorded now — one written before
   * is not (the caller writes nothing for it: one report per account and week).
   */
  async claimWeeks(db: TDb, reports: readonly { userId: string; week: string }[]): Promise<{ userId: string; week: string }[]> {
    if (reports.length === 0) return [];
    const result = await db.execute(sql`
      insert into weekly_reports (user_id, week)
      select r.id, r.week from jsonb_to_recordset(${reportsJson(reports)}::jsonb) as r(id uuid, week date)
      on conflict do nothing returning user_id as "userId", to_char(week, 'YYYY-MM-DD') as week`);
    return rowsOf<{ userId: string; week: string }>(result);
  }

  /**
   * Per machine of `serials` (products not deleted), in one statement: alarms opened in the week
   * and their codes, alarms open at its end, seconds offline within it, and the counters' latest
   * report before each boundary (each an index lookup on `appliance_stats (serial_number, ts)`).
   */
  async machines(db: TDb, serials: string[], week: TWeekBounds): Promise<TMachineWeekRow[]> {
    if (serials.length === 0) return [];
    const [from, to, prev] = [iso(week.start), iso(week.end), iso(week.previousStart)];
    const counters = (
      bound: string,
    ) => sql`(select jsonb_build_object('totalWater', (s.stats->>'totalWater')::bigint, 'energy', (s.stats->>'energy')::bigint)
        from appliance_stats s where s.serial_number = a.serial_number and s.ts < ${bound}::timestamptz
        order by s.ts desc limit 1)`;
    const result = await db.execute(sql`
      select a.serial_number as "serialNumber", coalesce(a.appliance_name, a.serial_number) as name, a.type,
        coalesce(al.opened, 0)::int as "alarmsOpened", coalesce(al.codes, '{}') as "alarmCodes",
        -- Open at the week's end: still open (the partial index of open alarms), or closed since
        -- (the index on stop_date: only the hours after the week's end).
        ((select count(*) from alarms o where o.serial_number = a.serial_number and o.stop_date is null
            and o.start_date < ${to}::timestamptz)
          + (select count(*) from alarms o where o.serial_number = a.serial_number and o.stop_date >= ${to}::timestamptz
            and o.start_date < ${to}::timestamptz))::int as "alarmsOpen",
        coalesce((select extract(epoch from sum(
            least(coalesce(p.online_at, ${to}::timestamptz), ${to}::timestamptz) - greatest(p.offline_at, ${from}::timestamptz)))
          from appliance_offline_periods p where p.serial_number = a.serial_number
            and p.offline_at < ${to}::timestamptz and (p.online_at is null or p.online_at > ${from}::timestamptz)), 0)::float8 as "offlineSeconds",
        ${counters(prev)} as "countersBeforePrevious",
        ${counters(from)} as "countersBeforeWeek",
        ${counters(to)} as "countersAtEnd",
        (select jsonb_build_object(${UNIT_SYSTEM_PARAMETER}::text, st.parameters->${UNIT_SYSTEM_PARAMETER}::text) from appliance_states st where st.serial_number = a.serial_number)
          as "unitParameters",
        a.gamma,
        (select jsonb_object_agg(g.cycle_name, jsonb_build_array(g.n, g.measured, g.litres)) from (
            select h.cycle_name, count(*) as n, count(${RINSE_WATER}) as measured, coalesce(sum(${RINSE_WATER}), 0) as litres
            from haccp_events h where h.serial_number = a.serial_number and h.kind = 'cycle' and h.cycle_name is not null
              and h.start >= ${prev}::timestamptz and h.start < ${from}::timestamptz
              and (h.completed is not false or ${RINSE_WATER} is not null)
            group by h.cycle_name) g) as "previousRinses",
        (select jsonb_object_agg(p.key, p.value) from appliance_states st cross join lateral jsonb_each(st.parameters) p
          where st.serial_number = a.serial_number and jsonb_typeof(p.value) = 'number'
            and (p.key in ('d1', 'd2') or p.key like '%.rinseVolume' or p.key like '%.detergentDosage' or p.key like '%.rinseAidDosage'))
          as dosing,
        a.owner_user_id as "ownerUserId", a.owner_since as "ownerSince", a.company_since as "companySince",
        a.customer_since as "customerSince"
      from appliances a
      left join lateral (
        select count(*) as opened, array_agg(o.error_code order by o.start_date) as codes from alarms o
        where o.serial_number = a.serial_number and o.start_date >= ${from}::timestamptz and o.start_date < ${to}::timestamptz) al on true
      where a.serial_number = any(${texts(serials)}) and a.deleted_at is null
      order by lower(coalesce(a.appliance_name, a.serial_number)), a.serial_number`);
    const at = (value: Date | string | null) => (value === null ? null : new Date(value));
    return rowsOf<TMachineWeekRow>(result).map((r) => ({
      ...r,
      offlineSeconds: Number(r.offlineSeconds),
      ownerSince: at(r.ownerSince),
      companySince: at(r.companySince),
      customerSince: at(r.customerSince),
    }));
  }

  /**
   * The washing and maintenance cycles of `serials` that started within the week, one text per
   * machine that has any (`TCyclesText`), each cycle with the two peaks the hygiene rule judges
   * rather than its whole measurement record. A week holds thousands of cycles: read as rows, the
   * driver made each into an object on the main thread, which held other requests up for tens of
   * milliseconds at a time; a text is handed on as it is (docs/benchmarks.md, "Weekly reports").
   */
  async cycles(db: TDb, serials: string[], week: TWeekBounds): Promise<TCyclesText[]> {
    if (serials.length === 0) return [];
    const result = await db.execute(sql`
      select serial_number as "serialNumber",
        json_agg(json_build_array(extract(epoch from start) * 1000, cycle_name, cycle_number, completed,
          ${measured('washMaxTmp')}, ${measured('rinseMaxTmp')}, ${RINSE_WATER}) order by start)::text as cycles
      from haccp_events
      where serial_number = any(${texts(serials)}) and kind = 'cycle'
        and start >= ${iso(week.start)}::timestamptz and start < ${iso(week.end)}::timestamptz
      group by serial_number`);
    return rowsOf<TCyclesText>(result);
  }
}
