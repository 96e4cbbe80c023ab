import { useState, type FormEvent } from 'react';
import { Anchor, Button, Text, TextInput, Title } from '@mantine/core';
import { isEmail } from '@washboard/contracts';
import { useTranslation } from 'react-i18next';
import { useResetPassword } from '../hooks/use-password';

/** Login mode forgot: asks for the password-reset e-mail. */
export function ForgotPasswordForm({ onBackToSignin }: { onBackToSignin: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const reset = useResetPassword();
  const valid = isEmail(email.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || reset.isPending) return;
    reset.mutate(email.trim());
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
      <form onSubmit={submit} noValidate>
        <TextInput
          label={t('login.forgot.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={fieldError}
          readOnly={reset.isSuccess}
          withAsterisk
          mb="md"
        />
        {reset.isSuccess && (
          <Text c="teal" size="sm" role="status">
            {t('login.forgot.sent')}
          </Text>
        )}
        {reset.isError && (
          <Text c="red" size="sm" mb="sm" role="alert">
            {t('login.forgot.error')}
          </Text>
        )}
        {!reset.isSuccess && (
          <Button type="submit" fullWidth disabled={!valid} loading={reset.isPending}>
            {t('login.forgot.submit')}
          </Button>
        )}
      </form>
      {!reset.isSuccess && (
        <Anchor component="button" type="button" size="sm" onClick={onBackToSignin} ta="center">
          {t('login.forgot.backToSignin')}
        </Anchor>
      )}
    </>
  );
}
