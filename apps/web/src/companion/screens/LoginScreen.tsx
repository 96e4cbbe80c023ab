import { LoginPage } from '../../pages/LoginPage';

/** The dashboard's sign-in flows (sign in, forgot password, inactive user's e-mail code), on a phone. */
export function LoginScreen() {
  return <LoginPage demoLink={false} />;
}

/** Registration: the dashboard's wizard (profile, codes, terms and privacy). */
export function RegisterScreen() {
  return <LoginPage initialMode="signup" demoLink={false} />;
}
