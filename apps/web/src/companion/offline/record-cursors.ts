import { createStore, get, set } from 'idb-keyval';
import type { TRecordCursors } from '../../modules/local-link/carry-records';
import { sessionStore } from '../../modules/session/session-store';
import { seal, unseal } from './sealed';

const store = createStore('washboard-companion-link', 'record-cursors');

/** The key of a machine's cursor: per user, so another technician on the same phone carries their own. */
function key(serialNumber: string): string | undefined {
  const owner = sessionStore.snapshot().userData?.idpUserId;
  return owner && `${owner}/${serialNumber}`;
}

/**
 * Up to which record each machine's log was carried home by the signed-in user (docs/local-link.md),
 * sealed in IndexedDB like the rest of the companion's offline data. A cursor that cannot be read is
 * none: carrying then starts from the machine's oldest record, which the server stores once anyway.
 */
export const recordCursors: TRecordCursors = {
  async get(serialNumber) {
    const id = key(serialNumber);
    if (!id) return null;
    const text = await unseal(await get(id, store));
    const after = text === undefined ? null : (JSON.parse(text) as unknown);
    return typeof after === 'number' ? after : null;
  },
  async set(serialNumber, after) {
    const id = key(serialNumber);
    if (id) await set(id, await seal(JSON.stringify(after)), store);
  },
};
