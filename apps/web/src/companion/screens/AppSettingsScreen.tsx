import { Paper, SegmentedControl, Stack, Text, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../app/layout/LanguagePicker';
import { useSaveLanguageChoice } from '../../modules/account/hooks/use-session-actions';
import { PageHeader } from '../../ui/PageHeader';

const SCHEMES: readonly MantineColorScheme[] = ['light', 'dark', 'auto'];

/**
 * App settings: the dashboard's preferences on one screen — language (saved to the profile too) and
 * colour scheme (kept in this browser, shared with the dashboard). Units are not a preference: every
 * figure is shown in the unit system of its machine, the one chosen when it was installed.
 */
export function AppSettingsScreen() {
  const { t } = useTranslation();
  const saveLanguage = useSaveLanguageChoice();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <>
      <PageHeader title={t('mobile.appSettings')} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="lg">
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('common.language')}
            </Text>
            <LanguagePicker onChange={saveLanguage} />
          </Stack>
          <Stack gap={4}>
            <Text fw={600} size="sm" id="theme-label">
              {t('mobile.settings.theme')}
            </Text>
            <SegmentedControl
              aria-labelledby="theme-label"
              fullWidth
              value={colorScheme}
              onChange={(value) => setColorScheme(value as MantineColorScheme)}
              data={SCHEMES.map((scheme) => ({ value: scheme, label: t(`mobile.settings.schemes.${scheme}`) }))}
            />
          </Stack>
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('mobile.settings.units')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('mobile.settings.unitsNote')}
            </Text>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
