import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../ui/PageHeader';
import { OwnPasswordForm } from '../modules/account/components/OwnPasswordForm';
import { ProfileForm } from '../modules/account/components/ProfileForm';
import { useProfile } from '../modules/account/hooks/use-profile';
import { Loading } from '../ui/Loading';

/** The signed-in user's own profile and password. */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <>
      <PageHeader title={t('profile.title')}>
        {profile.data && (
          <Text c="dimmed" size="sm">
            {t(`roles.${profile.data.role}`)} · {profile.data.email}
          </Text>
        )}
      </PageHeader>
      {profile.isPending ? (
        <Loading />
      ) : profile.data ? (
        <Stack gap="lg">
          <ProfileForm key={profile.data.idpUserId} profile={profile.data} />
          <OwnPasswordForm email={profile.data.email} />
        </Stack>
      ) : (
        <Text c="red" role="alert">
          {t('errors.tryAgainLater')}
        </Text>
      )}
    </>
  );
}
