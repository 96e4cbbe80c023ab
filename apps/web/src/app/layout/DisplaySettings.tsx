import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The colour scheme toggle, on the sign-in screen and in the top bar. The menu layout choice is
 * `LayoutModeMenu`, a file of its own: its menu brings the popover library, which the sign-in
 * screen does not need.
 */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      onClick={() => setColorScheme(next)}
      aria-label={t('layout.colorScheme.toggle')}
      title={t(`layout.colorScheme.${next}`)}
      data-scheme={scheme}
    >
      {scheme === 'dark' ? <IconSun size={20} aria-hidden /> : <IconMoon size={20} aria-hidden />}
    </ActionIcon>
  );
}
