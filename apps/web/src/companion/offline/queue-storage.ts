import { createStore, get, set } from 'idb-keyval';
import type { TQueueStorage, TQueueState } from './mutation-queue';
import { seal, unseal } from './sealed';

type TStored = Pick<TQueueState, 'pending' | 'failed'>;

/**
 * The queue kept in IndexedDB: one entry, sealed (`./sealed.ts`), holding what waits and what was
 * refused. Until `load` has read it (or found none), nothing is written: a queue that could not be
 * read this time (IndexedDB or its key failing) is not an empty one, and stays for the next visit.
 */
export function idbQueueStorage(database = 'washboard-companion-queue'): TQueueStorage {
  const store = createStore(database, 'mutations');
  let read = false;
  return {
    load: async () => {
      const text = await unseal(await get('queue', store));
      read = true;
      return text === undefined ? undefined : (JSON.parse(text) as TStored);
    },
    save: async (state) => {
      if (!read) throw new Error('The stored queue has not been read: it is not written over');
      await set('queue', await seal(JSON.stringify(state)), store);
    },
  };
}
