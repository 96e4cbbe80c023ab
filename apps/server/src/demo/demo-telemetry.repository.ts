import { TELEMETRY_FIELDS, type TTelemetryKey } from '@washboard/contracts';
import type { TDatabase } from '../db/database';
import { copyRows } from '../db/copy-text';

/** One UTC minute of a machine's telemetry: per field (in the order given), its minimum and maximum. */
export type TTelemetryMinute = { minute: number; min: readonly number[]; max: readonly number[] };
/** One telemetry row: its instant and the value of each field (in the order given). */
export type TTelemetrySample = { at: number; values: readonly number[] };

const columns = (fields: readonly TTelemetryKey[], suffixes: readonly string[] = ['']) =>
  fields.flatMap((key) => suffixes.map((suffix) => `"${TELEMETRY_FIELDS[key].column}${suffix}"`)).join(', ');

/**
 * SQL of the demo's seeded temperature history (docs/hygiene.md, "The demo's temperature
 * history"): a machine's past telemetry, written once when the demo is seeded, straight into the
 * per-minute roll-up and (for its last day) the raw rows, as the roll-up job and the gateway would
 * have written them.
 */
export class DemoTelemetryRepository {
  constructor(private readonly database: TDatabase) {}

  /**
   * Stores one machine's history in one transaction: its minutes (`fields`: the temperature
   * history's) into `telemetry_minutes`, then its raw rows (`rowFields`: its range's) into
   * `telemetry`, both by COPY. The range must be new to the machine (its seeded past). A machine the
   * roll-up job has not rolled up yet is marked rolled up to the last minute stored: a week or a
   * month reads these minutes at once, not only after the job's next run over the machine (a mark
   * the job left further on stays: it rolled up live rows after these).
   */
  async store(
    serialNumber: string,
    minutes: { fields: readonly TTelemetryKey[]; rows: readonly TTelemetryMinute[] },
    raw: { fields: readonly TTelemetryKey[]; rows: readonly TTelemetrySample[] },
  ): Promise<void> {
    await this.database.transaction(async (sql) => {
      if (minutes.rows.length > 0) {
        await sql.copyFrom(
          `COPY telemetry_minutes (serial_number, minute, ${columns(minutes.fields, ['_min', '_max'])}) FROM STDIN`,
          copyRows(minutes.rows, (m) => [
            serialNumber,
            new Date(m.minute).toISOString(),
            ...m.min.flatMap((min, i) => [String(min), String(m.max[i])]),
          ]),
        );
      }
      if (raw.rows.length > 0) {
        await sql.copyFrom(
          `COPY telemetry (serial_number, ts, ${columns(raw.fields)}) FROM STDIN`,
          copyRows(raw.rows, (row) => [serialNumber, new Date(row.at).toISOString(), ...row.values.map(String)]),
        );
      }
      const last = minutes.rows.at(-1);
      if (last) {
        await sql.query(
          `insert into telemetry_rollup_marks (serial_number, rolled_to, checked_at) values ($1, $2, now())
           on conflict (serial_number) do update set rolled_to = greatest(telemetry_rollup_marks.rolled_to, excluded.rolled_to)`,
          [serialNumber, new Date(last.minute + 59_999).toISOString()],
        );
      }
    });
  }
}
