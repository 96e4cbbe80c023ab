import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notify } from '../../../../ui/notify';
import { IconHome, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { APPLIANCE_NAME_MAX_LENGTH, applianceNameProblem } from '@washboard/contracts';
import { apiErrorMessage } from '../../../api/api-error-message';
import { useDialog } from '../../../../ui/dialog/dialog-context';
import { FormModalActions } from '../../../../ui/dialog/FormModalActions';
import { useApplianceDetail } from '../../hooks/use-devices';
import { useRenameAppliance, useUnclaimAppliance } from '../../hooks/use-device-details';

function RenameModal({ serialNumber, current, onClose }: { serialNumber: string; current: string; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameAppliance(serialNumber);
  const [name, setName] = useState(current);
  const [touched, setTouched] = useState(false);
  const problem = applianceNameProblem(name);
  const error =
    touched && problem === 'required'
      ? t('validation.mandatory')
      : problem === 'tooLong'
        ? t('device.actions.nameTooLong', { count: APPLIANCE_NAME_MAX_LENGTH })
        : rename.error
          ? apiErrorMessage(rename.error, t, t('errors.generic'))
          : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    rename.mutate(name.trim(), {
      onSuccess: () => {
        notify({ color: 'teal', message: t('success.applianceRenamed') });
        onClose();
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('device.actions.renameTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('device.actions.newName')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setTouched(true);
            }}
            error={error}
            required
            data-autofocus
          />
          <FormModalActions onCancel={onClose} submitLabel={t('common.save')} loading={rename.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** The page's actions: go to home, rename machine, delete machine (unclaim, after a confirmation). */
export function DeviceActions({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialog = useDialog();
  const detail = useApplianceDetail(serialNumber);
  const unclaim = useUnclaimAppliance(serialNumber);
  const [renaming, setRenaming] = useState(false);

  const confirmDelete = () =>
    dialog.show({
      kind: 'warning',
      mode: 'confirm',
      title: t('device.actions.deleteTitle'),
      message: t('device.actions.deleteConfirm'),
      confirmLabel: t('common.delete'),
      onConfirm: () =>
        unclaim.mutate(undefined, {
          onSuccess: () => {
            void navigate('/devices', { replace: true });
            // The shared dialog outlives the route change (a notification would be cleared by it).
            dialog.show({ kind: 'success', message: t('success.applianceDeleted'), autoCloseMs: 4000 });
          },
          onError: (error) => notify({ color: 'red', message: apiErrorMessage(error, t, t('errors.tryAgainLater')) }),
        }),
    });

  return (
    <Group gap="xs" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
      <Button variant="default" leftSection={<IconHome size={16} aria-hidden />} onClick={() => void navigate('/devices')}>
        {t('common.goHome')}
      </Button>
      {detail.data && (
        <>
          <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setRenaming(true)}>
            {t('device.actions.rename')}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={confirmDelete}
            loading={unclaim.isPending}
          >
            {t('device.actions.delete')}
          </Button>
          {renaming && (
            <RenameModal serialNumber={serialNumber} current={detail.data.applianceName} onClose={() => setRenaming(false)} />
          )}
        </>
      )}
    </Group>
  );
}
