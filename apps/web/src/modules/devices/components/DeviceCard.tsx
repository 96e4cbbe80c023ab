import type { ReactNode } from 'react';
import { ActionIcon, Card, Divider, Group, Menu, SimpleGrid, Stack, Text } from '@mantine/core';
import { notify } from '../../../ui/notify';
import { IconDotsVertical, IconQrcode, IconRestore } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayUnits, liveFieldLabel, type TApplianceSummary } from '@washboard/contracts';
import { ApiError } from '../../api/api-client';
import { apiErrorMessage } from '../../api/api-error-message';
import { useDialog } from '../../../ui/dialog/dialog-context';
import { useRangeName } from '../../runtime/runtime-context';
import { useCommand } from '../hooks/use-command';
import { useRestorePresets } from '../hooks/use-device-list';
import { formatLiveValue } from './live-format';
import { MachineActivity } from './MachineActivity';
import { OfflineSince } from './OfflineSince';
import { OnlineBadge } from './OnlineBadge';
import classes from './DeviceCard.module.css';

const CARD_FIELDS = ['boilerTmp', 'tankTmp'] as const;

/** A refused command in the catalogue's words: a disconnected machine says so (device-areas §8). */
function commandFailure(error: Error, fallback: string, t: TFunction): string {
  if (error instanceof ApiError && error.code === 'APPLIANCE_DISCONNECTED') return t('errors.applianceDisconnected');
  return apiErrorMessage(error, t, fallback);
}

/** Show Code and Reset presets for one machine; both need the machine connected. */
function DeviceActions({ appliance }: { appliance: TApplianceSummary }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const { serialNumber, applianceName, status } = appliance;
  const showCode = useCommand(serialNumber, 'expose-claiming-code');
  const restore = useRestorePresets(serialNumber);

  const fail = (message: string) => dialog.show({ kind: 'error', message });
  const offline = () => fail(t('errors.applianceDisconnected'));

  const onShowCode = () => {
    if (!status.online) return offline();
    showCode.mutate(
      {},
      {
        onSuccess: () =>
          dialog.show({
            kind: 'success',
            title: t('devices.showCode.title'),
            message: `${t('devices.showCode.message')}\n${t('devices.showCode.readIt')}`,
          }),
        onError: (error) => fail(commandFailure(error, t('errors.activationCodeRequest'), t)),
      },
    );
  };

  const onReset = () => {
    if (!status.online) return offline();
    dialog.show({
      kind: 'warning',
      mode: 'confirm',
      title: `${t('devices.resetPresets.button')} · ${applianceName}`,
      message: t('devices.resetPresets.confirm'),
      confirmLabel: t('devices.resetPresets.button'),
      onConfirm: () =>
        restore.mutate(
          {},
          {
            onSuccess: () => notify({ color: 'teal', message: t('success.presetsRestored') }),
            onError: (error) => fail(commandFailure(error, t('errors.generic'), t)),
          },
        ),
    });
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          className={classes.actions}
          aria-label={`${t('devices.actions')}: ${applianceName}`}
          loading={showCode.isPending || restore.isPending}
        >
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconQrcode size={16} aria-hidden />} onClick={onShowCode}>
          {t('devices.showCode.button')}
        </Menu.Item>
        <Menu.Item leftSection={<IconRestore size={16} aria-hidden />} onClick={onReset}>
          {t('devices.resetPresets.button')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * One machine of the list: identity, connection, activity and temperatures; opens the device page.
 * `reach`: more ways it is reachable now, shown beside its online badge.
 */
export function DeviceCard({ appliance, reach }: { appliance: TApplianceSummary; reach?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const rangeName = useRangeName();
  const { serialNumber, applianceName, gamma, status, telemetry, companyName } = appliance;
  const units = displayUnits(status.unitSystem, gamma);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      className={classes.card}
      aria-label={applianceName}
      data-testid={`device-card-${serialNumber}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <Text fw={700} truncate component={Link} to={`/device/${encodeURIComponent(serialNumber)}`} className={classes.link}>
              {applianceName}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {serialNumber} · {rangeName(gamma)}
            </Text>
            {companyName && (
              <Text size="xs" c="dimmed" truncate>
                {companyName}
              </Text>
            )}
            <OfflineSince online={status.online} lastSeenAt={status.lastSeenAt} />
          </Stack>
          <Group gap={4} wrap="nowrap">
            {reach}
            <OnlineBadge online={status.online} />
            <DeviceActions appliance={appliance} />
          </Group>
        </Group>
        <Divider />
        <MachineActivity status={status} telemetry={telemetry} />
        <SimpleGrid cols={2} spacing="xs">
          {CARD_FIELDS.map((field) => (
            <Stack key={field} gap={0}>
              <Text size="xs" c="dimmed">
                {t(liveFieldLabel(field))}
              </Text>
              <Text fw={600} data-testid={`live-${field}`}>
                {formatLiveValue(field, telemetry, i18n.language, units) ?? '—'}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
