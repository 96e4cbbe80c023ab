import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { TUserData } from '@washboard/contracts';
import { useUserData } from './session-store';

/** What a signed-out visit carries to the sign-in in the history state: the address it was going to. */
type TReturnState = { from?: unknown } | null;

/**
 * Without an identity the visit goes to `to` (/login; the companion's landing), keeping the address
 * it was going to, query included (an e-mailed link's token), for after the sign-in.
 */
export function RequireIdentity({ children, to = '/login' }: { children: ReactNode; to?: string }) {
  const user = useUserData();
  const location = useLocation();
  if (!user) return <Navigate to={to} replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** Where to go once signed in: the address a signed-out visit was going to (RequireIdentity), else `fallback`. */
export function useReturnTo(fallback: string): string {
  const from = (useLocation().state as TReturnState)?.from;
  // Only a path of this app: never another site's address (`//host`).
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : fallback;
}

/** A signed-in visit to the sign-in: on to where it was going, else `fallback`. */
export function ReturnAfterSignIn({ fallback }: { fallback: string }) {
  return <Navigate to={useReturnTo(fallback)} replace />;
}

/** A signed-in user who fails `allowed` lands on /access. */
export function RequirePermission({ allowed, children }: { allowed: (user: TUserData) => boolean; children: ReactNode }) {
  const user = useUserData();
  if (!user) return <Navigate to="/login" replace />;
  if (!allowed(user)) return <Navigate to="/access" replace />;
  return children;
}

/** /changepassword needs both `token` and `email`; otherwise it is the sign-in screen. */
export function RequireResetLink({ children }: { children: ReactNode }) {
  const params = new URLSearchParams(useLocation().search);
  if (!params.get('token') || !params.get('email')) return <Navigate to="/login" replace />;
  return children;
}
