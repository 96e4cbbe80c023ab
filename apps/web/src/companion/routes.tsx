import { Route, Routes } from 'react-router';
import { withAllTexts, withTexts } from '../modules/i18n/i18n';
import { RequireIdentity, RequireResetLink, ReturnAfterSignIn } from '../modules/session/guards';
import { useUserData } from '../modules/session/session-store';
import { page, screen } from './lazy-screen';
// Not lazy: React's first render replaces the pre-rendered landing with this one, with no loader in between.
import { LandingScreen } from './screens/LandingScreen';

// Behind the sign-in: its screens (`signed-in-routes.tsx`) and the rest of the catalogue (docs/texts.md)
// come in its chunk, so the landing and the sign-in download neither.
const SignedInCompanion = screen(() => withAllTexts(import('./SignedInCompanion')), 'SignedInCompanion');
// The account screens bring the catalogue's account part: the landing does without it.
const LoginScreen = screen(() => withTexts(['account'], import('./screens/LoginScreen')), 'LoginScreen');
const RegisterScreen = screen(() => withTexts(['account'], import('./screens/LoginScreen')), 'RegisterScreen');
const ChangePasswordPage = screen(() => withTexts(['account'], import('../pages/ChangePasswordPage')), 'ChangePasswordPage');

/** Every route of the companion; a signed-out visit sees the landing, sign-in and account flows. */
export function CompanionRoutes() {
  const user = useUserData();
  return (
    <Routes>
      <Route path="/" element={user ? <ReturnAfterSignIn fallback="/devices" /> : <LandingScreen />} />
      <Route path="/login" element={user ? <ReturnAfterSignIn fallback="/devices" /> : page(<LoginScreen />)} />
      <Route path="/register" element={user ? <ReturnAfterSignIn fallback="/devices" /> : page(<RegisterScreen />)} />
      <Route path="/changepassword" element={<RequireResetLink>{page(<ChangePasswordPage />)}</RequireResetLink>} />
      {/* Signed out, a deep link (the e-mailed PIN reset) goes to the landing and, after the sign-in, on to where it led. */}
      <Route path="*" element={<RequireIdentity to="/">{page(<SignedInCompanion />)}</RequireIdentity>} />
    </Routes>
  );
}
