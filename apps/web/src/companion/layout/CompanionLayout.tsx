import { useEffect, type ReactNode } from 'react';
import { ActionIcon, AppShell, Badge, Group, UnstyledButton, Text } from '@mantine/core';
import { IconArrowLeft, IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { BrandLogo } from '../../ui/brand/BrandLogo';
import { clearNotifications, preloadNotifications } from '../../ui/notify';
import { useRuntime } from '../../modules/runtime/runtime-context';
import { useUserData } from '../../modules/session/session-store';
import { OfflineQueueStatus } from '../offline/OfflineQueueStatus';
import { useOnline } from '../offline/online-status';
import { COMPANION_NAV } from '../signed-in-routes';
import classes from './CompanionLayout.module.css';

/** The bottom bar's entry that `pathname` belongs to (a machine's screens belong to Machines). */
function activeEntry(pathname: string): string | undefined {
  if (pathname.startsWith('/device')) return '/devices';
  return COMPANION_NAV.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))?.to;
}

/**
 * The phone layout: a top bar (back, brand, offline badge), the screen, and the bottom navigation.
 * Made for 390 × 844 first; on a tablet the content keeps a readable width.
 */
export function CompanionLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { brand } = useRuntime();
  const user = useUserData();
  const online = useOnline();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = activeEntry(pathname);
  const atRoot = COMPANION_NAV.some((item) => item.to === pathname);

  useEffect(() => {
    window.scrollTo(0, 0);
    clearNotifications();
  }, [pathname]);
  // A notice given offline (a change kept for the network) must not wait for a download.
  useEffect(preloadNotifications, []);

  if (!user) return null;
  const items = COMPANION_NAV.filter((item) => !item.allowed || item.allowed(user));
  return (
    <AppShell header={{ height: 56 }} footer={{ height: 64 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {!atRoot && (
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('common.back')} onClick={() => void navigate(-1)}>
                <IconArrowLeft size={22} aria-hidden />
              </ActionIcon>
            )}
            <BrandLogo brand={brand.code} title={brand.title} height={26} />
          </Group>
          {!online && (
            <Badge
              color="yellow"
              variant="light"
              leftSection={<IconCloudOff size={14} aria-hidden />}
              data-testid="offline-badge"
            >
              {t('mobile.offline.badge')}
            </Badge>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <div className={classes.content}>
          <OfflineQueueStatus />
          {children}
        </div>
      </AppShell.Main>
      <AppShell.Footer component="nav" aria-label={t('mobile.nav.label')} className={classes.footer}>
        <Group h="100%" grow gap={0} wrap="nowrap">
          {items.map(({ to, label, Icon }) => (
            <UnstyledButton
              key={to}
              component={Link}
              to={to}
              className={classes.tab}
              aria-current={active === to ? 'page' : undefined}
            >
              <Icon size={24} stroke={1.6} aria-hidden />
              <Text size="xs" fw={active === to ? 700 : 500} lh={1.2}>
                {t(`mobile.nav.${label}`)}
              </Text>
            </UnstyledButton>
          ))}
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
