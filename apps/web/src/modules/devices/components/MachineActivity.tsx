import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CYCLE_RUNNING_STATE,
  cycleProgressPercent,
  shownMachineState,
  type TApplianceSummary,
  type TLiveTelemetry,
} from '@washboard/contracts';
import { ProgressBar } from '../../../ui/ProgressBar';

type TProps = { status: TApplianceSummary['status']; telemetry: TLiveTelemetry | null | undefined };

/** The machine's state label and, while a cycle runs, its name and progress. */
export function MachineActivity({ status, telemetry }: TProps) {
  const { t } = useTranslation();
  const running = status.systemState === CYCLE_RUNNING_STATE;
  const progress = cycleProgressPercent(status.systemState, telemetry?.cycleTimeProgress, telemetry?.cycleTimeDuration);
  const cycle = status.cycleType ? t(`cycles.${status.cycleType}`) : undefined;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('device.fields.systemState')}
        </Text>
        <Text size="sm" fw={600} data-testid="machine-state">
          {t(`machineState.${shownMachineState(status)}`)}
        </Text>
      </Group>
      {running && (
        <>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('device.live.currentCycle')}
            </Text>
            <Text size="sm" fw={600} data-testid="current-cycle" truncate>
              {cycle ?? t('common.notAvailable')}
            </Text>
          </Group>
          <ProgressBar value={progress} size="md" radius="xl" label={t('device.live.cycleProgress')} />
        </>
      )}
    </Stack>
  );
}
