import { LINK_RECORDS_PAGE_MAX, type TLinkRecord } from '@washboard/contracts';
import { deviceKeys } from '../devices/hooks/device-keys';
import { carriedRecordsPath } from './api/local-link-api';
import { localLinks } from './link-store';

/** Where the records read go: the companion's offline queue (sealed in IndexedDB until sent). */
export type TRecordSink = (request: {
  method: 'POST';
  path: string;
  body: { records: TLinkRecord[] };
  label: string;
  invalidates: readonly (readonly unknown[])[];
}) => Promise<'sent' | 'queued' | 'failed'>;

/** The number of the last record carried home from each machine, kept across visits. */
export type TRecordCursors = {
  get(serialNumber: string): Promise<number | null>;
  set(serialNumber: string, after: number): Promise<void>;
};

export type TCarryOptions = {
  submit: TRecordSink;
  cursors: TRecordCursors;
  /** The label of one upload in the offline queue, for records `first`–`last`. */
  label: (first: number, last: number) => string;
  /** Told after each page, with the records read so far. */
  onProgress?: (read: number) => void;
};

/**
 * What one carrying read: how many records, whether some wait on the phone for a network, and
 * whether the server could not store some (their page is set aside in the offline queue, said why).
 */
export type TCarried = { read: number; queued: boolean; refused: boolean };

/** A refusal of the machine to a records page (UNKNOWN_RECORD is dealt with here). */
export class RecordsRefused extends Error {
  constructor(readonly error: string) {
    super(`records-get refused: ${error}`);
    this.name = 'RecordsRefused';
  }
}

/**
 * Carries a machine's HACCP records home over a session already open (docs/local-link.md, "Records
 * carried home"): pages of `records-get` after the last record carried before, each handed to
 * `submit` — the offline queue, which sends it now or keeps it encrypted until the phone is online —
 * and only then counted as carried: the cursor moves past a page once the phone holds it safely. A
 * connection lost midway throws; carrying again resumes after the last page kept, and the server
 * stores each record once by its id, so nothing is doubled either way. A cursor the machine no
 * longer knows (its log moved on, or was reset) starts again from its oldest record.
 */
export async function carryRecords(serialNumber: string, options: TCarryOptions): Promise<TCarried> {
  let after = await options.cursors.get(serialNumber).catch(() => null);
  const carried: TCarried = { read: 0, queued: false, refused: false };
  for (;;) {
    const link = localLinks.link(serialNumber);
    if (!link) throw new DOMException('The machine is not connected', 'NetworkError');
    const reply = await link.client.request('records-get', { after, limit: LINK_RECORDS_PAGE_MAX });
    if (!reply.ok) {
      if (reply.error === 'UNKNOWN_RECORD' && after !== null) {
        after = null;
        continue;
      }
      throw new RecordsRefused(reply.error ?? 'refused');
    }
    const records = reply.records ?? [];
    const first = records[0];
    const last = records.at(-1);
    if (first && last) {
      const outcome = await options.submit({
        method: 'POST',
        path: carriedRecordsPath(serialNumber),
        body: { records },
        label: options.label(first.n, last.n),
        invalidates: [[...deviceKeys.all, 'haccp']],
      });
      if (outcome === 'queued') carried.queued = true;
      if (outcome === 'failed') carried.refused = true;
      after = last.n;
      carried.read += records.length;
      await options.cursors.set(serialNumber, after).catch(() => undefined);
      options.onProgress?.(carried.read);
    }
    if (!reply.more || !last) return carried;
  }
}
