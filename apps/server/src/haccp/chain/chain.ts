import { hash } from 'node:crypto';
import { CHAIN_GENESIS, type THaccpChainKind } from '../../db/schema/index';

export { CHAIN_GENESIS, type THaccpChainKind };

/** A JSON value of a chained record: strings, numbers, booleans, null, arrays and objects of them. */
export type TJson = string | number | boolean | null | TJson[] | { [key: string]: TJson };

/** A member name JavaScript would order before the others in an object (an array index). */
const INDEX_KEY = /^(?:0|[1-9]\d*)$/;

/** A member named like an array index: an object cannot keep it in sorted order. */
class IndexKey extends Error {}

/**
 * The value as `JSON.stringify` writes canonically: the value itself where it is so already (plain
 * objects whose members come in increasing order — the order `for … in` and `JSON.stringify`
 * share), else a copy with every object's members inserted in sorted order. Undefined members and
 * array items need nothing: `JSON.stringify` leaves the first out and writes the second as null.
 */
function canonicalValue(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new Error('a chained number must be finite');
      return value;
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) {
        const items = value as unknown[];
        let copy: unknown[] | undefined;
        for (let i = 0; i < items.length; i += 1) {
          const item = items[i];
          // Numbers first: a rinse trace is hundreds of them.
          const canonical = typeof item === 'number' && Number.isFinite(item) ? item : canonicalValue(item);
          if (canonical !== item) (copy ??= [...items])[i] = canonical;
        }
        return copy ?? items;
      }
      const object = value as Record<string, unknown>;
      const prototype = Object.getPrototypeOf(object) as unknown;
      // Only own members count (a Date is `{}`, as it always was).
      let same = prototype === Object.prototype || prototype === null;
      let previous: string | undefined;
      for (const key in object) {
        if (!same) break;
        const member = object[key];
        same = (previous === undefined || previous < key) && canonicalValue(member) === member;
        previous = key;
      }
      if (same) return object;
      const copy: Record<string, unknown> = {};
      // The default sort compares UTF-16 code units, as the canonical form asks.
      for (const key of Object.keys(object).sort()) {
        if (INDEX_KEY.test(key)) throw new IndexKey();
        const member = canonicalValue(object[key]);
        // A member named `__proto__` stays a member (assigned, it would set the prototype).
        if (key === '__proto__') Object.defineProperty(copy, key, { value: member, enumerable: true, writable: true });
        else copy[key] = member;
      }
      return copy;
    }
    default:
      throw new Error(`cannot chain a ${typeof value}`);
  }
}

/**
 * The value with its objects' members in canonical order (a copy where they were not); as it is
 * when that cannot be (members named like array indices): `canonicalJson` writes either right.
 */
function inCanonicalOrder<T>(value: T): T {
  try {
    return canonicalValue(value) as T;
  } catch (error) {
    if (error instanceof IndexKey) return value;
    throw error;
  }
}

/** The canonical JSON written member by member (for values with index-like member names). */
function writeCanonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object') {
    if (Array.isArray(value)) return `[${value.map(writeCanonical).join(',')}]`;
    const object = value as Record<string, unknown>;
    const members = Object.keys(object)
      .sort()
      .filter((key) => object[key] !== undefined);
    return `{${members.map((key) => `${JSON.stringify(key)}:${writeCanonical(object[key])}`).join(',')}}`;
  }
  return JSON.stringify(canonicalValue(value));
}

/**
 * The canonical JSON of a value (docs/hygiene.md, "Canonical form"): RFC 8785 (JCS) for the values
 * we chain — object members sorted by key (UTF-16 code units, as JavaScript sorts), no whitespace,
 * strings and numbers as `JSON.stringify` writes them, members whose value is undefined left out.
 * Written by the native `JSON.stringify`: the entries and records we build have their members in
 * order already, and only what has not (a machine's measurements, read back from jsonb) is copied
 * in order first; members named like array indices are written one by one. Verifying a machine's
 * year spent a sixth of its time here when every object was sorted and written piece by piece.
 */
export function canonicalJson(value: unknown): string {
  try {
    return JSON.stringify(canonicalValue(value)) ?? 'null';
  } catch (error) {
    if (error instanceof IndexKey) return writeCanonical(value);
    throw error;
  }
}

/** A time as the chain writes it: ISO 8601 UTC with milliseconds (`2026-11-25T06:00:00.000Z`). */
export function chainTime(value: Date | string): string;
export function chainTime(value: Date | string | null | undefined): string | null;
export function chainTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  // Already so (times read with `isoSql` are): `toISOString` would give it back unchanged.
  if (typeof value === 'string' && CHAIN_TIME.test(value)) return value;
  return new Date(value).toISOString();
}

/** A valid time in the chain's form, years 0000–9999 (to_char never writes a 24th hour or a 13th month). */
const CHAIN_TIME = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

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

/** An entry without its record. */
export type TChainEnvelope = Omit<TChainEntry, 'record'>;

