import { useState } from 'react';
import { Center, Group, Loader, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/EmptyState';
import type { TDeviceSort } from '../api/devices-api';
import { useDevices } from '../hooks/use-devices';
import { DeviceCard } from './DeviceCard';

/** The machines the user may see, as cards, with a search box and the name sort. */
export function DeviceList() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<TDeviceSort>('asc');
  const [q] = useDebouncedValue(search.trim(), 300);
  const devices = useDevices({ q, sort });
  const list = devices.data ?? [];
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          flex="1 1 240px"
          label={t('common.search')}
          placeholder={t('devices.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <NativeSelect
          flex="0 1 240px"
          miw={200}
          label={t('devices.sort.label')}
          data={[
            { value: 'asc', label: t('devices.sort.nameAsc') },
            { value: 'desc', label: t('devices.sort.nameDesc') },
          ]}
          value={sort}
          onChange={(event) => setSort(event.currentTarget.value === 'desc' ? 'desc' : 'asc')}
        />
      </Group>
      {devices.isPending ? (
        <Center py="xl">
          <Loader type="dots" />
        </Center>
      ) : devices.isError ? (
        <EmptyState message={devices.error.message} />
      ) : list.length === 0 ? (
        <EmptyState message={q ? t('common.noResults') : t('devices.empty')} />
      ) : (
        <>
          <Text size="sm" c="dimmed">
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
