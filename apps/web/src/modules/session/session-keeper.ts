import { TOKEN_REFRESH_MS } from '@washboard/contracts';
import { refreshTokens } from './sign-in';
import { sessionStore } from './session-store';

let timer: ReturnType<typeof setInterval> | undefined;

async function refreshOrSignOut(): Promise<void> {
  if (!(await refreshTokens())) sessionStore.clear();
}

/**
 * Spec §4: on start a stored session's refresh token is exchanged for new tokens (without one, or
 * when that fails, the user is signed out); then the tokens are refreshed every TOKEN_REFRESH_MS
 * while someone is signed in. Resolves once the start-up exchange is done.
 */
export async function startSessionKeeper(): Promise<void> {
  if (sessionStore.snapshot().userData) await refreshOrSignOut();
  const sync = () => {
    const signedIn = sessionStore.snapshot().userData !== null;
    if (signedIn && !timer) timer = setInterval(() => void refreshOrSignOut(), TOKEN_REFRESH_MS);
    if (!signedIn && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  sessionStore.subscribe(sync);
  sync();
}
