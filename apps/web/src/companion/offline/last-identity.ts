import { isUserData, type TUserData } from '@washboard/contracts';
import { sessionStore } from '../../modules/session/session-store';
import { vault } from '../../modules/session/vault';
import { replaceOfflineKey } from './sealed';

const KEY = 'companion.identity';

/**
 * The identity the companion last had a session for, kept encrypted in the vault, so that it can
 * open offline on the data that user last saw (docs/companion.md). Forgotten at logout.
 */
export function keepLastIdentity(): void {
  let signedIn = sessionStore.snapshot().userData !== null;
  sessionStore.subscribe(() => {
    const user = sessionStore.snapshot().userData;
    if (user) void vault.set(KEY, user);
    else if (signedIn) {
      // Logout: nothing the user saw stays for the next one on this phone, in memory or in IndexedDB,
      // and what was sealed with the offline key can no longer be read: a new key replaces it once the
      // changes that still wait are sealed with it (never before: closing the app then would lose them).
      vault.remove(KEY);
      // The query cache and the queue come with the signed-in chunk (loaded by now): the landing does not download them.
      void import('./query-persistence').then(({ companionQueryClient, queryPersister }) => {
        companionQueryClient.clear();
        return queryPersister.removeClient();
      });
      void import('./index').then(({ offlineQueue }) => replaceOfflineKey(() => offlineQueue.persist()));
    }
    signedIn = user !== null;
  });
}

/** The last identity, if there is one (the session keeper's `whenOffline`). */
export async function lastIdentity(): Promise<TUserData | undefined> {
  const stored = await vault.get<unknown>(KEY);
  return isUserData(stored) ? stored : undefined;
}
