import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type TApplianceDetail, type TLastTelemetry } from '@washboard/contracts';
import { useTranslation } from 'react-i18next';
import { QueryBoundary } from '../../api/QueryBoundary';
import { useRangeName } from '../../runtime/runtime-context';
import { useApplianceDetail, useLastTelemetry } from '../hooks/use-devices';
import { LiveValues } from './LiveValues';
import { MachineActivity } from './MachineActivity';
import { OfflineSince } from './OfflineSince';
import { OnlineBadge } from './OnlineBadge';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

type TProps = {
  serialNumber: string;
  /** Shown instead when the API answers 404 (or 403: a machine the user may not see). */
  notFound: ReactNode;
};

/** A machine's identity, state and the live values of its range, updated by the push channel. */
export function DeviceOverview({ serialNumber, notFound }: TProps) {
  const detail = useApplianceDetail(serialNumber);
  const last = useLastTelemetry(serialNumber);
  return (
    <QueryBoundary query={detail} notFound={notFound}>
      {(appliance) => <Overview appliance={appliance} last={last.data} />}
    </QueryBoundary>
  );
}

/** The overview once the machine's details are there; the last telemetry may still be on its way. */
function Overview({ appliance, last }: { appliance: TApplianceDetail; last: TLastTelemetry | undefined }) {
  const { t } = useTranslation();
  const rangeName = useRangeName();
  const status = last?.status ?? appliance.status;
  const telemetry = last?.telemetry;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {appliance.applianceName}
            </Title>
            <OnlineBadge online={status.online} />
          </Group>
          <OfflineSince online={status.online} lastSeenAt={status.lastSeenAt} />
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Field label={t('device.fields.serialNumber')} value={appliance.serialNumber} />
            <Field label={t('device.fields.modelNumber')} value={appliance.modelNumber} />
            <Field label={t('device.fields.gamma')} value={rangeName(appliance.gamma)} />
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('device.sections.liveState')}
          </Title>
          <MachineActivity status={status} telemetry={telemetry} />
          <LiveValues gamma={appliance.gamma} status={status} telemetry={telemetry} />
        </Stack>
      </Paper>
    </Stack>
  );
}
