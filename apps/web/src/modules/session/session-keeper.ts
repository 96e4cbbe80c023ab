import { TOKEN_REFRESH_MS, type TUserData, type TUserProfile } from '@washboard/contracts';
import { apiFetch } from '../api/api-client';
import { refreshTokens, toUserData } from './sign-in';
import { sessionStore } from './session-store';

/** Tokens are renewed this long before the access token expires. */
const EARLY_MS = 60_000;
/** …but not more often than this, whatever a token's lifetime. */
const MIN_DELAY_MS = 5_000;

let timer: ReturnType<typeof setTimeout> | undefined;
let renewing: Promise<boolean> | undefined;

/**
 * Exchanges the refresh token for new tokens once, however many callers ask at the same moment (a
 * 401 on several calls, the push channel told to authenticate again). False when the server
 * refused: the session is over.
 */
export function renewSession(): Promise<boolean> {
  renewing ??= refreshTokens().finally(() => {
    renewing = undefined;
  });
  return renewing;
}

async function refreshOrSignOut(): Promise<void> {
  if (await renewSession()) return;
  // Without a network the server did not refuse anything: the session stays, and is tried again later.
  if (navigator.onLine) sessionStore.clear();
  else schedule();
}

/**
 * When to renew next: every TOKEN_REFRESH_MS as the spec says, or earlier when the access token
 * would expire first (access tokens live ten minutes, docs/accounts.md).
 */
function nextDelay(): number {
  const expiresAt = sessionStore.tokens()?.expiresAt;
  const beforeExpiry = expiresAt === undefined ? TOKEN_REFRESH_MS : expiresAt - Date.now() - EARLY_MS;
  return Math.max(MIN_DELAY_MS, Math.min(TOKEN_REFRESH_MS, beforeExpiry));
}

function schedule(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (sessionStore.snapshot().userData === null) return;
  timer = setTimeout(() => void refreshOrSignOut(), nextDelay());
}

/** A session that may resume: the refresh cookie for tokens, then the identity as the server has it. */
export async function resumeSession(): Promise<void> {
  if (!(await renewSession())) return sessionStore.clear();
  try {
    const profile = await apiFetch<TUserProfile>('/api/v1/account/userinfo');
    if (profile.status === 'ACTIVE') sessionStore.resume(toUserData(profile));
    else sessionStore.clear();
  } catch {
    sessionStore.clear();
  }
}

/**
 * Spec §4: on start a session (remember-me, or this tab's marker) exchanges its refresh token for
 * new tokens — without one, or when that fails, the user is signed out; then the tokens are renewed
 * while someone is signed in. Resolves once the start-up exchange is done. `whenOffline`: the
 * identity to show while the browser is offline (the companion's last-seen one), if any.
 */
export async function startSessionKeeper(whenOffline?: () => Promise<TUserData | undefined>): Promise<void> {
  if (await sessionStore.startup()) {
    // The companion opens offline with the identity it last saw (no tokens: nothing is sent until the network is back).
    const lastSeen = !navigator.onLine && whenOffline ? await whenOffline() : undefined;
    if (lastSeen) sessionStore.resume(lastSeen);
    else await resumeSession();
  }
  sessionStore.subscribe(schedule);
  sessionStore.subscribeTokens(schedule);
  schedule();
}
