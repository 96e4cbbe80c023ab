import { Card, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TApplianceSummary } from '@washboard/contracts';
import { formatLiveValue, LIVE_FIELD_LABELS } from './live-format';
import { MachineActivity } from './MachineActivity';
import { OnlineBadge } from './OnlineBadge';

const CARD_FIELDS = ['boilerTmp', 'tankTmp'] as const;

/** One machine of the list: identity, connection, activity and temperatures; opens the device page. */
export function DeviceCard({ appliance }: { appliance: TApplianceSummary }) {
  const { t, i18n } = useTranslation();
  const { serialNumber, applianceName, gamma, status, telemetry } = appliance;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={`/device/${encodeURIComponent(serialNumber)}`}
      aria-label={applianceName}
      data-testid={`device-card-${serialNumber}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <Text fw={700} truncate>
              {applianceName}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {serialNumber} · {t(`gammas.${gamma}`)}
            </Text>
          </Stack>
          <OnlineBadge online={status.online} />
        </Group>
        <Divider />
        <MachineActivity status={status} telemetry={telemetry} />
        <SimpleGrid cols={2} spacing="xs">
          {CARD_FIELDS.map((field) => (
            <Stack key={field} gap={0}>
              <Text size="xs" c="dimmed">
                {t(`device.live.${LIVE_FIELD_LABELS[field]}`)}
              </Text>
              <Text fw={600} data-testid={`live-${field}`}>
                {formatLiveValue(field, telemetry, i18n.language) ?? '—'}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
