import { useEffect, useState, type ReactNode } from 'react';
import { AppShell, Burger, Container, Drawer, Group, Indicator, ScrollArea, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { canAuthorize } from '@washboard/contracts';
import { BrandLogo } from '../../ui/brand/BrandLogo';
import { clearNotifications } from '../../ui/notify';
import { usePhone } from '../../ui/use-phone';
import { useRuntime } from '../../modules/runtime/runtime-context';
import { useUserData } from '../../modules/session/session-store';
import { useConfirmLogout, useSaveLanguageChoice } from '../../modules/account/hooks/use-session-actions';
import { usePendingCount } from '../../modules/account/hooks/use-pending-users';
import { currentLanguage } from '../../modules/i18n/i18n';
import { useLayoutMode } from '../../modules/preferences/layout-mode';
import { Breadcrumbs } from './Breadcrumbs';
import { ColorSchemeToggle } from './DisplaySettings';
import { LayoutModeMenu } from './LayoutModeMenu';
import { LanguagePicker } from './LanguagePicker';
import { MainMenu } from './MainMenu';
import classes from './AppLayout.module.css';
import { NotificationBell } from '../../modules/notifications/components/NotificationBell';
import { menuItems } from './navigation';

/** The spec's mobile breakpoint: below 1091 px the menu is always an overlay. */
export const MOBILE_QUERY = '(max-width: 1090.98px)';

/**
 * Top bar (menu button, logo, language changer), side menu in the chosen layout mode, breadcrumbs,
 * page, footer. Each route change scrolls to the top, closes the menu and clears notifications.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { brand } = useRuntime();
  const user = useUserData();
  const { pathname } = useLocation();
  const [mode] = useLayoutMode();
  const isMobile = useMediaQuery(MOBILE_QUERY, window.matchMedia(MOBILE_QUERY).matches, { getInitialValueInEffect: false });
  const phone = usePhone();
  const effective = isMobile ? 'overlay' : mode;
  // The overlay menu is open for the page it was opened on: a route change closes it.
  const [overlayOpenOn, setOverlayOpenOn] = useState<string | null>(null);
  const overlayOpen = overlayOpenOn === pathname;
  const setOverlayOpen = (open: boolean) => setOverlayOpenOn(open ? pathname : null);
  const [collapsed, setCollapsed] = useState(false);
  const saveLanguage = useSaveLanguageChoice();
  const confirmLogout = useConfirmLogout();
  const pending = usePendingCount(user !== null && canAuthorize(user));
  const counts = { authorizations: pending };

  useEffect(() => {
    window.scrollTo(0, 0);
    clearNotifications();
  }, [pathname]);

  if (!user) return null;
  const items = menuItems(user, currentLanguage());
  const logout = () => {
    setOverlayOpen(false);
    confirmLogout();
  };

  const copyright = (
    <Text size="xs" c="dimmed" data-testid="footer-copyright">
      {t('layout.footer', { year: brand.copyrightYear, brand: brand.title })}
    </Text>
  );
  const hasNavbar = effective === 'static' || effective === 'slim';
  const menuOpened = effective === 'overlay' ? overlayOpen : !collapsed;
  const toggleMenu = () => (effective === 'overlay' ? setOverlayOpen(!overlayOpen) : setCollapsed((c) => !c));

  return (
    <AppShell
      header={{ height: effective === 'horizontal' ? 108 : 60 }}
      navbar={
        hasNavbar
          ? { width: effective === 'slim' ? 72 : 260, breakpoint: 0, collapsed: { desktop: collapsed, mobile: collapsed } }
          : undefined
      }
      // On a phone the footer closes the page instead of taking 44 px of every screen.
      footer={phone ? undefined : { height: 44 }}
      padding="md"
      data-layout-mode={effective}
    >
      {/* A keyboard's way past the header and the menu, straight to the page (WCAG 2.4.1). */}
      <a
        href="#main"
        className={classes.skipLink}
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('layout.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h={60} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {effective !== 'horizontal' && (
              // A closed menu still shows that someone waits for a decision.
              <Indicator disabled={pending === 0 || menuOpened} size={10} color="red" offset={4}>
                <Burger
                  opened={menuOpened}
                  onClick={toggleMenu}
                  size="sm"
                  aria-label={
                    pending > 0
                      ? `${t('layout.toggleMenu')}, ${t('layout.menu.waiting', { count: pending })}`
                      : t('layout.toggleMenu')
                  }
                  aria-expanded={menuOpened}
                />
              </Indicator>
            )}
            <Link to="/devices" aria-label={brand.title} style={{ color: 'inherit', display: 'inline-flex' }}>
              <BrandLogo brand={brand.code} title={brand.title} height={phone ? 24 : 30} />
            </Link>
          </Group>
          <Group gap={4} wrap="nowrap">
            <LanguagePicker onChange={saveLanguage} />
            <NotificationBell />
            <ColorSchemeToggle />
            {/* Below the desk width the menu is always the overlay: no mode to choose, and on a phone
                its button pushed the colour scheme's out of the window. */}
            {!isMobile && <LayoutModeMenu />}
          </Group>
        </Group>
        {effective === 'horizontal' && (
          <Group h={48} px="md" className="horizontal-menu">
            <MainMenu items={items} variant="horizontal" onLogout={logout} counts={counts} />
          </Group>
        )}
      </AppShell.Header>

      {hasNavbar && (
        <AppShell.Navbar p="xs">
          <ScrollArea h="100%" type="never">
            <MainMenu items={items} variant={effective === 'slim' ? 'slim' : 'full'} onLogout={logout} counts={counts} />
          </ScrollArea>
        </AppShell.Navbar>
      )}

      <Drawer
        opened={effective === 'overlay' && overlayOpen}
        onClose={() => setOverlayOpen(false)}
        size={280}
        padding="xs"
        title={<BrandLogo brand={brand.code} title={brand.title} height={26} />}
      >
        <div style={{ height: 'calc(100dvh - 80px)' }}>
          <MainMenu items={items} variant="full" onLogout={logout} counts={counts} />
        </div>
      </Drawer>

      <AppShell.Main id="main" tabIndex={-1} className={classes.main}>
        <Container size="xl" px={0}>
          <Breadcrumbs />
          {children ?? <Outlet />}
        </Container>
        {phone && (
          <Group component="footer" justify="center" pt="xl">
            {copyright}
          </Group>
        )}
      </AppShell.Main>

      {!phone && (
        <AppShell.Footer>
          <Group h="100%" px="md" justify="center">
            {copyright}
          </Group>
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
