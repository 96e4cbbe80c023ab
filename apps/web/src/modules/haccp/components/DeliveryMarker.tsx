import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TChainPlace } from '@washboard/contracts';

/**
 * A HACCP record the machine delivered late (it had buffered it), and who carried it home over
 * Bluetooth (docs/local-link.md); nothing for a record delivered on time. Events and alarms alike.
 */
export function DeliveryMarker({ chain }: { chain: TChainPlace | null }) {
  const { t } = useTranslation();
  if (!chain?.late) return null;
  return (
    <Stack gap={2} align="flex-start" data-delivery="late">
      <Badge color="orange" variant="light" size="sm">
        {t('haccp.delivery.late')}
      </Badge>
      {chain.carriedBy && (
        <Text size="xs" c="dimmed">
          {t('haccp.delivery.carriedBy', { name: chain.carriedBy })}
        </Text>
      )}
    </Stack>
  );
}
