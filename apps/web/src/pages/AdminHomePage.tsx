import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasAdminProfile, type TAdminProfile } from '@washboard/contracts';
import { PageHeader } from '../ui/PageHeader';
import { useUserData } from '../modules/session/session-store';

const TABS: { profile: TAdminProfile; key: 'addProducts' | 'accounts' | 'manageProducts' | 'manageCompanies' }[] = [
  { profile: 'ADD_PRODUCTS', key: 'addProducts' },
  { profile: 'ACCOUNTS', key: 'accounts' },
  { profile: 'PRODUCTS', key: 'manageProducts' },
  { profile: 'COMPANIES', key: 'manageCompanies' },
];

/** Administration: one tab per administration profile the user holds (an admin sees all four). */
export function AdminHomePage() {
  const { t } = useTranslation();
  const user = useUserData();
  if (!user) return null;
  const tabs = TABS.filter((tab) => hasAdminProfile(user, tab.profile));
  return (
    <>
      <PageHeader title={t('admin.title')} />
      <Tabs defaultValue={tabs[0]?.key}>
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.key} value={tab.key}>
              {t(`admin.tabs.${tab.key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </>
  );
}
