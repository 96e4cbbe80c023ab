import { Suspense } from 'react';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { Loading } from '../ui/Loading';
import { useUserData } from '../modules/session/session-store';
import { chosenTab, tabsFor, type TAdminTabSlug } from '../modules/administration/admin-tabs';
import { lazyWithin } from '../ui/lazy-within';

// One chunk per tab: /adminhome downloads only the tab it opens on.
const AccountsTab = lazyWithin(() =>
  import('../modules/administration/components/AccountsTab').then((m) => ({ default: m.AccountsTab })),
);
const CompaniesTab = lazyWithin(() =>
  import('../modules/administration/components/CompaniesTab').then((m) => ({ default: m.CompaniesTab })),
);
const AddProductsTab = lazyWithin(() =>
  import('../modules/administration/components/AddProductsTab').then((m) => ({ default: m.AddProductsTab })),
);
const ProductsTab = lazyWithin(() =>
  import('../modules/administration/components/ProductsTab').then((m) => ({ default: m.ProductsTab })),
);
const AuditTab = lazyWithin(() => import('../modules/administration/components/AuditTab').then((m) => ({ default: m.AuditTab })));

function TabPanel({ slug }: { slug: TAdminTabSlug }) {
  if (slug === 'accounts') return <AccountsTab />;
  if (slug === 'companies') return <CompaniesTab />;
  if (slug === 'add-products') return <AddProductsTab />;
  if (slug === 'audit') return <AuditTab />;
  return <ProductsTab />;
}

/**
 * Administration: one tab per administration profile the user holds (an admin sees all four, and the
 * audit trail). The
 * address keeps the tab (`?tab=accounts`), so a reload or a shared link opens it again.
 */
export function AdminHomePage() {
  const { t } = useTranslation();
  const user = useUserData();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  const tabs = tabsFor(user);
  const active = chosenTab(tabs, params.get('tab'));
  return (
    <>
      <PageHeader title={t('admin.title')} />
      <Tabs
        value={active?.slug ?? null}
        // A new tab starts from its own defaults: the other tab's search and page do not carry over.
        onChange={(slug) => slug && setParams({ tab: slug })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.slug} value={tab.slug}>
              {t(tab.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {active && (
          <Tabs.Panel value={active.slug}>
            <Suspense fallback={<Loading />}>
              <TabPanel slug={active.slug} />
            </Suspense>
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}
