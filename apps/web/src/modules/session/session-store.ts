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

type TSnapshot = { userData: TUserData | null };

const listeners = new Set<() => void>();
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
  },
  tokens(): TTokens | undefined {
    try {
      const raw = localStorage.getItem(KEYS.tokens);
      return raw ? (JSON.parse(raw) as TTokens) : undefined;
    } catch {
      return undefined;
    }
  },
  /** Logout keeps only the e-mail, to prefill the sign-in form. */
  clear(): void {
    localStorage.removeItem(KEYS.userData);
    localStorage.removeItem(KEYS.tokens);
    localStorage.removeItem(KEYS.rememberMe);
    sessionStorage.removeItem(KEYS.sessionMarker);
    emit();
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
