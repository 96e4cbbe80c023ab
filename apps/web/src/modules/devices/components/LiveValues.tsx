import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  displayUnits,
  liveFieldLabel,
  liveFieldsFor,
  type TApplianceStatus,
  type TGamma,
  type TLiveTelemetry,
} from '@washboard/contracts';
import { formatLiveValue } from './live-format';

/**
 * The live values of a machine's range (`live-{field}`) in its unit system, a dash for those not
 * received yet; while a cycle runs, the boiler's and tank's setpoints under their temperatures.
 */
export function LiveValues({
  gamma,
  status,
  telemetry,
}: {
  gamma: TGamma;
  status: Pick<TApplianceStatus, 'unitSystem' | 'setpoints'>;
  telemetry: TLiveTelemetry | null | undefined;
}) {
  const { t, i18n } = useTranslation();
  const units = displayUnits(status.unitSystem, gamma);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
      {liveFieldsFor(gamma).map((field) => {
        const setpoint = status.setpoints?.[field];
        return (
          <Stack key={field} gap={0} data-testid={`live-${field}`}>
            <Text size="xs" c="dimmed">
              {t(liveFieldLabel(field))}
            </Text>
            <Text fw={600}>{formatLiveValue(field, telemetry, i18n.language, units) ?? '—'}</Text>
            {setpoint !== undefined && (
              <Text size="xs" c="dimmed" data-testid={`setpoint-${field}`}>
                {t('device.live.setpoint', {
                  value: formatLiveValue(field, { ts: '', [field]: setpoint }, i18n.language, units) ?? '—',
                })}
              </Text>
            )}
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
