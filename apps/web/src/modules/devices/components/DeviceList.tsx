import type { ReactNode } from 'react';
import { Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInbox, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TApplianceSummary } from '@washboard/contracts';
import { showsLastData, useKeepsStaleData } from '../../api/stale-data';
import { EmptyState } from '../../../ui/EmptyState';
import { loadedDevices, matchingDevices } from '../hooks/device-list-pages';
import { useDevices } from '../hooks/use-devices';
import { activeFilterCount, useDeviceListQuery, type TDeviceListFilters } from '../hooks/use-device-list-query';
import { useEndOfList } from '../hooks/use-end-of-list';
import { DeviceCard } from './DeviceCard';
import { DeviceFilters } from './DeviceFilters';
import { Loading } from '../../../ui/Loading';

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

type TMoreProps = {
  /** Another page follows and the shown list is the current filters' own (not the previous one's, kept while loading). */
  more: boolean;
  /** A page or a reload is on its way: asking for the next page now would cancel a reload. */
  loading: boolean;
  error: Error | null;
  onMore: () => void;
};

/**
 * The end of the list: the next page loads when it comes into view, and "Show more" does the same for
 * the keyboard, assistive technology, or a browser without IntersectionObserver. A failed page says
 * why above the button, which tries again.
 */
function MoreDevices({ more, loading, error, onMore }: TMoreProps) {
  const { t } = useTranslation();
  const sentinel = useEndOfList(onMore, more && !loading && !error);
  if (!more) return null;
  return (
    <Stack ref={sentinel} align="center" gap="xs" py="sm">
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error.message}
        </Text>
      ) : null}
      <Button variant="default" loading={loading} onClick={onMore} data-testid="device-show-more">
        {t('devices.showMore')}
      </Button>
    </Stack>
  );
}

type TDeviceListProps = {
  onAdd: () => void;
  /** Another filter bar than the dashboard's (the companion's chips), given the filters and their setter. */
  renderFilters?: (filters: TDeviceListFilters, update: (changes: Partial<TDeviceListFilters>) => void) => ReactNode;
  /** More ways a machine is reachable now, beside its online badge (the companion's Bluetooth). */
  renderReach?: (appliance: TApplianceSummary) => ReactNode;
};

/**
 * The machines the user may see, as cards, with the filter bar; the filters live in the address.
 * The list comes a page at a time: the next one loads at the end of the list (docs/device-list.md).
 */
export function DeviceList({ onAdd, renderFilters, renderReach }: TDeviceListProps) {
  const { t } = useTranslation();
  const [filters, update] = useDeviceListQuery();
  const devices = useDevices(filters);
  const keepsStaleData = useKeepsStaleData();
  const list = loadedDevices(devices.data);
  const total = matchingDevices(devices.data);
  const filtered = filters.q !== '' || activeFilterCount(filters) > 0;
  return (
    <Stack gap="md">
      {renderFilters ? renderFilters(filters, update) : <DeviceFilters filters={filters} onChange={update} />}
      {devices.isPending ? (
        <Loading />
      ) : devices.isError && !devices.isFetchNextPageError && !showsLastData(devices, keepsStaleData) ? (
        <EmptyState message={devices.error.message} />
      ) : list.length === 0 && !filtered ? (
        <NoDevices onAdd={onAdd} />
      ) : list.length === 0 ? (
        <EmptyState message={filters.connectivity === 'bluetooth' ? t('devices.filter.bluetoothHint') : t('common.noResults')} />
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="device-count" aria-live="polite">
            {t('devices.shown', { shown: list.length, count: total })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {list.map((appliance) => (
              <DeviceCard key={appliance.serialNumber} appliance={appliance} reach={renderReach?.(appliance)} />
            ))}
          </SimpleGrid>
          <MoreDevices
            more={devices.hasNextPage && !devices.isPlaceholderData}
            loading={devices.isFetching}
            error={devices.isFetchNextPageError ? devices.error : null}
            onMore={() => void devices.fetchNextPage()}
          />
        </>
      )}
    </Stack>
  );
}
