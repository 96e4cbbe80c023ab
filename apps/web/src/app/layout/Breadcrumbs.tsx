import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const DEVICE_PAGES = {
  'remote-control': 'remoteControl',
  parameters: 'parameters',
  'factory-parameters': 'factoryParameters',
  cycles: 'cycles',
  haccp: 'haccp',
} as const;

const ERROR_PAGES = { '/error': 'error', '/notfound': 'notFound', '/access': 'access' } as const;

type TCrumb = { label: string; to?: string };

/**
 * The trail above the page. The spec hides it on the dashboard, devices, profile, pendingusers,
 * device details and adminhome; it shows on the device sub-pages and the error screens.
 */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const home: TCrumb = { label: t('layout.breadcrumbs.home'), to: '/devices' };
  let crumbs: TCrumb[] | null = null;

  const device = /^\/device\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  const sub = device?.[2] as keyof typeof DEVICE_PAGES | undefined;
  if (device?.[1] && sub && sub in DEVICE_PAGES) {
    const serialNumber = decodeURIComponent(device[1]);
    crumbs = [
      home,
      { label: t('layout.breadcrumbs.device', { serialNumber }), to: `/device/${device[1]}` },
      { label: t(`layout.breadcrumbs.${DEVICE_PAGES[sub]}`) },
    ];
  } else if (pathname in ERROR_PAGES) {
    crumbs = [home, { label: t(`errorPages.${ERROR_PAGES[pathname as keyof typeof ERROR_PAGES]}.title`) }];
  }
  if (!crumbs) return null;

  return (
    <nav aria-label={t('layout.breadcrumbs.label')}>
      <MantineBreadcrumbs mb="md" separatorMargin={6}>
        {crumbs.map((crumb) =>
          crumb.to ? (
            <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.label} size="sm" c="dimmed" aria-current="page">
              {crumb.label}
            </Text>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
