import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { liveFieldLabel, liveFieldsFor, type TLiveTelemetry, type TUnitSystemOption } from '@washboard/contracts';
import { formatLiveValue } from './live-format';

/** The live values of a machine's range (`live-{field}`) in its units, a dash for those not received yet. */
export function LiveValues({
  gamma,
  units,
  telemetry,
}: {
  gamma: string | null | undefined;
  units: TUnitSystemOption;
  telemetry: TLiveTelemetry | null | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
      {liveFieldsFor(gamma).map((field) => (
        <Stack key={field} gap={0} data-testid={`live-${field}`}>
          <Text size="xs" c="dimmed">
            {t(liveFieldLabel(field))}
          </Text>
          <Text fw={600}>{formatLiveValue(field, telemetry, i18n.language, units) ?? '—'}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
