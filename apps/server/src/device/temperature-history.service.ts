import {
  keptFieldsFor,
  TELEMETRY_EXPORT_MAX_DAYS,
  TEMPERATURE_HISTORY_FIELDS,
  type THaccpExportQuery,
  type TTemperatureHistory,
  type TTemperatureHistoryPeriod,
  type TTemperatureHistoryQuery,
  machineUnitSystem,
  displayUnits,
} from '@washboard/contracts';
import type { TAuthUser } from '../auth/token.service';
import type { ApplianceService } from '../appliance/appliance.service';
import type { TemperatureHistoryRepository } from './temperature-history.repository';
import { AppError } from '../errors';
import { periodSince, reportPeriod } from '../haccp/report-period';
import { notBefore } from '../http/date-range';
import { telemetryCsvHeader, telemetryCsvRows } from './telemetry-csv';

const DAY_MS = 86_400_000;
/** Telemetry rows read per query of an export: each query stays short (PGlite runs one statement at a time). */
const EXPORT_PAGE_ROWS = 5000;
const PERIOD_MS: Record<Exclude<TTemperatureHistoryPeriod, 'lastCycle'>, number> = {
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
};
/** The periods read from the per-minute roll-up (docs/hygiene.md, "Temperature history"). */
const ROLLED_UP_PERIODS: readonly TTemperatureHistoryPeriod[] = ['week', 'month'];
/** Time shown before and after the last cycle, so its heating up and the rinse's end are in view. */
const CYCLE_MARGIN_MS = 60_000;

/**
 * The temperature history of a machine (docs/hygiene.md, "Temperature history"): its temperatures
 * and volumes over a period, downsampled to at most the buckets asked for, and its cycles.
 */
export class TemperatureHistoryService {
  constructor(
    private readonly appliances: ApplianceService,
    private readonly repository: TemperatureHistoryRepository,
  ) {}

  /**
   * The history of one period ending now (or around the last cycle), after the visibility check
   * (404 APPLIANCE_NOT_FOUND for a machine the caller may not see). Only the fields the machine's
   * range keeps are drawn.
   */
  async history(
    user: TAuthUser,
    serial: string,
    query: TTemperatureHistoryQuery,
    now = new Date(),
  ): Promise<TTemperatureHistory> {
    const { appliance, since } = await this.appliances.visibleHistory(user, serial);
    const kept = keptFieldsFor(appliance.gamma);
    const fields = TEMPERATURE_HISTORY_FIELDS.filter((key) => kept.includes(key));
    let from: Date;
    let to: Date;
    if (query.period === 'lastCycle') {
      const last = await this.repository.lastCycle(serial);
      from = new Date((last?.start ?? now).getTime() - CYCLE_MARGIN_MS);
      to = new Date((last?.stop ?? now).getTime() + CYCLE_MARGIN_MS);
    } else {
      to = now;
      from = new Date(now.getTime() - PERIOD_MS[query.period]);
    }
    let bucketSeconds = Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000 / query.buckets));
    // A week or a month is read from the per-minute roll-up, in buckets of whole minutes from a whole
    // minute, so that each bucket is made of whole minutes; a day and a cycle from the raw rows.
    const rolledUp = ROLLED_UP_PERIODS.includes(query.period);
    if (rolledUp) {
      bucketSeconds = Math.ceil(bucketSeconds / 60) * 60;
      from = new Date(Math.floor(from.getTime() / 60_000) * 60_000);
    }
    // The chart keeps its period; what it draws starts when the machine came to the caller's kitchen
    // (docs/permissions.md), at a whole minute for the roll-up.
    let readFrom = notBefore(from, since);
    if (rolledUp && readFrom > from) readFrom = new Date(Math.ceil(readFrom.getTime() / 60_000) * 60_000);
    const [buckets, cycles] = await Promise.all([
      rolledUp
        ? this.repository.bucketsRolledUp(serial, readFrom, to, bucketSeconds, fields)
        : this.repository.buckets(serial, readFrom, to, bucketSeconds, fields),
      this.repository.cycleBands(serial, readFrom, to, bucketSeconds),
    ]);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      bucketSeconds,
      fields: [...fields],
      buckets: buckets.map((b) => ({ t: b.t.toISOString(), min: b.min, max: b.max })),
      cycles: cycles.map((c) => ({ start: c.start.toISOString(), stop: c.stop.toISOString(), cycleName: c.cycleName })),
    };
  }

  /**
   * The machine's raw telemetry of a period (whole UTC days, at most TELEMETRY_EXPORT_MAX_DAYS) as
   * CSV, in the unit system asked for or the machine's own (S47), only the fields its range keeps.
   * Access and period are checked before anything is sent (404 APPLIANCE_NOT_FOUND, 400
   * INVALID_DATE_RANGE or TELEMETRY_PERIOD_TOO_LONG); the rows then come page by page, never all
   * in memory.
   */
  async telemetryCsv(
    user: TAuthUser,
    serial: string,
    query: THaccpExportQuery,
  ): Promise<{ fileName: string; chunks: AsyncIterable<string> }> {
    const asked = reportPeriod(query);
    const { appliance, state, since } = await this.appliances.visibleHistory(user, serial);
    if (asked.to.getTime() - asked.from.getTime() > TELEMETRY_EXPORT_MAX_DAYS * DAY_MS) {
      throw new AppError('TELEMETRY_PERIOD_TOO_LONG', { days: TELEMETRY_EXPORT_MAX_DAYS });
    }
    // From when the machine came to the caller's kitchen (docs/permissions.md).
    const { from, to } = periodSince(asked, since);
    // On Hiline the unit system changes temperatures only: volumes stay in litres.
    const units = displayUnits(query.unitSystem ?? machineUnitSystem(state.parameters), appliance.gamma);
    const fields = keptFieldsFor(appliance.gamma);
    const repository = this.repository;
    async function* chunks(): AsyncIterable<string> {
      // A byte-order mark: spreadsheet programs then read the file as UTF-8.
      yield `\uFEFF${telemetryCsvHeader(fields, units)}`;
      let after: Date | null = null;
      for (;;) {
        const rows = await repository.rows(serial, from, to, after, EXPORT_PAGE_ROWS, fields);
        if (rows.length > 0) yield telemetryCsvRows(rows, fields, units);
        if (rows.length < EXPORT_PAGE_ROWS) return;
        after = rows[rows.length - 1]?.ts ?? null;
      }
    }
    const days = `${from.toISOString().slice(0, 10)}_${to.toISOString().slice(0, 10)}`;
    return { fileName: `telemetry_${serial}_${days}.csv`, chunks: chunks() };
  }
}
