import { integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { TELEMETRY_FIELDS, TEMPERATURE_HISTORY_FIELDS, type TTelemetryKey } from '@washboard/contracts';

/** The `<column>_min` and `<column>_max` of each field the temperature history draws, typed as telemetry's own column. */
function minuteColumns() {
  const column = (key: TTelemetryKey, end: 'min' | 'max') => {
    const { column: name, sqlType } = TELEMETRY_FIELDS[key];
    return sqlType === 'smallint' ? smallint(`${name}_${end}`) : integer(`${name}_${end}`);
  };
  return Object.fromEntries(
    TEMPERATURE_HISTORY_FIELDS.flatMap((key) => [
      [`${key}Min`, column(key, 'min')],
      [`${key}Max`, column(key, 'max')],
    ]),
  );
}

/**
 * The temperature history's per-minute roll-up of telemetry (docs/hygiene.md, "Temperature
 * history"): per machine and UTC minute, the minimum and maximum of each field the history draws,
 * derived from the device registry. A week or a month is read from here (43,200 rows a month instead
 * of 2.6 million at one sample a second); min of mins and max of maxes keep every peak.
 */
export const telemetryMinutes = pgTable(
  'telemetry_minutes',
  {
    serialNumber: text('serial_number').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    ...minuteColumns(),
  },
  (t) => [primaryKey({ columns: [t.serialNumber, t.minute] })],
);

/**
 * How far each machine's telemetry is rolled up: the newest telemetry time (the machine's own clock)
 * rolled, and when the roll-up last looked at the machine. The next run reads the machine's rows
 * from a little before `rolledTo`, by the (serial_number, ts) index.
 */
export const telemetryRollupMarks = pgTable('telemetry_rollup_marks', {
  serialNumber: text('serial_number').primaryKey(),
  rolledTo: timestamp('rolled_to', { withTimezone: true }).notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});
