import { Badge, Divider, Group, Indicator, NavLink, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { TMenuItem } from './navigation';

type TProps = {
  items: TMenuItem[];
  variant: 'full' | 'slim' | 'horizontal';
  onLogout: () => void;
  /** A number to show beside an entry (users waiting on Authorizations); none when zero. */
  counts?: Partial<Record<TMenuItem['key'], number>>;
};

/** The side menu's entries, drawn full, slim (icons with tooltips) or in a horizontal bar. */
export function MainMenu({ items, variant, onLogout, counts = {} }: TProps) {
  const { t } = useTranslation();
  const countOf = (item: TMenuItem) => counts[item.key] ?? 0;
  /** The entry's name, with its count for screen readers ("Authorizations, 3 waiting"). */
  const nameOf = (item: TMenuItem) => {
    const count = countOf(item);
    const label = t(`layout.menu.${item.key}`);
    return count > 0 ? `${label}, ${t('layout.menu.waiting', { count })}` : label;
  };
  const badge = (item: TMenuItem) =>
    countOf(item) > 0 ? (
      <Badge size="sm" circle={countOf(item) < 10} color="red" aria-hidden data-testid={`menu-count-${item.key}`}>
        {countOf(item)}
      </Badge>
    ) : undefined;
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const activate = (item: TMenuItem) => {
    if (item.action === 'logout') onLogout();
    else if (item.href) window.open(item.href, '_blank', 'noopener');
    else if (item.to) void navigate(item.to);
  };
  const isActive = (item: TMenuItem) =>
    item.to !== undefined &&
    (pathname === item.to || (item.key === 'dashboard' && (pathname === '/' || pathname.startsWith('/device'))));

  if (variant === 'horizontal') {
    return (
      <Group component="nav" gap={4} aria-label={t('layout.mainMenu')} wrap="wrap">
        {items.map((item) => (
          <UnstyledButton
            key={item.key}
            onClick={() => activate(item)}
            className="menu-horizontal-item"
            data-active={isActive(item) || undefined}
            aria-current={isActive(item) ? 'page' : undefined}
            aria-label={countOf(item) > 0 ? nameOf(item) : undefined}
          >
            <Group gap={6} wrap="nowrap">
              <item.icon size={18} stroke={1.6} aria-hidden />
              {t(`layout.menu.${item.key}`)}
              {badge(item)}
            </Group>
          </UnstyledButton>
        ))}
      </Group>
    );
  }

  const top = items.filter((i) => !i.bottom);
  const bottom = items.filter((i) => i.bottom);
  const render = (item: TMenuItem) => {
    const label = t(`layout.menu.${item.key}`);
    const icon = <item.icon size={20} stroke={1.6} aria-hidden />;
    const link = (
      <NavLink
        key={item.key}
        component="button"
        type="button"
        label={variant === 'slim' ? undefined : label}
        aria-label={variant === 'slim' || countOf(item) > 0 ? nameOf(item) : undefined}
        leftSection={
          variant === 'slim' && countOf(item) > 0 ? (
            <Indicator label={countOf(item)} size={16} color="red">
              {icon}
            </Indicator>
          ) : (
            icon
          )
        }
        rightSection={variant === 'slim' ? undefined : badge(item)}
        active={isActive(item)}
        aria-current={isActive(item) ? 'page' : undefined}
        onClick={() => activate(item)}
        styles={variant === 'slim' ? { root: { justifyContent: 'center' }, section: { marginInlineEnd: 0 } } : undefined}
      />
    );
    return variant === 'slim' ? (
      <Tooltip key={item.key} label={label} position="right" withArrow>
        {link}
      </Tooltip>
    ) : (
      link
    );
  };

  return (
    <Stack component="nav" aria-label={t('layout.mainMenu')} justify="space-between" h="100%" gap={0}>
      <Stack gap={2}>{top.map(render)}</Stack>
      <Stack gap={2}>
        <Divider my="xs" />
        {bottom.map(render)}
      </Stack>
    </Stack>
  );
}
