import { useState, type FormEvent } from 'react';
import { Anchor, Button, Checkbox, Group, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDialog } from '../../../ui/dialog/dialog-context';
import { useRuntime } from '../../runtime/runtime-context';
import { sessionStore } from '../../session/session-store';
import { useReturnTo } from '../../session/guards';
import { signIn } from '../../session/sign-in';
import { PasswordField } from '../../../ui/PasswordField';

type TProps = {
  onRegister: () => void;
  onForgotPassword: () => void;
  /** The e-mail is not verified yet: the login screen asks for the code. */
  onInactive: (email: string) => void;
  initialEmail?: string;
};

/** Login mode signin (spec §2): e-mail, password, remember-me, and the way to the other modes. */
export function SignInForm({ onRegister, onForgotPassword, onInactive, initialEmail }: TProps) {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const dialog = useDialog();
  const navigate = useNavigate();
  const returnTo = useReturnTo('/devices');
  const [email, setEmail] = useState(initialEmail ?? sessionStore.lastEmail());
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
    const result = await signIn(email.trim(), password, rememberMe);
    setBusy(false);
    if (result.ok) {
      void navigate(returnTo, { replace: true });
    } else if (result.reason === 'inactive') {
      onInactive(email.trim());
    } else if (result.reason === 'pendingApproval') {
      dialog.show({
        kind: 'warning',
        title: t('login.pendingApproval.title'),
        message: t('login.pendingApproval.message'),
      });
    } else {
      setFailed(true);
    }
  };

  return (
    <>
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
        <PasswordField
          label={t('login.signin.password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          mb="sm"
        />
        <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
          <Checkbox
            label={t('login.signin.rememberMe')}
            checked={rememberMe}
            onChange={(e) => setRememberMe(e.currentTarget.checked)}
          />
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            {t('login.signin.forgotPassword')}
          </Anchor>
        </Group>
        {failed && (
          <Text c="red" size="sm" mb="sm" role="alert">
            {t('login.signin.invalidCredentials')}
          </Text>
        )}
        <Button type="submit" fullWidth disabled={!filled} loading={busy}>
          {t('login.signin.submit')}
        </Button>
      </form>
      <Text size="sm" ta="center">
        {t('login.signin.noAccount')}{' '}
        <Anchor component="button" type="button" size="sm" onClick={onRegister}>
          {t('login.signin.register')}
        </Anchor>
      </Text>
      <Anchor href={config.sparePartsUrl} target="_blank" rel="noopener noreferrer" size="sm" ta="center">
        {t('login.signin.spareParts')}
      </Anchor>
    </>
  );
}
