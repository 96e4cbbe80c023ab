import { Suspense } from 'react';
import { Alert, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAdjustments, IconCpu, IconListDetails, IconTool } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canEditFactoryParameters, formatDate } from '@washboard/contracts';
import { Loading } from '../../../ui/Loading';
import { useDialog } from '../../../ui/dialog/dialog-context';
import { notify } from '../../../ui/notify';
import { useUserData } from '../../session/session-store';
import { AlarmRegister } from '../../devices/components/details/AlarmRegister';
import { OnlineBadge } from '../../devices/components/OnlineBadge';
import { deviceKeys } from '../../devices/hooks/device-keys';
import { useCommand } from '../../devices/hooks/use-command';
import { useApplianceDetail } from '../../devices/hooks/use-devices';
import { serverErrorMessage } from '../../api/api-error-message';
import { useServicePin } from '../hooks/use-service-pin';
import { serviceSession } from '../api/service-session';
import { useLanguage } from '../../i18n/i18n';
import { browserTimeZone } from '../../../ui/browser-time-zone';

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The service menu of one machine (its screen gives the title), behind the PIN (wrap it in `ServicePinGate`): the alarm register
 * with alarm reset, energy saving, factory reset (confirmed twice), links to the cycles, the
 * parameters (factory ones by role) and the firmware update, and the connectivity. Every action is
 * sent within the open service session and recorded in the audit trail by the server.
 */
export function ServiceMenu({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const user = useUserData();
  const dialog = useDialog();
  const client = useQueryClient();
  const detail = useApplianceDetail(serialNumber);
  const { close } = useServicePin();
  const refresh = () => client.invalidateQueries({ queryKey: deviceKeys.all });
  const resetAlarms = useCommand(serialNumber, 'alarm-reset', (_args, answer) => {
    const cleared = answer.cleared ?? [];
    notify({
      color: cleared.length > 0 ? 'green' : 'yellow',
      message:
        cleared.length > 0
          ? t('mobile.serviceMenu.alarmsCleared', { codes: cleared.join(', ') })
          : t('mobile.serviceMenu.nothingCleared'),
    });
    return refresh();
  });
  const energySaving = useCommand(serialNumber, 'energy-saving', refresh);
  const factoryReset = useCommand(serialNumber, 'factory-reset', () => {
    notify({ color: 'green', message: t('mobile.serviceMenu.factoryResetDone') });
    return refresh();
  });
  const a = detail.data;
  if (!a) return <Loading py="lg" />;
  const base = `/device/${encodeURIComponent(serialNumber)}`;
  const session = serviceSession();
  const failure = resetAlarms.error ?? energySaving.error ?? factoryReset.error;

  const confirmFactoryReset = () =>
    dialog.show({
      kind: 'warning',
      mode: 'confirm',
      message: t('mobile.serviceMenu.factoryResetConfirm'),
      confirmLabel: t('mobile.serviceMenu.confirm'),
      // The second confirmation opens once the first dialog has closed.
      onConfirm: () =>
        setTimeout(
          () =>
            dialog.show({
              kind: 'warning',
              mode: 'confirm',
              title: t('mobile.serviceMenu.factoryReset'),
              message: t('mobile.serviceMenu.factoryResetConfirmAgain'),
              confirmLabel: t('mobile.serviceMenu.factoryReset'),
              onConfirm: () => factoryReset.mutate({}),
            }),
          0,
        ),
    });

  return (
    <Stack gap="md" data-testid="service-menu">
      <Group justify="flex-end" wrap="wrap">
        <Button variant="subtle" size="xs" onClick={() => close.mutate(undefined, { onSettled: () => void refresh() })}>
          {t('mobile.serviceMenu.close')}
        </Button>
      </Group>
      {session && (
        <Text size="sm" c="dimmed">
          {t('mobile.serviceMenu.sessionUntil', {
            time: new Date(session.expiresAt).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' }),
          })}
        </Text>
      )}
      {failure && <Alert color="red">{serverErrorMessage(failure, t)}</Alert>}

      <Block title={t('mobile.serviceMenu.alarmRegister')}>
        <Button onClick={() => resetAlarms.mutate({})} loading={resetAlarms.isPending} disabled={!a.status.online}>
          {t('mobile.serviceMenu.resetAlarms')}
        </Button>
        <Suspense fallback={<Loading py="lg" />}>
          <AlarmRegister serialNumber={serialNumber} />
        </Suspense>
      </Block>

      <Block title={t('mobile.serviceMenu.energySaving')}>
        <Switch
          label={t(a.info?.energySaving === false ? 'mobile.serviceMenu.energySavingOff' : 'mobile.serviceMenu.energySavingOn')}
          checked={a.info?.energySaving ?? true}
          disabled={!a.status.online || energySaving.isPending}
          onChange={(e) => energySaving.mutate({ on: e.currentTarget.checked })}
        />
      </Block>

      <Block title={t('mobile.serviceMenu.factoryReset')}>
        <Button
          color="red"
          variant="light"
          onClick={confirmFactoryReset}
          loading={factoryReset.isPending}
          disabled={!a.status.online}
        >
          {t('mobile.serviceMenu.factoryReset')}
        </Button>
      </Block>

      <Group gap="xs" component="nav" aria-label={t('mobile.serviceMenu.title')}>
        <Button component={Link} to={`${base}/cycles`} variant="light" leftSection={<IconListDetails size={16} aria-hidden />}>
          {t('mobile.serviceMenu.modifyCycles')}
        </Button>
        <Button
          component={Link}
          to={`${base}/parameters`}
          variant="light"
          leftSection={<IconAdjustments size={16} aria-hidden />}
        >
          {t('mobile.serviceMenu.allParameters')}
        </Button>
        {user && canEditFactoryParameters(user) && (
          <Button
            component={Link}
            to={`${base}/factory-parameters`}
            variant="light"
            leftSection={<IconTool size={16} aria-hidden />}
          >
            {t('layout.breadcrumbs.factoryParameters')}
          </Button>
        )}
        <Button component={Link} to={`${base}/firmware`} variant="light" leftSection={<IconCpu size={16} aria-hidden />}>
          {t('mobile.serviceMenu.firmwareUpdate')}
        </Button>
      </Group>

      <Block title={t('mobile.serviceMenu.connectivity')}>
        <Group justify="space-between">
          <Text size="sm">{t('mobile.serviceMenu.networkState')}</Text>
          <OnlineBadge online={a.status.online} />
        </Group>
        <Group justify="space-between">
          <Text size="sm">{t('mobile.serviceMenu.signal')}</Text>
          <Text size="sm" fw={600}>
            {typeof a.info?.signalDbm === 'number' ? `${a.info.signalDbm} dBm` : t('mobile.serviceMenu.noSignal')}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">{t('mobile.serviceMenu.lastSeen')}</Text>
          <Text size="sm" fw={600}>
            {a.status.lastSeenAt ? formatDate(a.status.lastSeenAt, 'long', lang, browserTimeZone()) : '—'}
          </Text>
        </Group>
      </Block>
    </Stack>
  );
}
