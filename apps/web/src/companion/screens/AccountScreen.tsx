import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConfirmLogout } from '../../modules/account/hooks/use-session-actions';
import { ProfilePage } from '../../pages/ProfilePage';

/** Account: the dashboard's profile and change-password forms, and logout. */
export function AccountScreen() {
  const { t } = useTranslation();
  const logout = useConfirmLogout();
  return (
    <>
      <ProfilePage />
      <Button mt="xl" fullWidth variant="default" color="red" leftSection={<IconLogout size={18} aria-hidden />} onClick={logout}>
        {t('layout.menu.logout')}
      </Button>
    </>
  );
}
