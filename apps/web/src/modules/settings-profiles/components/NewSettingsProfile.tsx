import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Radio, Select, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GAMMAS, type TGamma, type TSettingsProfileDetail } from '@washboard/contracts';
import { apiErrorMessage } from '../../api/api-error-message';
import { useDevices } from '../../devices/hooks/use-devices';
import { MachinePicker } from '../../devices/components/MachinePicker';
import { useDialog } from '../../../ui/dialog/dialog-context';
import { useCreateSettingsProfile } from '../hooks/use-settings-profiles';
import { useRangeName } from '../../runtime/runtime-context';

type TSource = 'defaults' | 'appliance';

/** New settings profile: a name, and where its values start — the model's defaults or a machine's current values. */
export function NewSettingsProfile({ onCreated }: { onCreated: (profile: TSettingsProfileDetail) => void }) {
  const { t } = useTranslation();
  const rangeName = useRangeName();
  const dialog = useDialog();
  const create = useCreateSettingsProfile();
  const devices = useDevices({ q: '', sort: 'asc' });
  const machines = (devices.data?.pages ?? []).flatMap((page) => page.items);
  const [name, setName] = useState('');
  const [source, setSource] = useState<TSource>('defaults');
  const [serial, setSerial] = useState<string | null>(null);
  const [model, setModel] = useState<string | null>(null);
  const [isDefault, setIsDefault] = useState(false);
  // The models the technician's machines are of (model number and range): a profile is for one of them.
  const models = [...new Set(machines.map((m) => `${m.modelNumber}\u0000${m.gamma}`))].map((key) => {
    const [modelNumber = '', gamma = ''] = key.split('\u0000');
    return { value: key, label: t('common.modelOption', { model: modelNumber, gamma: rangeName(gamma as TGamma) }) };
  });
  const ready = name.trim() !== '' && (source === 'defaults' ? model !== null : serial !== null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const [modelNumber = '', gamma = 'infinity'] = (model ?? '').split('\u0000');
    const from =
      source === 'defaults'
        ? { source, modelNumber, gamma: (GAMMAS as readonly string[]).includes(gamma) ? (gamma as TGamma) : 'infinity' }
        : { source, serialNumber: serial ?? '' };
    create.mutate(
      { name: name.trim(), isDefault, from },
      {
        onSuccess: onCreated,
        onError: (error) => dialog.show({ kind: 'error', message: apiErrorMessage(error, t, t('errors.generic')) }),
      },
    );
  };
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-labelledby="new-profile">
      <Stack gap="sm">
        <Title order={2} size="h4" id="new-profile">
          {t('mobile.settingsProfiles.new')}
        </Title>
        <TextInput
          label={t('mobile.settingsProfiles.name')}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {/* Radios, not a segmented control: the labels are long in Italian and German at 390 px. */}
        <Radio.Group label={t('mobile.settingsProfiles.source')} value={source} onChange={(value) => setSource(value as TSource)}>
          <Group gap="md" mt={4}>
            <Radio value="defaults" label={t('mobile.settingsProfiles.fromDefaults')} />
            <Radio value="appliance" label={t('mobile.settingsProfiles.fromMachine')} />
          </Group>
        </Radio.Group>
        {source === 'defaults' ? (
          <Select label={t('mobile.settingsProfiles.modelNumber')} data={models} value={model} onChange={setModel} required />
        ) : (
          <MachinePicker label={t('mobile.settingsProfiles.machine')} value={serial} onChange={setSerial} required />
        )}
        <Checkbox
          label={t('mobile.settingsProfiles.default')}
          checked={isDefault}
          onChange={(e) => setIsDefault(e.currentTarget.checked)}
        />
        <Button type="submit" disabled={!ready} loading={create.isPending}>
          {t('mobile.settingsProfiles.create')}
        </Button>
      </Stack>
    </Paper>
  );
}
