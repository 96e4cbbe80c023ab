import { Button, Chip, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APPLIANCE_CONNECTIVITY_FILTERS, canUseLocalLink, type TApplianceConnectivityFilter } from '@washboard/contracts';
import { AddDeviceDialog } from '../../modules/devices/components/AddDeviceDialog';
import { CompanyFilter, DeviceSearch } from '../../modules/devices/components/DeviceFilters';
import { DeviceList } from '../../modules/devices/components/DeviceList';
import type { TDeviceListFilters } from '../../modules/devices/hooks/use-device-list-query';
import { useDeviceListQuery } from '../../modules/devices/hooks/use-device-list-query';
import { useApplianceDetail, useDevices } from '../../modules/devices/hooks/use-devices';
import { LinkReach } from '../../modules/local-link/components/LinkReach';
import { NearbyMachines } from '../../modules/local-link/components/NearbyMachines';
import type { TLinkedMachine } from '../../modules/local-link/link-store';
import { useUserData } from '../../modules/session/session-store';
import { PageHeader } from '../../ui/PageHeader';
import { StaleMarker } from '../offline/StaleMarker';

type TFilterProps = { filters: TDeviceListFilters; onChange: (changes: Partial<TDeviceListFilters>) => void };

/**
 * The phone's filter bar: search, the connectivity chips and the company. The chips say how a
 * machine is reachable now: Bluetooth — within reach of this phone (the local link); Wi-Fi — online,
 * through the cloud; Offline — not online.
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
      {connectivity !== 'bluetooth' && <CompanyFilter filters={filters} onChange={onChange} />}
    </Stack>
  );
}

/** What a technician can do with a machine reached over Bluetooth; "Open machine" once the server shows it. */
function NearbyActions({ machine }: { machine: TLinkedMachine }) {
  const { t } = useTranslation();
  const user = useUserData();
  const { serialNumber } = machine;
  const known = useApplianceDetail(serialNumber);
  const path = encodeURIComponent(serialNumber);
  return (
    <>
      {user && canUseLocalLink(user) && (
        <>
          <Button component={Link} to={`/nearby/${path}/commission`} size="xs">
            {t('mobile.link.commission')}
          </Button>
          <Button component={Link} to={`/nearby/${path}/records`} size="xs" variant="light">
            {t('mobile.link.carryRecords')}
          </Button>
        </>
      )}
      {known.data ? (
        <Button component={Link} to={`/device/${path}`} size="xs" variant="default">
          {t('mobile.link.openMachine')}
        </Button>
      ) : (
        known.isError && (
          <Text size="xs" c="dimmed">
            {t('mobile.link.unknownMachine')}
          </Text>
        )
      )}
    </>
  );
}

/**
 * Home: the technician's machines, with the filters and search, and Add manually. The Bluetooth chip
 * lists the machines this phone reaches over Bluetooth now (they may not be the server's yet: a
 * machine in its box); every other chip lists the server's, each marked "Bluetooth" when the phone
 * reaches it that way too.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  const [adding, { open, close }] = useDisclosure(false);
  const [filters, update] = useDeviceListQuery();
  const bluetooth = filters.connectivity === 'bluetooth';
  // The list's own query (same key): read here for the age of what is shown. The Bluetooth chip
  // shows no list of the server's (its machines come from this phone): the whole list then.
  const devices = useDevices(bluetooth ? { ...filters, connectivity: 'all' } : filters);
  return (
    <>
      <PageHeader title={t('mobile.home.title')}>
        <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
          {t('mobile.home.addManually')}
        </Button>
      </PageHeader>
      {bluetooth ? (
        <Stack gap="md">
          <PhoneFilters filters={filters} onChange={update} />
          <NearbyMachines search={filters.q} renderActions={(machine) => <NearbyActions machine={machine} />} />
        </Stack>
      ) : (
        <>
          <StaleMarker updatedAt={devices.dataUpdatedAt} error={devices.error} />
          <DeviceList
            onAdd={open}
            renderFilters={(current, change) => <PhoneFilters filters={current} onChange={change} />}
            renderReach={(appliance) => <LinkReach serialNumber={appliance.serialNumber} />}
          />
        </>
      )}
      <AddDeviceDialog opened={adding} onClose={close} />
    </>
  );
}
