import { TOKEN_REFRESH_MS, type TUserProfile } from '@washboard/contracts';
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
  if (!(await renewSession())) sessionStore.clear();
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
async function resume(): Promise<void> {
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
 * while someone is signed in. Resolves once the start-up exchange is done.
 */
export async function startSessionKeeper(): Promise<void> {
  if (await sessionStore.startup()) await resume();
  sessionStore.subscribe(schedule);
  sessionStore.subscribeTokens(schedule);
  schedule();
}
