import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../ui/PageHeader';
import { useUserData } from '../modules/session/session-store';

/** The signed-in user's own profile. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useUserData();
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('profile.title')} />
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <div>
            <Text size="sm" c="dimmed">
              {t('profile.email')}
            </Text>
            <Text>{user.email}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('profile.role')}
            </Text>
            <Text>{t(`roles.${user.role}`)}</Text>
          </div>
        </SimpleGrid>
      </Paper>
    </>
  );
}
