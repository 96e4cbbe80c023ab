import { heatDose, type THaccpChainBreak } from '@washboard/contracts';
import {
  alarmCloseRecord,
  alarmRecord,
  canonicalJson,
  chainHashOf,
  correctionRecord,
  eventRecordJson,
  type TAlarmRow,
  type TChainEnvelope,
  type TCorrectionRow,
  type TEventRow,
  type THaccpChainKind,
} from './chain';
import { ALARM_COLUMNS, CORRECTION_COLUMNS, coveredRow, EVENT_PAGE_COLUMNS } from './chain.repository';

/** The most breaks a verification lists (the first ones; `verified` is false either way). */
export const MAX_BREAKS = 200;

/**
 * A stored chain entry with the canonical JSON of the content it covers, read back from the record's
 * own table (null: gone).
 */
type TStoredEntry = {
  entry: TChainEnvelope & { record: string | null };
  recordId: string;
  hash: string;
};

/**
 * One entry of a page as the database builds it (a JSON array, `HaccpChainRepository.page`): its
 * position, kind, record id, late flag, device and chaining times, hash, carrier, and the covered
 * columns of its record as read from the record's own table (null when the record is gone).
 */
type TPageEntry = [
  seq: number,
  kind: THaccpChainKind,
  recordId: string,
  late: boolean,
  deviceTime: string,
  chainedAt: string,
  hash: string,
  carrierName: string | null,
  record: unknown[] | null,
];

/**
 * Whether a stored heat dose is the one its trace gives (`heatDose`, as the gateway computed it; none
 * without a trace), to its last unit: a figure computed elsewhere (migration 0033, in SQL) or by
 * another engine's `exp` may round the other way at a half.
 */
function doseOfTrace(trace: unknown, dose: unknown): boolean {
  if (trace === null || trace === undefined) return dose === null || dose === undefined;
  if (!Array.isArray(trace) || typeof dose !== 'object' || dose === null) return false;
  const want = heatDose(trace as number[]);
  const { hue, a0, seconds, ...rest } = dose as Record<string, unknown>;
  return (
    Object.keys(rest).length === 0 &&
    typeof hue === 'number' &&
    typeof a0 === 'number' &&
    Math.abs(hue - want.hue) <= 1 &&
    Math.abs(a0 - want.a0) <= 0.1 + 1e-9 &&
    seconds === want.seconds
  );
}

/** The canonical JSON of what an entry covers, from its record's columns; null when the record is gone. */
function recordOf(kind: THaccpChainKind, values: unknown[] | null): string | null {
  if (values === null) return null;
  switch (kind) {
    case 'event': {
      const event = coveredRow<TEventRow & { heat_dose: unknown }>(EVENT_PAGE_COLUMNS, values);
      const json = eventRecordJson(event);
      // A heat dose that is not its trace's makes the record as changed as an edited trace would.
      return doseOfTrace(event.rinse_trace, event.heat_dose) ? json : `heat dose not of its trace: ${json}`;
    }
    case 'alarm':
      return canonicalJson(alarmRecord(coveredRow<TAlarmRow>(ALARM_COLUMNS, values)));
    case 'alarmClose': {
      // A closing whose alarm lost its end is as good as gone: nothing of it is left to cover.
      const alarm = coveredRow<TAlarmRow>(ALARM_COLUMNS, values);
      return alarm.stop_date ? canonicalJson(alarmCloseRecord(alarm)) : null;
    }
    case 'correction':
      return canonicalJson(correctionRecord(coveredRow<TCorrectionRow>(CORRECTION_COLUMNS, values)));
  }
}

/**
 * `recordOf`, or for a record no chained value can have (a number that is not finite, as jsonb keeps
 * `1e400`), a text no hash of a chained record covers: the entry is then named as changed, and the
 * walk goes on, where the exception would have failed the whole verification.
 */
function readableRecordOf(kind: THaccpChainKind, values: unknown[] | null): string | null {
  try {
    return recordOf(kind, values);
  } catch (error) {
    return `unreadable: ${(error as Error).message}`;
  }
}

/**
 * The entries of a page of the machine's chain, from the JSON text the database built. Read by
 * index, without destructuring or spreading: walking a page (about 2,000 entries) is most of a
 * verification's time, and the walker's objects were a quarter of it in garbage collection.
 */
export function pageEntries(serial: string, text: string): TStoredEntry[] {
  const page = JSON.parse(text) as TPageEntry[];
  const entries = new Array<TStoredEntry>(page.length);
  for (let i = 0; i < page.length; i += 1) {
    const p = page[i] as TPageEntry;
    const kind = p[1];
    entries[i] = {
      recordId: p[2],
      hash: p[6],
      entry: {
        // Only a carried record's entry has `carriedBy` (`entryJson` leaves it out when undefined).
        carriedBy: p[7] ?? undefined,
        chainedAt: p[5],
        deviceTime: p[4],
        kind,
        late: p[3],
        record: readableRecordOf(kind, p[8]),
        seq: Number(p[0]),
        serialNumber: serial,
      },
    };
  }
  return entries;
}

/** The record a break names (made only when there is one: a walk builds nothing per entry it need not). */
function where(entry: TStoredEntry['entry'], recordId: string) {
  return { kind: entry.kind, recordId, deviceTime: entry.deviceTime };
}

