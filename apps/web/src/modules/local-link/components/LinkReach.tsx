import { Badge } from '@mantine/core';
import { IconBluetooth } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLinkedMachine } from '../link-store';

/** "Bluetooth" beside a machine the phone is connected to now (its Wi-Fi reach is its online badge). */
export function LinkReach({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const machine = useLinkedMachine(serialNumber);
  if (!machine?.connected) return null;
  // An icon only: a list card's header has room for its name, online badge and menu, not for more words.
  const label = t('mobile.home.filters.bluetooth');
  return (
    <Badge color="blue" variant="light" px={6} role="img" aria-label={label} title={label} style={{ flexShrink: 0 }}>
      <IconBluetooth size={12} aria-hidden style={{ display: 'block' }} />
    </Badge>
  );
}
