import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notify } from '../../../ui/notify';
import { isStrongPassword } from '@washboard/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-client';
import { useChangeOwnPassword } from '../hooks/use-password';
import { PasswordField } from '../../../ui/PasswordField';

/** The profile screen's password change: current, new and confirmation; marked after the first try. */
export function OwnPasswordForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const change = useChangeOwnPassword();

  const errors = {
    current: current === '' ? t('validation.mandatory') : undefined,
    password: password === '' ? t('validation.mandatory') : isStrongPassword(password) ? undefined : t('validation.passwordRule'),
    confirm: confirm === '' ? t('validation.mandatory') : confirm !== password ? t('validation.passwordMismatch') : undefined,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.current || errors.password || errors.confirm || change.isPending) return;
    change.mutate(
      { current, password },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t('success.passwordChanged') });
          setCurrent('');
          setPassword('');
          setConfirm('');
          setSubmitted(false);
        },
      },
    );
  };
  // A wrong current password has the server's own message; anything else the generic one.
  const failure = !change.error
    ? null
    : change.error instanceof ApiError && change.error.code === 'INVALID_CREDENTIALS'
      ? change.error.message
      : t('errors.modifyPasswordFailed');

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-password">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4" id="profile-password">
            {t('profile.changePassword')}
          </Title>
          {/* Lets password managers pair the new password with the account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
            <PasswordField
              label={t('profile.currentPassword')}
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.currentTarget.value)}
              error={submitted ? errors.current : undefined}
            />
            <PasswordField
              label={t('profile.newPassword')}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={submitted ? errors.password : undefined}
            />
            <PasswordField
              label={t('profile.confirmPassword')}
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
              error={submitted ? errors.confirm : undefined}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('register.step1.passwordHint')}
          </Text>
          {failure && (
            <Text c="red" size="sm" role="alert">
              {failure}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('profile.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
