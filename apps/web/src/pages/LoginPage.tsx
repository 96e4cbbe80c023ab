import { Suspense, useState, type ComponentType } from 'react';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '../app/layout/PublicLayout';
import { useRuntime } from '../modules/runtime/runtime-context';
import { SignInForm } from '../modules/account/components/SignInForm';
import { Loading } from '../ui/Loading';
import { lazyWithin } from '../ui/lazy-within';

/**
 * A login mode loaded together with the query cache its calls go through. Sign-in calls the token
 * endpoint by hand instead: TanStack Query would take the first download over its budget.
 */
async function withQueries<P extends object>(mode: Promise<ComponentType<P>>): Promise<{ default: ComponentType<P> }> {
  const [{ QueryProvider }, Mode] = await Promise.all([import('../app/QueryProvider'), mode]);
  return {
    default: (props: P) => (
      <QueryProvider>
        <Mode {...props} />
      </QueryProvider>
    ),
  };
}

// Only sign-in is in the first download; the other modes load when chosen.
const RegistrationWizard = lazyWithin(() =>
  withQueries(import('../modules/account/components/RegistrationWizard').then((m) => m.RegistrationWizard)),
);
const ForgotPasswordForm = lazyWithin(() =>
  withQueries(import('../modules/account/components/ForgotPasswordForm').then((m) => m.ForgotPasswordForm)),
);
const ActivationCodeForm = lazyWithin(() =>
  withQueries(import('../modules/account/components/ActivationCodeForm').then((m) => m.ActivationCodeForm)),
);

type TMode =
  { name: 'signin'; email?: string } | { name: 'signup' } | { name: 'forgot' } | { name: 'activationcode'; email: string };

/**
 * /login and its four modes: signin, signup (the registration wizard), forgot, activationcode. The
 * companion opens it on signup for its registration screen, and without the link to the demo's panels.
 */
export function LoginPage({
  initialMode = 'signin',
  demoLink = true,
}: {
  initialMode?: 'signin' | 'signup';
  demoLink?: boolean;
}) {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const [mode, setMode] = useState<TMode>(initialMode === 'signup' ? { name: 'signup' } : { name: 'signin' });
  const toSignin = (email?: string) => setMode({ name: 'signin', email });

  return (
    <PublicLayout width={mode.name === 'signup' ? 600 : 440}>
      <Suspense fallback={<Loading />}>
        {mode.name === 'signin' && (
          <SignInForm
            key={mode.email}
            initialEmail={mode.email}
            onRegister={() => setMode({ name: 'signup' })}
            onForgotPassword={() => setMode({ name: 'forgot' })}
            onInactive={(email) => setMode({ name: 'activationcode', email })}
          />
        )}
        {mode.name === 'signup' && <RegistrationWizard onBackToSignin={toSignin} />}
        {mode.name === 'forgot' && <ForgotPasswordForm onBackToSignin={() => toSignin()} />}
        {mode.name === 'activationcode' && (
          <ActivationCodeForm
            email={mode.email}
            onVerified={() => toSignin(mode.email)}
            onBackToSignin={() => toSignin(mode.email)}
          />
        )}
      </Suspense>
      {config.demo && demoLink && mode.name === 'signin' && (
        <Anchor component={Link} to="/demo/machines" size="sm" ta="center">
          {t('demoPanel.loginLink')}
        </Anchor>
      )}
    </PublicLayout>
  );
}
