import { onlineManager, QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { createStore, del, get, set } from 'idb-keyval';
import { seal, unseal } from './sealed';

/** How long last-seen data is kept for offline use. */
export const OFFLINE_DATA_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The companion's query cache. `gcTime` matches the persisted age, so what was seen stays in memory
 * (and in IndexedDB) to be shown offline; retries are for a network that is there.
 */
export const companionQueryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, gcTime: OFFLINE_DATA_MAX_AGE_MS },
  },
});

// TanStack Query assumes a network until an `offline` event says otherwise; a companion opened
// without one must know at once, so that its queries wait (showing the last-seen data) instead of failing.
onlineManager.setOnline(navigator.onLine);

const store = createStore('washboard-companion', 'query-cache');

/** The query cache in IndexedDB (one entry, sealed by `./sealed.ts`, written at most once a second). */
export const queryPersister = createAsyncStoragePersister({
  storage: {
    // No key this time: restore nothing (the persister would erase what it cannot restore); the next visit reads it.
    getItem: async (key) => (await unseal(await get(key, store)).catch(() => undefined)) ?? null,
    setItem: async (key, value: string) => set(key, await seal(value), store),
    removeItem: (key) => del(key, store),
  },
  key: 'queries',
  throttleTime: 1000,
});

/** Only the device data is kept for offline use (list, details, live state); the rest is fetched again. */
export function isKeptOffline(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === 'devices';
}