/** Where a walk starts, and what it is asked to find. */
export type TWalkStart = {
  serial: string;
  /** The trusted position the walk starts after, and its hash. */
  startSeq: number;
  startHash: string;
  /** The positions of close-outs whose recomputed hash is wanted. */
  wanted: number[];
  /** Only breaks whose time lies in [from, to] (ms) are listed, the others counted (an inspector's period); null: all. */
  period: { from: number; to: number } | null;
};

/** What a walk found: the verification's figures so far. */
export type TWalkOutcome = {
  verified: boolean;
  breaks: THaccpChainBreak[];
  breaksOutsidePeriod: number;
  checked: number;
  firstSeq: number | null;
  lastSeq: number | null;
  firstHash: string | null;
  lastHash: string | null;
  late: number;
  /** The last position walked (the start's when none). */
  prevSeq: number;
  /** When the first entry walked was chained. */
  firstChainedAt: string | null;
  /** The hash recomputed from the start only, at each wanted close-out's position it reached unbroken. */
  strictAt: [seq: number, hash: string][];
};

/** The outcome of a walk that found no entry after `startSeq`. */
export function emptyOutcome(startSeq: number): TWalkOutcome {
  return {
    verified: true,
    breaks: [],
    breaksOutsidePeriod: 0,
    checked: 0,
    firstSeq: null,
    lastSeq: null,
    firstHash: null,
    lastHash: null,
    late: 0,
    prevSeq: startSeq,
    firstChainedAt: null,
    strictAt: [],
  };
}

/** The figures of an outcome a verification answers with. */
export function walkFigures({ prevSeq: _seq, firstChainedAt: _at, strictAt: _strict, ...figures }: TWalkOutcome) {
  return figures;
}

/**
 * Records a break the walk found at `at`: the record's own time, or for a gap (no record left) when
 * the entry after it was chained. Listed when inside the period (all when there is none), up to
 * `MAX_BREAKS`; counted otherwise.
 */
export function noteBreak(outcome: TWalkOutcome, period: TWalkStart['period'], b: THaccpChainBreak, at: string): void {
  outcome.verified = false;
  const time = Date.parse(at);
  if (period && !(time >= period.from && time <= period.to)) outcome.breaksOutsidePeriod += 1;
  else if (outcome.breaks.length < MAX_BREAKS) outcome.breaks.push(b);
}

/**
 * A walk along a machine's chain, page after page in order (docs/hygiene.md, "Verification"). Each
 * entry is recomputed from the hash stored before it, so one changed record is named alone; a second
 * running value recomputed from the start only (`strict`) is kept for the close-outs, which catches a
 * rewrite that also recomputed the following hashes. Pure: it runs where the verifier puts it (a
 * worker thread, `ChainWalker`).
 */
export class ChainWalk {
  private prevHash: string;
  private strict: string | null;
  private readonly wanted: Set<number>;
  private readonly strictAt = new Map<number, string>();
  private readonly outcome: TWalkOutcome;

  constructor(private readonly start: TWalkStart) {
    this.prevHash = start.startHash;
    this.strict = start.startHash;
    this.wanted = new Set(start.wanted);
    this.outcome = emptyOutcome(start.startSeq);
  }

  /** Walks a page (the database's JSON text); answers its last position (null: the page is empty). */
  page(text: string): number | null {
    const o = this.outcome;
    const broke = (b: THaccpChainBreak, at: string) => noteBreak(o, this.start.period, b, at);
    let last: number | null = null;
    for (const { entry, recordId, hash } of pageEntries(this.start.serial, text)) {
      o.firstChainedAt ??= entry.chainedAt;
      const afterGap = entry.seq !== o.prevSeq + 1;
      if (afterGap) {
        broke(
          { seq: o.prevSeq + 1, toSeq: entry.seq - 1, problem: 'gap', kind: null, recordId: null, deviceTime: null },
          entry.chainedAt,
        );
        this.strict = null;
      }
      if (entry.record === null) {
        broke({ seq: entry.seq, toSeq: null, problem: 'missing', ...where(entry, recordId) }, entry.deviceTime);
        this.strict = null;
      } else {
        const { record } = entry;
        // After a gap the hash before this entry is unknown: the gap is the break, not this entry.
        const computed = afterGap ? null : chainHashOf(this.prevHash, entry, record);
        if (computed !== null && computed !== hash)
          broke({ seq: entry.seq, toSeq: null, problem: 'changed', ...where(entry, recordId) }, entry.deviceTime);
        // Until the first break the strict walk is the stored chain: its hash is the one just computed.
        if (this.strict !== null)
          this.strict = computed !== null && this.strict === this.prevHash ? computed : chainHashOf(this.strict, entry, record);
      }
      if (entry.late) o.late += 1;
      if (this.strict !== null && this.wanted.has(entry.seq)) this.strictAt.set(entry.seq, this.strict);
      if (o.firstSeq === null) {
        o.firstSeq = entry.seq;
        o.firstHash = hash;
      }
      o.lastSeq = entry.seq;
      o.lastHash = hash;
      o.checked += 1;
      o.prevSeq = entry.seq;
      this.prevHash = hash;
      last = entry.seq;
    }
    return last;
  }

  /** What the walk found. */
  finish(): TWalkOutcome {
    return { ...this.outcome, strictAt: [...this.strictAt] };
  }
}
