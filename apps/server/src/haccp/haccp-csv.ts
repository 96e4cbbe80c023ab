import { CYCLE_TYPES, hygieneVerdict, UNIT_SYMBOLS, type TRecordCorrection } from '@washboard/contracts';
import { csvRow } from '../http/csv';
import { translate } from '../i18n/translate';
import {
  formatters,
  oneLine,
  parameterLabel,
  type THaccpReportContext,
  type THaccpReportDelivery,
  type THaccpReportEvent,
} from './haccp-report';

/** The CSV events report's columns, in order (stable names: the file is read by programs). */
export const EVENTS_CSV_HEADER = [
  'kind',
  'cycle_name',
  'start',
  'stop',
  'completed',
  'parameter',
  'old_value',
  'new_value',
  'wash_temperature',
  'rinse_temperature',
  'temperature_unit',
  'verdict',
  'failures',
  'hue',
  'a0',
  'corrections',
  'chain_seq',
  'chain_hash',
  'late',
  'carried_by',
  'other_versions',
];

/**
 * A record's corrections in one field, oldest first, one per line: the time (ISO 8601 UTC), who, and
 * the note — as the record keeps them. Empty when it has none.
 */
export function correctionsCell(corrections: readonly TRecordCorrection[]): string | undefined {
  if (corrections.length === 0) return undefined;
  return corrections.map((c) => `${c.createdAt} ${c.authorName}: ${oneLine(c.note)}`).join('\n');
}

/**
 * How a record came, as three fields: `late` (true when the machine had buffered it or a phone
 * carried it home; empty for a record without an entry), who carried it home, and the other versions
 * received under its id, oldest first, one per line as the corrections are written: the time (ISO
 * 8601 UTC), then the name of whoever carried it home — nothing after the time for one the machine
 * sent. Each empty when there is nothing to say.
 */
export function deliveryCells(record: THaccpReportDelivery): (string | undefined)[] {
  const versions = record.otherVersions.map((v) => (v.carriedBy === null ? v.receivedAt : `${v.receivedAt} ${v.carriedBy}`));
  return [
    record.chainLate === null ? undefined : String(record.chainLate),
    record.chainCarrier ?? undefined,
    versions.length === 0 ? undefined : versions.join('\n'),
  ];
}

/**
 * The HACCP events of the period as CSV, for programs: times in ISO 8601 UTC, temperatures as plain
 * numbers in the report's unit system (the unit in its own column), names in `ctx.lang`, the hygiene
 * verdict with the codes of what failed, the heat dose, and each record's place and hash in the
 * machine's chain (docs/hygiene.md), so a copy can be checked against the verification.
 */
export function eventsCsv(ctx: THaccpReportContext, events: readonly THaccpReportEvent[]): string {
  const f = formatters(ctx);
  const cycleNames = new Map<string, string>(CYCLE_TYPES.map((c) => [c, translate(ctx.lang, `cycles.${c}`)]));
  const imperial = ctx.unitSystem === 'imperial';
  const temperature = (raw: number | null) =>
    raw === null ? undefined : imperial ? Math.round((raw * 9) / 50 + 32) : Math.round(raw) / 10;
  const lines = events.map((e) => {
    const v = hygieneVerdict(e, ctx.rule);
    const key = e.parameterName ?? '';
    const parameter = e.kind === 'parameter';
    return csvRow([
      e.kind,
      e.cycleName ? (cycleNames.get(e.cycleName) ?? e.cycleName) : undefined,
      e.start.toISOString(),
      e.stop.toISOString(),
      e.completed === null ? undefined : String(e.completed),
      parameter ? parameterLabel(ctx.lang, key, cycleNames) : undefined,
      parameter ? f.parameter(key, e.oldValue) : undefined,
      parameter ? f.parameter(key, e.newValue) : undefined,
      temperature(v.washTmp),
      temperature(v.rinseTmp),
      imperial ? UNIT_SYMBOLS.fahrenheit : UNIT_SYMBOLS.celsius,
      v.verdict,
      v.failures.join(';'),
      e.heatDose?.hue,
      e.heatDose?.a0,
      correctionsCell(e.corrections),
      e.chainSeq ?? undefined,
      e.chainHash ?? undefined,
      ...deliveryCells(e),
    ]);
  });
  // A byte-order mark: spreadsheet programs then read the file as UTF-8.
  return `\uFEFF${csvRow(EVENTS_CSV_HEADER)}${lines.join('')}`;
}
