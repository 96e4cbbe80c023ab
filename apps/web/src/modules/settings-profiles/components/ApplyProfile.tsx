import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TSettingsProfileDetail } from '@washboard/contracts';
import { apiErrorMessage } from '../../api/api-error-message';
import { useDevices } from '../../devices/hooks/use-devices';
import { useDialog } from '../../../ui/dialog/dialog-context';
import { useApplySettingsProfile } from '../hooks/use-settings-profiles';
import { ProfileAnswer } from './ProfileAnswer';

/** Apply to a machine: the machines of the profile's model, and the machine's answer per parameter. */
export function ApplyProfile({ profile }: { profile: TSettingsProfileDetail }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const devices = useDevices({ q: '', sort: 'asc' });
  const apply = useApplySettingsProfile(profile.id);
  const [serial, setSerial] = useState<string | null>(null);
  const machines = (devices.data?.pages ?? [])
    .flatMap((page) => page.items)
    .filter((m) => m.modelNumber === profile.modelNumber && m.gamma === profile.gamma);
  const result = apply.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="apply-profile">
      <Stack gap="sm">
        <Title order={2} size="h4" id="apply-profile">
          {t('mobile.settingsProfiles.apply')}
        </Title>
        <Group align="flex-end" wrap="nowrap">
          <Select
            flex={1}
            label={t('mobile.settingsProfiles.machine')}
            data={machines.map((m) => ({
              value: m.serialNumber,
              label: `${m.applianceName ?? m.serialNumber} (${m.serialNumber})`,
            }))}
            value={serial}
            onChange={setSerial}
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
