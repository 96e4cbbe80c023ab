/**
 * The companion's offline support (docs/companion.md):
 * - last-seen data: the query cache is persisted to IndexedDB (`query-persistence.ts`); screens show
 *   `<StaleMarker updatedAt={query.dataUpdatedAt} />` to say "offline — data from …";
 * - the offline mutation queue, for changes made without a network:
 *
 *     import { offlineQueue } from '../offline';
 *     const outcome = await offlineQueue.submit({
 *       method: 'PUT',
 *       path: `/api/v1/customers/${id}`,
 *       body: values,                                        // plain JSON data
 *       label: t('mobile.customers.modify') + ': ' + name,   // shown while it waits, or when refused
 *       invalidates: [['customers']],                        // query keys to reload once sent
 *     });
 *     // 'sent' (done), 'queued' (waits for the network; say so), 'failed' (refused after waiting, or
 *     // taken only in part — `partlyRefused` below: listed by <OfflineQueueStatus/>). A refusal when
 *     // sent at once throws ApiError as apiFetch does.
 *
 *   Changes go out in the order they were made, when the browser comes back online and at start;
 *   <OfflineQueueStatus/> (in the layout) lists what waits and what was refused, with retry and drop.
 */
import i18next from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import { apiFetch, isNetworkError } from '../../modules/api/api-client';
import { recordsNotStored } from '../../modules/local-link/api/local-link-api';
import { sessionStore, useUserData } from '../../modules/session/session-store';
import { createMutationQueue, type TQueueState } from './mutation-queue';
import { idbQueueStorage } from './queue-storage';
import { companionQueryClient } from './query-persistence';

export type { TQueuedRequest, TSubmitOutcome, TFailedMutation, TQueuedMutation } from './mutation-queue';
export { useOnline } from './online-status';

/** The companion's one offline mutation queue. */
export const offlineQueue = createMutationQueue({
  storage: idbQueueStorage(),
  send: ({ method, path, body }) =>
    apiFetch(path, { method, body: body === undefined ? undefined : JSON.stringify(body), background: true }),
  isUnreachable: isNetworkError,
  owner: () => sessionStore.snapshot().userData?.idpUserId,
  // Offline the companion may show a last-seen identity without tokens: nothing goes out until a session is back.
  isOnline: () => navigator.onLine && sessionStore.tokens() !== undefined,
  onSent: (mutation) => {
    for (const queryKey of mutation.invalidates ?? []) void companionQueryClient.invalidateQueries({ queryKey });
  },
  // A page of records carried home of which the server could not store some: set aside, said why.
  partlyRefused: ({ path }, answer) => {
    const count = recordsNotStored(path, answer);
    return count > 0 ? i18next.t('mobile.link.records.notStored', { count }) : undefined;
  },
});

let started = false;

/** Loads what an earlier visit left and replays on every return of the network and every sign-in. */
export function startOfflineQueue(): void {
  if (started) return;
  started = true;
  void offlineQueue.load().then(() => offlineQueue.replay());
  window.addEventListener('online', () => void offlineQueue.replay());
  sessionStore.subscribeTokens(() => void offlineQueue.replay());
}

/** What waits and what was refused of the signed-in user's changes, for screens (not another user's on the same phone). */
export function useOfflineQueue(): TQueueState {
  const state = useSyncExternalStore(offlineQueue.subscribe, offlineQueue.state);
  const owner = useUserData()?.idpUserId;
  return useMemo(
    () => ({
      ...state,
      pending: state.pending.filter((m) => m.owner === owner),
      failed: state.failed.filter((m) => m.owner === owner),
    }),
    [state, owner],
  );
}
