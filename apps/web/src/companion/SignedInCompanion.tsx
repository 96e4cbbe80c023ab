import { useEffect } from 'react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { StaleDataContext } from '../modules/api/stale-data';
import { LiveUpdates } from '../modules/devices/live/LiveUpdates';
import { resumeSession } from '../modules/session/session-keeper';
import { sessionStore, useUserData } from '../modules/session/session-store';
import { CompanionLayout } from './layout/CompanionLayout';
import { startOfflineQueue } from './offline';
import { companionQueryClient, isKeptOffline, OFFLINE_DATA_MAX_AGE_MS, queryPersister } from './offline/query-persistence';
import { SignedInRoutes } from './signed-in-routes';

/**
 * Back online after opening offline (a last-seen identity, no tokens): the session resumes as at
 * start — or ends, if the server refuses — and the data are fetched again with it.
 */
function resumeWhenOnline(): () => void {
  const onOnline = () => {
    if (sessionStore.tokens()) return;
    void resumeSession().then(() => companionQueryClient.invalidateQueries());
  };
  window.addEventListener('online', onOnline);
  return () => window.removeEventListener('online', onOnline);
}

/**
 * Everything only a signed-in technician needs, in one chunk the landing and sign-in never load: the
 * query cache persisted for offline use (kept per user: another user's sign-in starts empty), the
 * push channel, the offline mutation queue, the phone layout and the screens (`signed-in-routes.tsx`).
 */
export function SignedInCompanion() {
  const user = useUserData();
  useEffect(startOfflineQueue, []);
  useEffect(resumeWhenOnline, []);
  return (
    <PersistQueryClientProvider
      client={companionQueryClient}
      persistOptions={{
        persister: queryPersister,
        maxAge: OFFLINE_DATA_MAX_AGE_MS,
        buster: user?.idpUserId ?? '',
        dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' && isKeptOffline(query.queryKey) },
      }}
    >
      <LiveUpdates />
      {/* Its screens mark data whose reload never got through (`StaleMarker`): they keep showing it. */}
      <StaleDataContext.Provider value={true}>
        <CompanionLayout>
          <SignedInRoutes />
        </CompanionLayout>
      </StaleDataContext.Provider>
    </PersistQueryClientProvider>
  );
}
