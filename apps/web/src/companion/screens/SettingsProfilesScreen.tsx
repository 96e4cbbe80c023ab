import { useMemo, useState } from 'react';
import { Button, Group, NativeSelect, Stack, Switch, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  canEditFactoryParameters,
  CYCLE_TYPES,
  parametersFor,
  type TCycleType,
  type TSettingsProfileDetail,
  machineUnitSystem,
} from '@washboard/contracts';
import { QueryBoundary } from '../../modules/api/QueryBoundary';
import { apiErrorMessage } from '../../modules/api/api-error-message';
import { ParameterEditor, type TParameterWrite } from '../../modules/parameters/components/ParameterEditor';
import { useUserData } from '../../modules/session/session-store';
import { ApplyProfile } from '../../modules/settings-profiles/components/ApplyProfile';
import { NewSettingsProfile } from '../../modules/settings-profiles/components/NewSettingsProfile';
import { SettingsProfileList } from '../../modules/settings-profiles/components/SettingsProfileList';
import {
  useDeleteSettingsProfile,
  useSettingsProfile,
  useUpdateSettingsProfile,
} from '../../modules/settings-profiles/hooks/use-settings-profiles';
import { useDialog } from '../../ui/dialog/dialog-context';
import { PageHeader } from '../../ui/PageHeader';
import { useRangeName } from '../../modules/runtime/runtime-context';

/** Settings profiles: the list, and a new one from the defaults or a machine. */
export function SettingsProfilesScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <PageHeader title={t('mobile.settingsProfiles.title')} />
      <SettingsProfileList onOpen={(profile) => void navigate(`/settings-profiles/${profile.id}`)} />
      <NewSettingsProfile onCreated={(profile) => void navigate(`/settings-profiles/${profile.id}`)} />
    </Stack>
  );
}

/** One profile: name and default flag, its values in the parameter editor, apply to a machine, delete. */
export function SettingsProfileScreen() {
  const { id = '' } = useParams();
  const profile = useSettingsProfile(id);
  return <QueryBoundary query={profile}>{(data) => <EditProfile profile={data} />}</QueryBoundary>;
}

function EditProfile({ profile }: { profile: TSettingsProfileDetail }) {
  const { t } = useTranslation();
  const rangeName = useRangeName();
  const navigate = useNavigate();
  const dialog = useDialog();
  const user = useUserData();
  const update = useUpdateSettingsProfile(profile.id);
  const remove = useDeleteSettingsProfile(profile.id);
  const [name, setName] = useState(profile.name);
  const values = useMemo(() => Object.fromEntries(profile.parameters.map((p) => [p.code, p.value])), [profile.parameters]);
  // Factory parameters are shown to the roles that may write them, as in the machine's editors.
  const scope = useMemo(
    () => parametersFor(profile.gamma).filter((p) => p.kind === 'cycle' || (user && canEditFactoryParameters(user))),
    [profile.gamma, user],
  );
  // The coded parameters, or one cycle's fields at a time (as the machine's cycle editor shows them).
  const [part, setPart] = useState<'codes' | TCycleType>('codes');
  const shown = useMemo(
    () => scope.filter((p) => (part === 'codes' ? p.cycleType === undefined : p.cycleType === part)),
    [scope, part],
  );
  const failed = (error: unknown) => dialog.show({ kind: 'error', message: apiErrorMessage(error, t, t('errors.generic')) });
  const write: TParameterWrite = {
    isPending: update.isPending,
    mutate: (variables, callbacks) => update.mutate(variables, callbacks),
  };
  const askDelete = () =>
    dialog.show({
      kind: 'warning',
      mode: 'confirm',
      message: t('mobile.settingsProfiles.deleteConfirm', { name: profile.name }),
      confirmLabel: t('mobile.settingsProfiles.delete'),
      onConfirm: () => remove.mutate(undefined, { onSuccess: () => void navigate('/settings-profiles'), onError: failed }),
    });
  return (
    <Stack gap="lg">
      <PageHeader title={t('mobile.settingsProfiles.modify')}>
        <Button size="sm" variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={askDelete}>
          {t('mobile.settingsProfiles.delete')}
        </Button>
      </PageHeader>
      <Stack gap="xs">
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            flex={1}
            label={t('mobile.settingsProfiles.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button
            variant="default"
            disabled={name.trim() === '' || name.trim() === profile.name}
            onClick={() => update.mutate({ name: name.trim() }, { onError: failed })}
          >
            {t('mobile.settingsProfiles.rename')}
          </Button>
        </Group>
        <Switch
          label={t('mobile.settingsProfiles.default')}
          checked={profile.isDefault}
          onChange={(e) => update.mutate({ isDefault: e.currentTarget.checked }, { onError: failed })}
        />
        <TextInput
          label={t('mobile.settingsProfiles.modelNumber')}
          value={t('common.modelOption', { model: profile.modelNumber, gamma: rangeName(profile.gamma) })}
          readOnly
        />
      </Stack>
      <ApplyProfile profile={profile} />
      <ParameterEditor
        write={write}
        savedMessage={t('mobile.settingsProfiles.saved')}
        gamma={profile.gamma}
        system={machineUnitSystem(values)}
        scope={scope}
        shown={shown}
        values={values}
        header={
          <NativeSelect
            label={t('mobile.settingsProfiles.part')}
            value={part}
            onChange={(e) => setPart(e.currentTarget.value as 'codes' | TCycleType)}
            data={[
              { value: 'codes', label: t('mobile.settingsProfiles.codes') },
              ...CYCLE_TYPES.filter((cycle) => scope.some((p) => p.cycleType === cycle)).map((cycle) => ({
                value: cycle,
                label: t(`cycles.${cycle}`),
              })),
            ]}
          />
        }
      />
    </Stack>
  );
}
