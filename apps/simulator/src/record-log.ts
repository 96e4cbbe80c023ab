import type { TLinkRecord } from '@washboard/contracts';
import type { TDeviceMessage } from './device-message';

/**
 * The machine's own log of HACCP records (cycle and parameter events, alarms opened and closed), in
 * the order it made them, each with a number that is never reused: what a phone carries home over
 * the local link (`records-get`), resuming after the last number it received. A real controller
 * keeps a bounded log; so does this one.
 */
export class RecordLog {
  private readonly entries: TLinkRecord[] = [];
  private next = 0;

  /** @param limit records kept; beyond it the oldest is forgotten */
  constructor(private readonly limit = 1000) {}

  /** Logs a message when it is a HACCP record. */
  add(message: TDeviceMessage): void {
    if (message.topic === 'event') this.entries.push({ n: this.next, topic: 'event', payload: message.payload });
    else if (message.topic === 'alarm') this.entries.push({ n: this.next, topic: 'alarm', payload: message.payload });
    else return;
    this.next += 1;
    if (this.entries.length > this.limit) this.entries.shift();
  }

  /**
   * Up to `limit` records after number `after` (null: from the oldest held), oldest first, and
   * whether more follow; null when `after` is not a number this log can continue from (forgotten,
   * or never made).
   */
  after(after: number | null, limit: number): { records: TLinkRecord[]; more: boolean } | null {
    let start = 0;
    if (after !== null) {
      const oldest = this.entries[0]?.n ?? this.next;
      if (after >= this.next || after < oldest - 1) return null;
      start = after - oldest + 1;
    }
    const records = this.entries.slice(start, start + limit);
    return { records, more: start + records.length < this.entries.length };
  }
}
