import { Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconMoodEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '../app/layout/PublicLayout';
import { useUserData } from '../modules/session/session-store';

const screens = {
  error: IconAlertTriangle,
  notFound: IconMoodEmpty,
  access: IconLock,
} as const;

/** ERROR, NOT FOUND and ACCESS DENIED: inside the layout when signed in, on their own otherwise. */
export function StatusPage({ screen, framed }: { screen: keyof typeof screens; framed?: boolean }) {
  const { t } = useTranslation();
  const user = useUserData();
  const Icon = screens[screen];
  const content = (
    <Stack align="center" gap="sm" py="xl" ta="center" data-testid={`status-${screen}`}>
      <Icon size={56} stroke={1.4} aria-hidden color="var(--mantine-color-dimmed)" />
      <Title order={1}>{t(`errorPages.${screen}.title`)}</Title>
      <Text c="dimmed">{t(`errorPages.${screen}.message`)}</Text>
      <Button component={Link} to={user ? '/devices' : '/login'} mt="md">
        {t('errorPages.backToDashboard')}
      </Button>
    </Stack>
  );
  return framed ? <PublicLayout>{content}</PublicLayout> : content;
}
