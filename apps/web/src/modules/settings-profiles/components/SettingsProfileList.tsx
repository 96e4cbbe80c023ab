import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, type TSettingsProfile } from '@washboard/contracts';
import { QueryBoundary } from '../../api/QueryBoundary';
import { currentLanguage } from '../../i18n/i18n';
import { EmptyState } from '../../../ui/EmptyState';
import { useSettingsProfiles } from '../hooks/use-settings-profiles';
import { browserTimeZone } from '../../../ui/browser-time-zone';

/** The settings profiles: name, model, dates and the default flag. */
export function SettingsProfileList({ onOpen }: { onOpen: (profile: TSettingsProfile) => void }) {
  const { t } = useTranslation();
  const profiles = useSettingsProfiles();
  const date = (iso: string) => formatDate(iso, 'short', currentLanguage(), browserTimeZone());
  return (
    <QueryBoundary query={profiles}>
      {(items) =>
        items.length === 0 ? (
          <EmptyState message={t('mobile.settingsProfiles.empty')} />
        ) : (
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('mobile.settingsProfiles.title')}
          >
            {items.map((profile) => (
              <li key={profile.id}>
                <UnstyledButton w="100%" onClick={() => onOpen(profile)}>
                  <Paper withBorder radius="md" p="sm">
                    <Group justify="space-between" wrap="nowrap">
                      <div>
                        <Text fw={600}>{profile.name}</Text>
                        <Text size="sm" c="dimmed">
                          {t('mobile.settingsProfiles.modelNumber')}: {profile.modelNumber} ·{' '}
                          {t('mobile.settingsProfiles.lastUpdate')}: {date(profile.updatedAt)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('mobile.settingsProfiles.createdDate')}: {date(profile.createdAt)}
                        </Text>
                      </div>
                      {profile.isDefault && <Badge variant="light">{t('mobile.settingsProfiles.default')}</Badge>}
                    </Group>
                  </Paper>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )
      }
    </QueryBoundary>
  );
}
