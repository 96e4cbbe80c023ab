import type { TLiveMessage } from '@washboard/contracts';

/**
 * The pushes of the last minute that change stored state a read answers (status, firmware
 * progress, versions, notifications; telemetry has its own newest-reading overlay,
 * pushed-telemetry.ts, and alarms theirs, pushed-alarms.ts). The server pushes these once they are
 * stored, so a read begun after a push answers it; a read in flight when a push came may answer the
 * older state, and its answer gets the push again (`readThenReplay`).
 */
const KEEP_MS = 60_000;
const REPLAYED = new Set<TLiveMessage['type']>(['status', 'fotaStatus', 'versions', 'notification']);

type TEntry = { seq: number; at: number; message: TLiveMessage };

let entries: TEntry[] = [];
/** Where the kept entries start in `entries` (trimmed in one go once half of it is old). */
let first = 0;
let last = 0;
let readies = 0;

export const pushLog = {
  /** Notes `message` as the newest push (a kind no read replays is not kept). */
  add(message: TLiveMessage, now = Date.now()): void {
    last += 1;
    if (!REPLAYED.has(message.type)) return;
    while (first < entries.length && now - (entries[first] as TEntry).at > KEEP_MS) first += 1;
    if (first > entries.length / 2) {
      entries = entries.slice(first);
      first = 0;
    }
    entries.push({ seq: last, at: now, message });
  },
  /** Where the log stands: the pushes noted after this mark are those a read begun now may miss. */
  mark(): number {
    return last;
  },
  /** The pushes noted after `mark`, oldest first. */
  since(mark: number): TLiveMessage[] {
    const found: TLiveMessage[] = [];
    for (let i = entries.length - 1; i >= first && (entries[i] as TEntry).seq > mark; i -= 1)
      found.push((entries[i] as TEntry).message);
    return found.reverse();
  },
  /** The push channel became ready: what was pushed before it never reached this tab. */
  ready(): void {
    readies += 1;
  },
};

/**
 * Reads with `read`, then lays over its answer, in order, every push that came while it was in
 * flight. A read the channel's ready overtook is made again: what was pushed before the ready never
 * reached this tab and is stored by then, but that read may have been answered before.
 */
export async function readThenReplay<T>(read: () => Promise<T>, apply: (answer: T, message: TLiveMessage) => T): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    const mark = pushLog.mark();
    const ready = readies;
    const answer = await read();
    // Twice at most: a channel dropping again and again must not keep a page loading.
    if (ready === readies || tries === 2) return pushLog.since(mark).reduce(apply, answer);
  }
}
