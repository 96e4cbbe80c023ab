import { useState, type FormEvent } from 'react';
import { Anchor, Button, Checkbox, PasswordInput, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../app/layout/PublicLayout';
import { useRuntime } from '../modules/runtime/runtime-context';
import { sessionStore } from '../modules/session/session-store';
import { signIn } from '../modules/session/sign-in';

/** The sign-in screen (mode signin). */
export function LoginPage() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const [email, setEmail] = useState(sessionStore.lastEmail());
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const filled = email.trim() !== '' && password !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!filled || busy) return;
    setBusy(true);
    setFailed(false);
    const ok = await signIn(email.trim(), password, rememberMe);
    setBusy(false);
    if (!ok) setFailed(true);
  };

  return (
    <PublicLayout>
      <Title order={1} size="h2">
        {t('login.signin.title')}
      </Title>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextInput
          label={t('login.signin.email')}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          mb="sm"
        />
        <PasswordInput
          label={t('login.signin.password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          mb="sm"
        />
        <Checkbox
          label={t('login.signin.rememberMe')}
          checked={rememberMe}
          onChange={(e) => setRememberMe(e.currentTarget.checked)}
          mb="md"
        />
        {failed && (
          <Text c="red" size="sm" mb="sm" role="alert">
            {t('login.signin.invalidCredentials')}
          </Text>
        )}
        <Button type="submit" fullWidth disabled={!filled} loading={busy}>
          {t('login.signin.submit')}
        </Button>
      </form>
      <Anchor href={config.sparePartsUrl} target="_blank" rel="noopener noreferrer" size="sm" ta="center">
        {t('login.signin.spareParts')}
      </Anchor>
    </PublicLayout>
  );
}
