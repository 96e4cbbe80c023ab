import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notify } from '../../../ui/notify';
import { IconAlertTriangle, IconDroplet, IconPlayerPlay, IconPlayerStop, IconPower } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  CYCLE_RUNNING_STATE,
  CYCLE_TYPES,
  cycleProgressPercent,
  isCycleType,
  shownMachineState,
  SYSTEM_STATES,
  TANKS,
  type TApplianceDetail,
  type TCycleType,
  type TLastTelemetry,
  type TTank,
} from '@washboard/contracts';
import { ApiError } from '../../api/api-client';
import { apiErrorMessage } from '../../api/api-error-message';
import { QueryBoundary } from '../../api/QueryBoundary';
import { useApplianceDetail, useLastTelemetry } from '../../devices/hooks/use-devices';
import { LiveValues } from '../../devices/components/LiveValues';
import { OnlineBadge } from '../../devices/components/OnlineBadge';
import { useDialog } from '../../../ui/dialog/dialog-context';
import { useLiveRun, useRemoteCommands } from '../hooks/use-remote-control';
import { ProgressBar } from '../../../ui/ProgressBar';

/** Machine seconds as m:ss. */
function clock(seconds: number | null | undefined): string {
  const s = Math.max(0, Math.round(seconds ?? 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section">
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

type TProps = { serialNumber: string; notFound: ReactNode };

/**
 * The remote control screen: a safety warning to confirm on every visit, then the machine's state,
 * live values and cycle bar (moving with the push channel), start / stop / turn off behind a
 * confirmation each, and the chemical tank replacement.
 */
export function RemoteControlPanel({ serialNumber, notFound }: TProps) {
  const detail = useApplianceDetail(serialNumber);
  const last = useLastTelemetry(serialNumber);
  // Here, not in the controls: a command's answer is still reported after a disconnect.
  const commands = useRemoteCommands(serialNumber);
  const [accepted, setAccepted] = useState(false);
  const online = (last.data?.status ?? detail.data?.status)?.online ?? false;
  useLiveRun(serialNumber, accepted, online);
  return (
    <QueryBoundary query={detail} notFound={notFound}>
      {(appliance) =>
        accepted ? (
          <RemoteControls appliance={appliance} last={last.data} commands={commands} onDisconnect={() => setAccepted(false)} />
        ) : (
          <SafetyWarning serialNumber={serialNumber} onAccept={() => setAccepted(true)} />
        )
      }
    </QueryBoundary>
  );
}

/** The warning to confirm before the controls show. */
function SafetyWarning({ serialNumber, onAccept }: { serialNumber: string; onAccept: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <Stack gap="lg">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={22} />} title={t('remoteControl.warning.title')}>
          {t('remoteControl.warning.message')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(`/device/${encodeURIComponent(serialNumber)}`)}>
            {t('common.back')}
          </Button>
          <Button color="yellow" onClick={onAccept}>
            {t('remoteControl.warning.accept')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

type TControlsProps = {
  appliance: TApplianceDetail;
  last: TLastTelemetry | undefined;
  commands: ReturnType<typeof useRemoteCommands>;
  onDisconnect: () => void;
};

/** The machine's state and the commands, once the warning is confirmed. */
function RemoteControls({ appliance, last, commands, onDisconnect }: TControlsProps) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const [cycle, setCycle] = useState<TCycleType>('fast');
  const status = last?.status ?? appliance.status;
  const online = status.online;
  const state = status.systemState ?? null;
  const running = state === CYCLE_RUNNING_STATE;
  const startingUp = state === SYSTEM_STATES.STARTUP;
  // The machine starts a cycle only when READY, and not while it installs firmware; it would refuse.
  const ready = state === SYSTEM_STATES.IDLE && !status.updating;
  const telemetry = last?.telemetry;
  const progress = cycleProgressPercent(state, telemetry?.cycleTimeProgress, telemetry?.cycleTimeDuration);
  const busy = commands.start.isPending || commands.stop.isPending || commands.turnOff.isPending;

  const failed = (error: unknown) => dialog.show({ kind: 'error', message: apiErrorMessage(error, t, t('errors.generic')) });
  const done = () => notify({ color: 'teal', message: t('remoteControl.accepted') });
  const confirm = (message: string, confirmLabel: string, onConfirm: () => void, title?: string) =>
    dialog.show({ kind: 'warning', mode: 'confirm', title, message, confirmLabel, onConfirm });

  const askStart = () =>
    confirm(t('remoteControl.confirmStart', { cycle: t(`cycles.${cycle}`) }), t('remoteControl.startCycle'), () =>
      commands.start.mutate({ cycleType: cycle }, { onSuccess: done, onError: failed }),
    );
  const askStop = () =>
    confirm(t('remoteControl.confirmStop'), t('remoteControl.stopCycle'), () =>
      commands.stop.mutate({}, { onSuccess: done, onError: failed }),
    );
  // No command switches a machine on (docs/remote-control-and-parameters.md): the dialog says so.
  const askTurnOff = () =>
    confirm(
      t('remoteControl.turnOffOneWay'),
      t('remoteControl.turnOff'),
      () => commands.turnOff.mutate({}, { onSuccess: done, onError: failed }),
      t('remoteControl.confirmTurnOff'),
    );
  const askReplace = (tank: TTank) =>
    confirm(
      t('remoteControl.confirmReplace'),
      t(tank === 'detergent' ? 'remoteControl.replaceDetergent' : 'remoteControl.replaceRinseAid'),
      () =>
        commands.replaceTank.mutate(
          { tank },
          {
            onSuccess: () => dialog.show({ kind: 'success', message: t('remoteControl.replacementDone') }),
            onError: (error) =>
              dialog.show({
                kind: 'error',
                message:
                  error instanceof ApiError && error.code === 'TANK_REPLACEMENT_INHIBITED'
                    ? t('remoteControl.replacementInhibited')
                    : `${t('remoteControl.replacementFailed')}\n${apiErrorMessage(error, t, t('errors.generic'))}`,
              }),
          },
        ),
    );

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs" miw={0}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {appliance.applianceName}
            </Title>
            <OnlineBadge online={online} />
            <Badge color="yellow" variant="filled">
              {t('remoteControl.active')}
            </Badge>
          </Group>
          <Button variant="default" onClick={onDisconnect}>
            {t('remoteControl.disconnect')}
          </Button>
        </Group>
      </Paper>

      <Section title={t('remoteControl.sections.state')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('device.fields.systemState')}
            </Text>
            <Text fw={700} size="lg" data-testid="machine-state">
              {t(`machineState.${shownMachineState(status)}`)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('device.live.currentCycle')}
            </Text>
            <Text fw={700} size="lg" data-testid="current-cycle">
              {running && status.cycleType ? t(`cycles.${status.cycleType}`) : t('device.live.noCycle')}
            </Text>
          </Stack>
        </SimpleGrid>
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('device.live.cycleProgress')}
            </Text>
            <Text size="sm" fw={600} data-testid="cycle-progress-text">
              {t('common.percent', { value: Math.round(progress) })}
              {running && telemetry?.cycleTimeDuration
                ? ` · ${t('remoteControl.elapsed', {
                    elapsed: clock(telemetry.cycleTimeProgress),
                    duration: clock(telemetry.cycleTimeDuration),
                  })}`
                : ''}
            </Text>
          </Group>
          <ProgressBar value={progress} size="lg" radius="xl" animated={running} label={t('device.live.cycleProgress')} />
        </Stack>
        <Text size="xs" c="dimmed">
          {t('remoteControl.liveValues')}
        </Text>
        <LiveValues gamma={appliance.gamma} status={status} telemetry={telemetry} />
      </Section>

      <Section title={t('remoteControl.sections.cycle')}>
        {!online ? (
          <Alert color="gray" variant="light" data-testid="not-connected">
            {t('remoteControl.notConnected')}
          </Alert>
        ) : (
          !ready &&
          !running && (
            <Alert color="gray" variant="light" data-testid="not-ready">
              {t('apiErrors.APPLIANCE_NOT_READY')}
            </Alert>
          )
        )}
        <NativeSelect
          label={t('remoteControl.selectCycle')}
          value={cycle}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (isCycleType(next)) setCycle(next);
          }}
          data={CYCLE_TYPES.map((c) => ({ value: c, label: t(`cycles.${c}`) }))}
          disabled={!online}
          maw={360}
        />
        <Group gap="sm">
          <Button
            leftSection={<IconPlayerPlay size={18} />}
            onClick={askStart}
            disabled={!online || !ready || busy}
            loading={commands.start.isPending}
          >
            {t('remoteControl.startCycle')}
          </Button>
          <Button
            variant="light"
            color="orange"
            leftSection={<IconPlayerStop size={18} />}
            onClick={askStop}
            disabled={!online || !running || busy}
            loading={commands.stop.isPending}
          >
            {t('remoteControl.stopCycle')}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconPower size={18} />}
            onClick={askTurnOff}
            disabled={!online || state === SYSTEM_STATES.OFF || busy}
            loading={commands.turnOff.isPending}
          >
            {t('remoteControl.turnOff')}
          </Button>
        </Group>
      </Section>

      <Section title={t('remoteControl.sections.tanks')}>
        {startingUp && (
          <Alert color="yellow" variant="light" data-testid="tanks-startup">
            {t('remoteControl.replacementInhibited')}
          </Alert>
        )}
        <Group gap="sm">
          {TANKS.map((tank) => (
            <Button
              key={tank}
              variant="default"
              leftSection={<IconDroplet size={18} />}
              onClick={() => askReplace(tank)}
              disabled={!online || commands.replaceTank.isPending}
              loading={commands.replaceTank.isPending && commands.replaceTank.variables?.tank === tank}
            >
              {t(tank === 'detergent' ? 'remoteControl.replaceDetergent' : 'remoteControl.replaceRinseAid')}
            </Button>
          ))}
        </Group>
      </Section>
    </Stack>
  );
}
