import { useState, type FormEvent } from 'react';
import { Anchor, Button, Text, TextInput, Title } from '@mantine/core';
import { isEmail } from '@washboard/contracts';
import { useTranslation } from 'react-i18next';
import { resetPassword } from '../api/account-api';

/** Login mode forgot: asks for the password-reset e-mail. */
export function ForgotPasswordForm({ onBackToSignin }: { onBackToSignin: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<'sent' | 'failed' | null>(null);
  const valid = isEmail(email.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || busy) return;
    setBusy(true);
    setResult(null);
    try {
      await resetPassword(email.trim());
      setResult('sent');
    } catch {
      setResult('failed');
    } finally {
      setBusy(false);
    }
  };

  const fieldError = !touched
    ? undefined
    : email.trim() === ''
      ? t('validation.mandatory')
      : valid
        ? undefined
        : t('validation.wrongEmail');

  return (
    <>
      <Title order={1} size="h2">
        {t('login.forgot.title')}
      </Title>
      <Text size="sm">{t('login.forgot.description')}</Text>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextInput
          label={t('login.forgot.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={fieldError}
          readOnly={result === 'sent'}
          withAsterisk
          mb="md"
        />
        {result === 'sent' && (
          <Text c="teal" size="sm" role="status">
            {t('login.forgot.sent')}
          </Text>
        )}
        {result === 'failed' && (
          <Text c="red" size="sm" mb="sm" role="alert">
            {t('login.forgot.error')}
          </Text>
        )}
        {result !== 'sent' && (
          <Button type="submit" fullWidth disabled={!valid} loading={busy}>
            {t('login.forgot.submit')}
          </Button>
        )}
      </form>
      {result !== 'sent' && (
        <Anchor component="button" type="button" size="sm" onClick={onBackToSignin} ta="center">
          {t('login.forgot.backToSignin')}
        </Anchor>
      )}
    </>
  );
}
