import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { TUserData } from '@washboard/contracts';
import { useUserData } from './session-store';

/** Without an identity the visit goes to /login. */
export function RequireIdentity({ children }: { children: ReactNode }) {
  const user = useUserData();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
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
