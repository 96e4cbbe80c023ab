import { ActionIcon, Menu } from '@mantine/core';
import { IconAdjustments, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LAYOUT_MODES, useLayoutMode } from '../../modules/preferences/layout-mode';

/** The top bar's choice of menu layout. */
export function LayoutModeMenu() {
  const { t } = useTranslation();
  const [mode, setMode] = useLayoutMode();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('layout.settings')} visibleFrom="xs">
          <IconAdjustments size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('layout.layoutMode.label')}</Menu.Label>
        {LAYOUT_MODES.map((m) => (
          <Menu.Item
            key={m}
            onClick={() => setMode(m)}
            rightSection={m === mode ? <IconCheck size={16} aria-hidden /> : null}
            fw={m === mode ? 700 : undefined}
          >
            {t(`layout.layoutMode.${m}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
