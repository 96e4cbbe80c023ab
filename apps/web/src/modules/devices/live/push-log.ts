import type { TLiveMessage } from '@washboard/contracts';

/**
 * The pushes of the last minute that change stored state (status, firmware progress, versions,
 * alarms, notifications; telemetry has its own newest-reading overlay, pushed-telemetry.ts). The
 * server pushes these once they are stored, so a read begun after a push answers it; a read in
 * flight when a push came may answer the older state, and its answer gets the push again
 * (`readThenReplay`).
 */
const KEEP_MS = 60_000;

type TEntry = { seq: number; at: number; message: TLiveMessage };

let entries: TEntry[] = [];
let last = 0;

export const pushLog = {
  /** Notes `message` as the newest push. */
  add(message: TLiveMessage, now = Date.now()): void {
    last += 1;
    const first = entries.findIndex((e) => now - e.at <= KEEP_MS);
    if (first !== 0) entries = first < 0 ? [] : entries.slice(first);
    entries.push({ seq: last, at: now, message });
  },
  /** Where the log stands: the pushes noted after this mark are those a read begun now may miss. */
  mark(): number {
    return last;
  },
  /** The pushes noted after `mark`, oldest first. */
  since(mark: number): TLiveMessage[] {
    return entries.filter((e) => e.seq > mark).map((e) => e.message);
  },
};

/** Reads with `read`, then lays over its answer, in order, every push that came while it was in flight. */
export async function readThenReplay<T>(read: () => Promise<T>, apply: (answer: T, message: TLiveMessage) => T): Promise<T> {
  const mark = pushLog.mark();
  const answer = await read();
  return pushLog.since(mark).reduce(apply, answer);
}
