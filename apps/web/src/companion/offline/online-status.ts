import { useSyncExternalStore } from 'react';
import { isNetworkError } from '../../modules/api/api-client';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network (the same signal TanStack Query pauses on). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

/**
 * Whether a screen shows last-seen data: the browser says it has no network, or the last fetch of
 * that data did not reach the server — in a basement the phone often claims a network that carries
 * nothing. `lastError` is the query's `error`, which TanStack Query clears once a fetch succeeds.
 */
export function isStale(online: boolean, lastError: unknown): boolean {
  return !online || isNetworkError(lastError);
}
