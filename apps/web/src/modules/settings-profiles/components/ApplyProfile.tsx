import { useState } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TSettingsProfileDetail } from '@washboard/contracts';
import { apiErrorMessage } from '../../api/api-error-message';
import { MachinePicker } from '../../devices/components/MachinePicker';
import { useDialog } from '../../../ui/dialog/dialog-context';
import { useApplySettingsProfile } from '../hooks/use-settings-profiles';
import { ProfileAnswer } from './ProfileAnswer';

/** Apply to a machine: the machines of the profile's model, and the machine's answer per parameter. */
export function ApplyProfile({ profile }: { profile: TSettingsProfileDetail }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const apply = useApplySettingsProfile(profile.id);
  const [serial, setSerial] = useState<string | null>(null);
  const result = apply.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="apply-profile">
      <Stack gap="sm">
        <Title order={2} size="h4" id="apply-profile">
          {t('mobile.settingsProfiles.apply')}
        </Title>
        <Group align="flex-end" wrap="nowrap">
          <MachinePicker
            flex={1}
            label={t('mobile.settingsProfiles.machine')}
            value={serial}
            onChange={setSerial}
            initialSearch={profile.modelNumber}
            gamma={profile.gamma}
            offers={(m) => m.modelNumber === profile.modelNumber}
            nothingFoundMessage={t('mobile.settingsProfiles.noMachine')}
          />
          <Button
            disabled={!serial}
            loading={apply.isPending}
            onClick={() =>
              serial &&
              apply.mutate(serial, {
                onError: (error) => dialog.show({ kind: 'error', message: apiErrorMessage(error, t, t('errors.generic')) }),
              })
            }
          >
            {t('mobile.settingsProfiles.applyButton')}
          </Button>
        </Group>
        {result && <ProfileAnswer ok={result.ok} parameters={result.parameters} />}
      </Stack>
    </Paper>
  );
}
