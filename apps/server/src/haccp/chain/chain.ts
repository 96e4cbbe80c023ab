import { createHash } from 'node:crypto';
import { CHAIN_GENESIS, type THaccpChainKind } from '../../db/schema/index';

export { CHAIN_GENESIS, type THaccpChainKind };

/** A JSON value of a chained record: strings, numbers, booleans, null, arrays and objects of them. */
export type TJson = string | number | boolean | null | TJson[] | { [key: string]: TJson };

/**
 * The canonical JSON of a value (docs/hygiene.md, "Canonical form"): RFC 8785 (JCS) for the values
 * we chain — object members sorted by key (UTF-16 code units, as JavaScript sorts), no whitespace,
 * strings and numbers as `JSON.stringify` writes them, members whose value is undefined left out.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('a chained number must be finite');
    return JSON.stringify(value);
  }
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new Error(`cannot chain a ${typeof value}`);
}

/** A time as the chain writes it: ISO 8601 UTC with milliseconds (`2026-11-25T06:00:00.000Z`). */
export function chainTime(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}

/** One entry of a machine's chain, without its hash. */
export type TChainEntry = {
  serialNumber: string;
  seq: number;
  kind: THaccpChainKind;
  late: boolean;
  deviceTime: string;
  chainedAt: string;
  record: Record<string, TJson>;
  /**
   * Only on the entry of a record a phone carried home from the machine over the local link: the
   * carrier's name. Left out of every other entry (undefined is not written), so the hashes of
   * entries chained before carrying existed stay as they were.
   */
  carriedBy?: string;
};

/** Who carried records home from a machine over the local link (docs/local-link.md). */
export type TCarrier = { userId: string; name: string };

/** `hash(n) = SHA-256(hash(n−1) ‖ "\n" ‖ canonicalJson(entry n))`, hex (docs/hygiene.md). */
export function chainHash(previous: string, entry: TChainEntry): string {
  return createHash('sha256')
    .update(`${previous}\n${canonicalJson(entry)}`)
    .digest('hex');
}

/** A HACCP event as stored (`haccp_events`, the columns read back by the raw driver). */
export type TEventRow = {
  id: string;
  kind: string;
  cycle_name: string | null;
  cycle_number: number | null;
  start: Date | string;
  stop: Date | string;
  completed: boolean | null;
  measurements: TJson;
  parameter_name: string | null;
  old_value: TJson;
  new_value: TJson;
  rinse_trace: TJson;
};

/**
 * What an event's entry covers: everything the machine reported. The heat dose is left out (it is
 * computed from `rinseTrace`, which is covered).
 */
export function eventRecord(e: TEventRow): Record<string, TJson> {
  return {
    id: e.id,
    kind: e.kind,
    cycleName: e.cycle_name,
    cycleNumber: e.cycle_number,
    start: chainTime(e.start),
    stop: chainTime(e.stop),
    completed: e.completed,
    measurements: e.measurements ?? null,
    parameterName: e.parameter_name,
    oldValue: e.old_value ?? null,
    newValue: e.new_value ?? null,
    rinseTrace: e.rinse_trace ?? null,
  };
}

/** An alarm as stored (`alarms`): what its opening and closing entries cover. */
export type TAlarmRow = { id: string; error_code: string; start_date: Date | string; stop_date: Date | string | null };

/** What an alarm's opening entry covers. */
export function alarmRecord(a: TAlarmRow): Record<string, TJson> {
  return { id: a.id, errorCode: a.error_code, startDate: chainTime(a.start_date) };
}

/** What an alarm's closing entry covers. */
export function alarmCloseRecord(a: TAlarmRow): Record<string, TJson> {
  return { id: a.id, stopDate: chainTime(a.stop_date) };
}

/** A correction as stored (`haccp_corrections`). */
export type TCorrectionRow = {
  id: string;
  corrects_kind: string;
  corrects_id: string;
  note: string;
  author_name: string;
  created_at: Date | string;
};

/** What a correction's entry covers. */
export function correctionRecord(c: TCorrectionRow): Record<string, TJson> {
  return {
    id: c.id,
    correctsKind: c.corrects_kind,
    correctsId: c.corrects_id,
    note: c.note,
    author: c.author_name,
    createdAt: chainTime(c.created_at),
  };
}

/** A record about to be chained: its machine, kind, id, own time and covered content. */
export type TChainItem = {
  serialNumber: string;
  kind: THaccpChainKind;
  recordId: string;
  deviceTime: Date;
  record: Record<string, TJson>;
  /** A phone delivered it, not the machine: chained late, with the carrier's name. */
  carrier?: TCarrier;
};

const KIND_ORDER: Record<THaccpChainKind, number> = { alarm: 0, event: 1, alarmClose: 2, correction: 3 };

/**
 * The order of one batch's records of a machine in its chain: by their own time, then kind, then id
 * (a batch gathers what arrived within a fraction of a second; its messages' order between kinds
 * is not kept, so the records' own times order them).
 */
export function batchOrder(a: TChainItem, b: TChainItem): number {
  return (
    a.deviceTime.getTime() - b.deviceTime.getTime() ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    (a.recordId < b.recordId ? -1 : a.recordId > b.recordId ? 1 : 0)
  );
}
