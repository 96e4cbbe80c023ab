import { Alert, Button, Chip, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBluetoothOff, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { APPLIANCE_CONNECTIVITY_FILTERS, type TApplianceConnectivityFilter } from '@washboard/contracts';
import { AddDeviceDialog } from '../../modules/devices/components/AddDeviceDialog';
import { CompanyFilter, DeviceSearch } from '../../modules/devices/components/DeviceFilters';
import { DeviceList } from '../../modules/devices/components/DeviceList';
import type { TDeviceListFilters } from '../../modules/devices/hooks/use-device-list-query';
import { useDeviceListQuery } from '../../modules/devices/hooks/use-device-list-query';
import { useDevices } from '../../modules/devices/hooks/use-devices';
import { PageHeader } from '../../ui/PageHeader';
import { StaleMarker } from '../offline/StaleMarker';

type TFilterProps = { filters: TDeviceListFilters; onChange: (changes: Partial<TDeviceListFilters>) => void };

/**
 * The phone's filter bar: search, the connectivity chips (Bluetooth, Wi-Fi, All, Offline) and the
 * company. The app reaches no machine over Bluetooth yet (the local link comes with the next
 * issue): the Bluetooth chip says so, and lists what the server knows — machines that never
 * connected to the network.
 */
function PhoneFilters({ filters, onChange }: TFilterProps) {
  const { t } = useTranslation();
  const connectivity = filters.connectivity ?? 'all';
  return (
    <Stack gap="xs" data-testid="device-filters">
      <DeviceSearch filters={filters} onChange={onChange} />
      <Chip.Group
        multiple={false}
        value={connectivity}
        onChange={(value) => onChange({ connectivity: value as TApplianceConnectivityFilter })}
      >
        <Group gap={6} role="group" aria-label={t('devices.filter.connectivity')}>
          {APPLIANCE_CONNECTIVITY_FILTERS.map((value) => (
            <Chip key={value} value={value} size="sm" variant="outline">
              {t(`mobile.home.filters.${value}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <CompanyFilter filters={filters} onChange={onChange} />
      {connectivity === 'bluetooth' && (
        <Alert
          color="gray"
          variant="light"
          p="xs"
          icon={<IconBluetoothOff size={18} aria-hidden />}
          data-testid="bluetooth-not-yet"
        >
          {t('mobile.home.bluetoothNotYet')}
        </Alert>
      )}
    </Stack>
  );
}

/** Home: the technician's machines, with the filters and search, and Add manually. */
export function HomeScreen() {
  const { t } = useTranslation();
  const [adding, { open, close }] = useDisclosure(false);
  const [filters] = useDeviceListQuery();
  // The list's own query (same key): read here for the age of what is shown.
  const devices = useDevices(filters);
  return (
    <>
      <PageHeader title={t('mobile.home.title')}>
        <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
          {t('mobile.home.addManually')}
        </Button>
      </PageHeader>
      <StaleMarker updatedAt={devices.dataUpdatedAt} error={devices.error} />
      <DeviceList onAdd={open} renderFilters={(current, update) => <PhoneFilters filters={current} onChange={update} />} />
      <AddDeviceDialog opened={adding} onClose={close} />
    </>
  );
}
