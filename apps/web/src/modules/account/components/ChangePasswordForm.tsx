import { useId, useState, type FormEvent } from 'react';
import { ActionIcon, Button, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { isStrongPassword } from '@washboard/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useChangePasswordWithToken } from '../hooks/use-password';
import { PasswordField } from '../../../ui/PasswordField';

/**
 * The change-password screen's form (link from the reset e-mail). Both fields are checked with the
 * registration rules; invalid fields are marked only after the first submit attempt.
 */
export function ChangePasswordForm({ email, token }: { email: string; token: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const rulesId = useId();
  const change = useChangePasswordWithToken(email, token);

  const passwordError =
    password === '' ? t('validation.mandatory') : isStrongPassword(password) ? undefined : t('validation.passwordRule');
  const confirmError =
    confirm === '' ? t('validation.mandatory') : confirm !== password ? t('validation.passwordMismatch') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (passwordError || confirmError || change.isPending) return;
    change.mutate(password);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PasswordField
          label={
            <>
              {t('changePassword.newPassword')}{' '}
              <Tooltip
                label={t('changePassword.tooltip')}
                multiline
                w={280}
                withArrow
                events={{ hover: true, focus: true, touch: true }}
              >
                {/* A span inside the field's label (a button may not be there): an image named "Password
                    rules", described by the rules themselves, so a screen reader says them too. */}
                <ActionIcon
                  component="span"
                  role="img"
                  variant="transparent"
                  size="xs"
                  c="dimmed"
                  aria-label={t('changePassword.rulesLabel')}
                  aria-describedby={rulesId}
                  tabIndex={0}
                  display="inline-flex"
                  style={{ verticalAlign: 'middle' }}
                >
                  <IconInfoCircle size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </>
          }
          aria-label={t('changePassword.newPassword')}
          autoComplete="new-password"
          withAsterisk
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={submitted ? passwordError : undefined}
          readOnly={change.isSuccess}
        />
        {/* Outside the label: the field's name stays "New password". */}
        <VisuallyHidden id={rulesId}>{t('changePassword.tooltip')}</VisuallyHidden>
        <PasswordField
          label={t('changePassword.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          error={submitted ? confirmError : undefined}
          readOnly={change.isSuccess}
        />
        {change.isSuccess && (
          <Text c="teal" size="sm" role="status">
            {t('changePassword.success')}
          </Text>
        )}
        {change.isError && (
          <Text c="red" size="sm" role="alert">
            {t('changePassword.error')}
          </Text>
        )}
        {change.isSuccess ? (
          <Button component={Link} to="/login" replace>
            {t('changePassword.backToLogin')}
          </Button>
        ) : (
          <Button type="submit" loading={change.isPending}>
            {t('changePassword.submit')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
