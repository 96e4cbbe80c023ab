import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PublicLayout } from '../../app/layout/PublicLayout';
import { useRuntime } from '../../modules/runtime/runtime-context';

/** The first screen without a session: the brand, and the way to sign in or to create an account. */
export function LandingScreen() {
  const { t } = useTranslation();
  const { brand } = useRuntime();
  // Where a signed-out deep link was going (RequireIdentity): on to the sign-in and the registration with it.
  const { state } = useLocation();
  return (
    <PublicLayout>
      <Stack gap="xs" ta="center" py="md">
        <Title order={1} size="h2">
          {t('companionLanding.welcome')}
        </Title>
        <Text c="dimmed">{t('companionLanding.intro', { brand: brand.title })}</Text>
      </Stack>
      <Button component={Link} to="/login" state={state} size="md" fullWidth>
        {t('companionLanding.login')}
      </Button>
      <Button component={Link} to="/register" state={state} size="md" variant="default" fullWidth>
        {t('companionLanding.register')}
      </Button>
    </PublicLayout>
  );
}
