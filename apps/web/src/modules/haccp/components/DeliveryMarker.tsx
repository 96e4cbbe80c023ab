import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, type TChainPlace, type TOtherVersion } from '@washboard/contracts';
import { useLanguage } from '../../i18n/i18n';

/** Other versions named one by one, the oldest; the badge says how many there are in all. */
const SHOWN_VERSIONS = 3;

type TProps = {
  chain: TChainPlace | null;
  /** Other versions delivered under the record's id and kept aside (docs/device-protocol.md). */
  otherVersions: readonly TOtherVersion[];
  timeZone: string;
};

/**
 * A HACCP record the machine delivered late (it had buffered it), and who carried it home over
 * Bluetooth (docs/local-link.md); other versions of it that came under its id, from the machine or a
 * phone, and were kept aside; nothing for a record delivered on time, once. Events and alarms alike.
 */
export function DeliveryMarker({ chain, otherVersions, timeZone }: TProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (!chain?.late && otherVersions.length === 0) return null;
  return (
    <Stack gap={2} align="flex-start">
      {chain?.late && (
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
      )}
      {otherVersions.length > 0 && (
        <Stack gap={2} align="flex-start" data-delivery="other-versions">
          <Badge color="red" variant="light" size="sm">
            {t('haccp.delivery.otherVersions', { count: otherVersions.length })}
          </Badge>
          {otherVersions.slice(0, SHOWN_VERSIONS).map((v, i) => {
            const date = formatDate(v.receivedAt, 'long', lang, timeZone);
            return (
              // In the order received, never reordered: the place is the key.
              <Text key={i} size="xs" c="dimmed">
                {v.carriedBy === null
                  ? t('haccp.delivery.fromMachine', { date })
                  : t('haccp.delivery.carriedHome', { name: v.carriedBy, date })}
              </Text>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
