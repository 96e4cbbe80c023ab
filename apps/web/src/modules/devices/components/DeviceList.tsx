import { Button, Center, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInbox, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/EmptyState';
import { useDevices } from '../hooks/use-devices';
import { activeFilterCount, useDeviceListQuery } from '../hooks/use-device-list-query';
import { DeviceCard } from './DeviceCard';
import { DeviceFilters } from './DeviceFilters';

/** No machine at all: the catalogue's message and the way to add the first one. */
function NoDevices({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" data-testid="devices-empty">
      <Stack align="center" gap="xs">
        <IconInbox size={40} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text fw={600}>{t('devices.empty')}</Text>
        <Text c="dimmed" size="sm" ta="center">
          {t('devices.emptyHint')}
        </Text>
        <Button mt="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
          {t('devices.addDevice.button')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The machines the user may see, as cards, with the filter bar; the filters live in the address. */
export function DeviceList({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation();
  const [filters, update] = useDeviceListQuery();
  const devices = useDevices(filters);
  const list = devices.data ?? [];
  const filtered = filters.q !== '' || activeFilterCount(filters) > 0;
  return (
    <Stack gap="md">
      <DeviceFilters filters={filters} onChange={update} />
      {devices.isPending ? (
        <Center py="xl">
          <Loader type="dots" />
        </Center>
      ) : devices.isError ? (
        <EmptyState message={devices.error.message} />
      ) : list.length === 0 && !filtered ? (
        <NoDevices onAdd={onAdd} />
      ) : list.length === 0 ? (
        <EmptyState message={filters.connectivity === 'bluetooth' ? t('devices.filter.bluetoothHint') : t('common.noResults')} />
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="device-count">
            {t('devices.count', { count: list.length })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {list.map((appliance) => (
              <DeviceCard key={appliance.serialNumber} appliance={appliance} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
