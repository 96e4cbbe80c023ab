import { useSyncExternalStore } from 'react';
import { isUserData, type TUserData } from '@washboard/contracts';

/**
 * The signed-in identity and its tokens, kept in localStorage. A session survives a restart of the
 * browser only with remember-me; otherwise the per-tab session marker must exist (spec §4).
 */
const KEYS = {
  userData: 'wb.userData',
  tokens: 'wb.tokens',
  rememberMe: 'wb.rememberMe',
  email: 'wb.email',
  sessionMarker: 'wb.session',
} as const;

export type TTokens = { accessToken: string; refreshToken: string; idToken?: string; expiresAt: number };

/**
 * Stored parameters and cycle parameters belong to the account that loaded them: cleared before a
 * profile is loaded and at logout (spec §4).
 */
export function clearAccountData(): void {
  const stale = Object.keys(localStorage).filter((key) => key.startsWith('wb.parameters') || key.startsWith('wb.cycle'));
  for (const key of stale) localStorage.removeItem(key);
}

type TSnapshot = { userData: TUserData | null };

const listeners = new Set<() => void>();
const tokenListeners = new Set<() => void>();
let snapshot: TSnapshot = { userData: readUserData() };

function readUserData(): TUserData | null {
  try {
    const raw = localStorage.getItem(KEYS.userData);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isUserData(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function emit() {
  snapshot = { userData: readUserData() };
  for (const listener of listeners) listener();
}

export const sessionStore = {
  /** On start: without remember-me and without this tab's marker, the stored session is dropped. */
  startup(): void {
    const active = localStorage.getItem(KEYS.rememberMe) === 'true' || sessionStorage.getItem(KEYS.sessionMarker) !== null;
    if (!active) {
      localStorage.removeItem(KEYS.userData);
      localStorage.removeItem(KEYS.tokens);
    }
    emit();
  },
  signIn(userData: TUserData, tokens: TTokens, rememberMe: boolean): void {
    localStorage.setItem(KEYS.userData, JSON.stringify(userData));
    localStorage.setItem(KEYS.tokens, JSON.stringify(tokens));
    localStorage.setItem(KEYS.rememberMe, String(rememberMe));
    localStorage.setItem(KEYS.email, userData.email);
    sessionStorage.setItem(KEYS.sessionMarker, '1');
    emit();
  },
  setTokens(tokens: TTokens): void {
    localStorage.setItem(KEYS.tokens, JSON.stringify(tokens));
    for (const listener of tokenListeners) listener();
  },
  /** Called after new tokens were stored (sign-in, refresh): e.g. the push channel re-authenticates. */
  subscribeTokens(listener: () => void): () => void {
    tokenListeners.add(listener);
    return () => tokenListeners.delete(listener);
  },
  tokens(): TTokens | undefined {
    try {
      const raw = localStorage.getItem(KEYS.tokens);
      return raw ? (JSON.parse(raw) as TTokens) : undefined;
    } catch {
      return undefined;
    }
  },
  /** Logout keeps only the e-mail, to prefill the sign-in form (and the browser's display preferences). */
  clear(): void {
    localStorage.removeItem(KEYS.userData);
    localStorage.removeItem(KEYS.tokens);
    localStorage.removeItem(KEYS.rememberMe);
    sessionStorage.removeItem(KEYS.sessionMarker);
    clearAccountData();
    emit();
  },
  /** Prefills the sign-in form (e.g. after registering). */
  rememberEmail(email: string): void {
    localStorage.setItem(KEYS.email, email);
  },
  lastEmail(): string {
    return localStorage.getItem(KEYS.email) ?? '';
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot(): TSnapshot {
    return snapshot;
  },
};

/** The signed-in user's identity, or null. */
export function useUserData(): TUserData | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.snapshot).userData;
}