/**
 * The canonical JSON of an entry whose record's canonical JSON is `recordJson`: the same bytes as
 * `canonicalJson` of the entry, its members written here in their canonical order, without walking
 * the record again. The gateway writes each record's JSON once; walked again for the entry, it was
 * a tenth of what chaining costs the gateway's thread (docs/benchmarks.md, issue 19).
 */
export function entryJson(entry: TChainEnvelope, recordJson: string): string {
  if (!Number.isFinite(entry.seq)) throw new Error('a chained number must be finite');
  const carried = entry.carriedBy === undefined ? '' : `"carriedBy":${JSON.stringify(entry.carriedBy)},`;
  return (
    `{${carried}"chainedAt":${JSON.stringify(entry.chainedAt)},"deviceTime":${JSON.stringify(entry.deviceTime)},` +
    `"kind":${JSON.stringify(entry.kind)},"late":${entry.late},"record":${recordJson},"seq":${entry.seq},` +
    `"serialNumber":${JSON.stringify(entry.serialNumber)}}`
  );
}

/**
 * `hash(n) = SHA-256(hash(n−1) ‖ "\n" ‖ canonicalJson(entry n))`, hex (docs/hygiene.md). The
 * definition, from a whole entry: the writer and the verifier use `chainHashOf` with the record's
 * JSON written once, and the tests pin the two to each other.
 */
export function chainHash(previous: string, entry: TChainEntry): string {
  return chainHashOf(previous, entry, canonicalJson(entry.record));
}

/** `chainHash` of an entry whose record's canonical JSON is `recordJson`. */
export function chainHashOf(previous: string, entry: TChainEnvelope, recordJson: string): string {
  return hash('sha256', `${previous}\n${entryJson(entry, recordJson)}`, 'hex');
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
 * computed from `rinseTrace`, which is covered). The definition as an object: the writer and the
 * verifier write its canonical JSON directly (`eventRecordJson`), which the tests pin to it.
 */
export function eventRecord(e: TEventRow): Record<string, TJson> {
  // Members in canonical order, and the machine's JSON values put in it here (jsonb hands members
  // back ordered by length), so that `canonicalJson` copies nothing around them.
  const json = (value: TJson | undefined) => inCanonicalOrder(value ?? null);
  return {
    completed: e.completed,
    cycleName: e.cycle_name,
    cycleNumber: e.cycle_number,
    id: e.id,
    kind: e.kind,
    measurements: json(e.measurements),
    newValue: json(e.new_value),
    oldValue: json(e.old_value),
    parameterName: e.parameter_name,
    rinseTrace: json(e.rinse_trace),
    start: chainTime(e.start),
    stop: chainTime(e.stop),
  };
}

/** A member of a record's canonical JSON, after the one before it; nothing when undefined (left out). */
function member(name: string, value: unknown): string {
  return value === undefined ? '' : `,"${name}":${canonicalJson(value)}`;
}

/**
 * `canonicalJson(eventRecord(e))`, written member by member: the members' values are walked once,
 * not copied into order first and walked again.
 */
export function eventRecordJson(e: TEventRow): string {
  const members =
    member('completed', e.completed) +
    member('cycleName', e.cycle_name) +
    member('cycleNumber', e.cycle_number) +
    member('id', e.id) +
    member('kind', e.kind) +
    member('measurements', e.measurements ?? null) +
    member('newValue', e.new_value ?? null) +
    member('oldValue', e.old_value ?? null) +
    member('parameterName', e.parameter_name) +
    member('rinseTrace', e.rinse_trace ?? null) +
    member('start', chainTime(e.start)) +
    member('stop', chainTime(e.stop));
  return `{${members.slice(1)}}`;
}

/** An alarm as stored (`alarms`): what its opening and closing entries cover. */
export type TAlarmRow = { id: string; error_code: string; start_date: Date | string; stop_date: Date | string | null };

/** What an alarm's opening entry covers. */
export function alarmRecord(a: TAlarmRow): Record<string, TJson> {
  return { errorCode: a.error_code, id: a.id, startDate: chainTime(a.start_date) };
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
    author: c.author_name,
    correctsId: c.corrects_id,
    correctsKind: c.corrects_kind,
    createdAt: chainTime(c.created_at),
    id: c.id,
    note: c.note,
  };
}

/** A record about to be chained: its machine, kind, id, own time and covered content. */
export type TChainItem = {
  serialNumber: string;
  kind: THaccpChainKind;
  recordId: string;
  /** Its own time, as the chain writes times (`chainTime`). */
  deviceTime: string;
  /** The canonical JSON of what its entry covers (`eventRecordJson`, `canonicalJson(alarmRecord(…))` …). */
  recordJson: string;
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
    (a.deviceTime < b.deviceTime ? -1 : a.deviceTime > b.deviceTime ? 1 : 0) ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    (a.recordId < b.recordId ? -1 : a.recordId > b.recordId ? 1 : 0)
  );
}
