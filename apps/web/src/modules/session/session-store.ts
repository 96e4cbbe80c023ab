import { useSyncExternalStore } from 'react';
import type { TUserData } from '@washboard/contracts';
import { vault } from './vault';
import { STORAGE_KEYS } from '../runtime/storage-keys';
import { SERVICE_SESSION_KEY } from '../service-menu/api/service-session';

/**
 * The signed-in identity and its access token, in memory only: the refresh token is an HttpOnly
 * cookie the page never sees, and the identity is fetched again (userinfo) when a session resumes.
 * Kept in the browser: the remember-me choice, this tab's session marker (spec §4: without either,
 * nothing resumes), and the last e-mail to prefill the sign-in form — encrypted (vault.ts).
 */
const KEYS = {
  rememberMe: STORAGE_KEYS.rememberMe,
  sessionMarker: STORAGE_KEYS.sessionMarker,
  /** The vault entry of the last e-mail. */
  email: 'email',
  /** Where earlier versions kept tokens and identity in clear: removed at start. */
  legacy: ['wb.tokens', 'wb.userData', 'wb.email'],
} as const;

export type TTokens = { accessToken: string; idToken?: string; expiresAt: number };

/**
 * Stored parameters and cycle parameters, and the service-menu session, belong to the account that
 * loaded them: cleared before a profile is loaded and at logout (spec §4).
 */
export function clearAccountData(): void {
  const stale = Object.keys(localStorage).filter((key) => key.startsWith('wb.parameters') || key.startsWith('wb.cycle'));
  for (const key of stale) localStorage.removeItem(key);
  // The companion's service-menu session (opened with the PIN) is the account's too.
  sessionStorage.removeItem(SERVICE_SESSION_KEY);
}

type TSnapshot = { userData: TUserData | null };

const listeners = new Set<() => void>();
const tokenListeners = new Set<() => void>();
let snapshot: TSnapshot = { userData: null };
let tokens: TTokens | undefined;
let lastEmail = '';

function setUser(userData: TUserData | null): void {
  snapshot = { userData };
  for (const listener of listeners) listener();
}

export const sessionStore = {
  /**
   * On start: reads the remembered e-mail and drops what earlier versions stored in clear. True
   * when a session may resume (remember-me, or this tab's marker): the caller then exchanges the
   * refresh cookie for tokens and loads the identity.
   */
  async startup(): Promise<boolean> {
    const legacyEmail = localStorage.getItem('wb.email');
    for (const key of KEYS.legacy) localStorage.removeItem(key);
    lastEmail = (await vault.get<string>(KEYS.email)) ?? legacyEmail ?? '';
    if (legacyEmail) void vault.set(KEYS.email, legacyEmail);
    return sessionStore.rememberMe() || sessionStorage.getItem(KEYS.sessionMarker) !== null;
  },
  signIn(userData: TUserData, next: TTokens, rememberMe: boolean): void {
    tokens = next;
    localStorage.setItem(KEYS.rememberMe, String(rememberMe));
    sessionStorage.setItem(KEYS.sessionMarker, '1');
    sessionStore.rememberEmail(userData.email);
    for (const listener of tokenListeners) listener();
    setUser(userData);
  },
  /** A session resumed at start: the identity as the server has it now. */
  resume(userData: TUserData): void {
    setUser(userData);
  },
  setTokens(next: TTokens): void {
    tokens = next;
    for (const listener of tokenListeners) listener();
  },
  /** Called after new tokens were set (sign-in, refresh): e.g. the push channel re-authenticates. */
  subscribeTokens(listener: () => void): () => void {
    tokenListeners.add(listener);
    return () => tokenListeners.delete(listener);
  },
  tokens(): TTokens | undefined {
    return tokens;
  },
  rememberMe(): boolean {
    return localStorage.getItem(KEYS.rememberMe) === 'true';
  },
  /** Logout keeps only the e-mail, to prefill the sign-in form (and the browser's display preferences). */
  clear(): void {
    tokens = undefined;
    localStorage.removeItem(KEYS.rememberMe);
    sessionStorage.removeItem(KEYS.sessionMarker);
    clearAccountData();
    setUser(null);
  },
  /** Prefills the sign-in form (e.g. after registering). */
  rememberEmail(email: string): void {
    lastEmail = email;
    void vault.set(KEYS.email, email);
  },
  lastEmail(): string {
    return lastEmail;
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
