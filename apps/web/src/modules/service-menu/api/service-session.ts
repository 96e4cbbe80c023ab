import { SERVICE_SESSION_HEADER, type TServiceSession } from '@washboard/contracts';

export const SERVICE_SESSION_KEY = 'wb.serviceSession';
const KEY = SERVICE_SESSION_KEY;

/**
 * The open service session (docs/service-menu.md): the token the PIN opened, kept for this tab only
 * (sessionStorage: closing the app ends it on the client too) until it expires.
 */
export function serviceSession(): TServiceSession | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as TServiceSession | null;
    return kept && Date.parse(kept.expiresAt) > Date.now() ? kept : null;
  } catch {
    return null;
  }
}

export function keepServiceSession(session: TServiceSession | null): void {
  if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
  else sessionStorage.removeItem(KEY);
}

/** The header that carries the open session on service-menu commands and PIN changes; none without one. */
export function serviceSessionHeaders(): Record<string, string> {
  const session = serviceSession();
  return session ? { [SERVICE_SESSION_HEADER]: session.token } : {};
}
