import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notify } from '../../../../ui/notify';
import { IconAlertTriangle, IconCircleCheck, IconCloudDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isNewerVersion, LATEST_FIRMWARE, type TApplianceDetail } from '@washboard/contracts';
import { apiErrorMessage } from '../../../api/api-error-message';
import { useDialog } from '../../../../ui/dialog/dialog-context';
import { useCommand } from '../../hooks/use-command';
import { ProgressBar } from '../../../../ui/ProgressBar';

type TFota = TApplianceDetail['fota'];

/** How the last update the machine reported ended: completed at 100 %, failed before, or still running. */
export function firmwareOutcome(fota: TFota): 'running' | 'completed' | 'failed' | null {
  if (!fota) return null;
  if (fota.inProg) return 'running';
  return fota.perc >= 100 ? 'completed' : 'failed';
}

/**
 * Shows the update-complete confirmation (or the failure) when an update watched on this page
 * ends: the machine's progress goes from in progress to done.
 */
export function useFirmwareCompletionDialog(fota: TFota): void {
  const { t } = useTranslation();
  const dialog = useDialog();
  const wasRunning = useRef(fota?.inProg === true);
  const outcome = firmwareOutcome(fota);
  useEffect(() => {
    if (outcome === 'running') {
      wasRunning.current = true;
      return;
    }
    if (!wasRunning.current) return;
    wasRunning.current = false;
    if (outcome === 'completed') {
      dialog.show({ kind: 'success', title: t('firmware.completed'), message: t('firmware.completedMessage') });
    } else if (outcome === 'failed') {
      dialog.show({ kind: 'error', message: t('firmware.failed') });
    }
  }, [outcome, dialog, t]);
}

/**
 * Firmware update: the installed version, the version on offer, the start (after a confirmation),
 * a progress bar only while the machine reports an update in progress, and how it ended.
 */
export function FirmwareTab({ appliance }: { appliance: TApplianceDetail }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const start = useCommand(appliance.serialNumber, 'fota-start');
  const latest = LATEST_FIRMWARE[appliance.gamma];
  const installed = appliance.versions?.fw00 ?? appliance.fw00;
  const outcome = firmwareOutcome(appliance.fota);
  const running = outcome === 'running' || start.isPending;
  const perc = appliance.fota?.inProg ? appliance.fota.perc : 0;

  const confirmStart = () =>
    dialog.show({
      kind: 'warning',
      mode: 'confirm',
      title: t('firmware.title'),
      message: t('firmware.confirmInstall'),
      confirmLabel: t('firmware.install'),
      onConfirm: () =>
        start.mutate(
          { version: latest },
          {
            onError: (error) =>
              notify({
                color: 'red',
                title: t('firmware.failed'),
                message: apiErrorMessage(error, t, t('errors.tryAgainLater')),
              }),
          },
        ),
    });

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Text data-testid="firmware-installed">{t('firmware.currentVersion', { version: installed })}</Text>
        {outcome === 'running' ? (
          <Stack gap="xs" data-testid="firmware-progress">
            <Group justify="space-between">
              <Text fw={600}>{t('firmware.progress', { percent: perc })}</Text>
            </Group>
            <ProgressBar value={perc} size="lg" striped animated label={t('firmware.inProgress')} />
            <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {t('firmware.doNotTurnOff')}
            </Alert>
          </Stack>
        ) : isNewerVersion(latest, installed) ? (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text fw={600}>{t('firmware.available', { version: latest })}</Text>
            <Button leftSection={<IconCloudDownload size={18} aria-hidden />} onClick={confirmStart} loading={running}>
              {t('firmware.install')}
            </Button>
          </Group>
        ) : (
          <Text c="dimmed">{t('firmware.upToDate')}</Text>
        )}
        {outcome === 'completed' && (
          <Alert
            color="teal"
            icon={<IconCircleCheck size={18} aria-hidden />}
            title={t('firmware.completed')}
            data-testid="firmware-completed"
          >
            {t('firmware.completedMessage')}
          </Alert>
        )}
        {outcome === 'failed' && (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="firmware-failed">
            {t('firmware.failed')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** The firmware update on a screen of its own (the companion's): the tab, and its end told in a dialog. */
export function FirmwareUpdate({ appliance }: { appliance: TApplianceDetail }) {
  useFirmwareCompletionDialog(appliance.fota);
  return <FirmwareTab appliance={appliance} />;
}
