import { useState } from 'react';
import { Badge, Button, Drawer, Group, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch, IconSortAscendingLetters, IconSortDescendingLetters } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { APPLIANCE_CONNECTIVITY_FILTERS, GAMMAS } from '@washboard/contracts';
import { usePhone } from '../../../ui/use-phone';
import { useRangeName } from '../../runtime/runtime-context';
import { activeFilterCount, type TDeviceListFilters } from '../hooks/use-device-list-query';
import { useDeviceCompanies } from '../hooks/use-device-list';

type TProps = { filters: TDeviceListFilters; onChange: (changes: Partial<TDeviceListFilters>) => void };

/** The company filter: the service companies of the user's machines, by name. */
export function CompanyFilter({ filters, onChange, w }: TProps & { w?: number }) {
  const { t } = useTranslation();
  const companies = useDeviceCompanies();
  return (
    <NativeSelect
      w={w}
      label={t('devices.filter.company')}
      data={[
        { value: '', label: t('devices.filter.allCompanies') },
        // Names only: a company code lets a technician ask to join that company, not for everyone's eyes.
        ...(companies.data ?? []).map((c) => ({ value: c.code, label: c.name ?? t('devices.filter.unnamedCompany') })),
      ]}
      value={filters.companyCode ?? ''}
      onChange={(event) => onChange({ companyCode: event.currentTarget.value || undefined })}
    />
  );
}

/** The company and range selects, the connectivity switch and the name sort. */
function FilterFields({ filters, onChange, stacked }: TProps & { stacked: boolean }) {
  const { t } = useTranslation();
  const rangeName = useRangeName();
  const selectWidth = stacked ? undefined : 200;
  return (
    <>
      <CompanyFilter filters={filters} onChange={onChange} w={selectWidth} />
      <NativeSelect
        w={selectWidth}
        label={t('devices.filter.gamma')}
        data={[
          { value: '', label: t('devices.filter.allGamma') },
          ...GAMMAS.map((gamma) => ({ value: gamma, label: rangeName(gamma) })),
          { value: 'none', label: t('devices.filter.noGamma') },
        ]}
        value={filters.gamma ?? ''}
        onChange={(event) => onChange({ gamma: (event.currentTarget.value || undefined) as TDeviceListFilters['gamma'] })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="device-connectivity-label">
          {t('devices.filter.connectivity')}
        </Text>
        <SegmentedControl
          aria-labelledby="device-connectivity-label"
          fullWidth={stacked}
          data={APPLIANCE_CONNECTIVITY_FILTERS.map((value) => ({ value, label: t(`devices.filter.${value}`) }))}
          value={filters.connectivity ?? 'all'}
          onChange={(value) => onChange({ connectivity: value as TDeviceListFilters['connectivity'] })}
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('devices.sort.label')}
        </Text>
        <Button
          variant="default"
          fullWidth={stacked}
          leftSection={
            filters.sort === 'desc' ? (
              <IconSortDescendingLetters size={18} aria-hidden />
            ) : (
              <IconSortAscendingLetters size={18} aria-hidden />
            )
          }
          onClick={() => onChange({ sort: filters.sort === 'desc' ? 'asc' : 'desc' })}
          data-testid="device-sort"
        >
          {t(filters.sort === 'desc' ? 'devices.sort.nameDesc' : 'devices.sort.nameAsc')}
        </Button>
      </Stack>
    </>
  );
}

/** The search box: the address follows the typing (debounced), and the box follows the address. */
export function DeviceSearch({ filters, onChange, flex }: TProps & { flex?: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(filters.q);
  const [shownQ, setShownQ] = useState(filters.q);
  const sendSearch = useDebouncedCallback((value: string) => onChange({ q: value }), 300);
  // The address changed the search (Back, a link): the box follows.
  if (filters.q !== shownQ) {
    setShownQ(filters.q);
    if (search.trim() !== filters.q) setSearch(filters.q);
  }
  return (
    <TextInput
      flex={flex}
      label={t('common.search')}
      placeholder={t('devices.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={search}
      onChange={(event) => {
        setSearch(event.currentTarget.value);
        sendSearch(event.currentTarget.value);
      }}
    />
  );
}

/**
 * The filter bar of the device list: search, company, range, connectivity and sort. Below the `sm`
 * breakpoint only the search stays in the page; the rest opens in a drawer from the bottom.
 */
export function DeviceFilters({ filters, onChange }: TProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [drawer, { open, close }] = useDisclosure(false);
  const count = activeFilterCount(filters);
  const searchBox = <DeviceSearch filters={filters} onChange={onChange} flex="1 1 220px" />;

  if (!phone) {
    return (
      <Group gap="sm" align="flex-end" wrap="wrap" data-testid="device-filters">
        {searchBox}
        <FilterFields filters={filters} onChange={onChange} stacked={false} />
      </Group>
    );
  }
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap" data-testid="device-filters">
      {searchBox}
      <Button
        variant="default"
        onClick={open}
        leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
        rightSection={
          count > 0 ? (
            <Badge size="sm" circle>
              {count}
            </Badge>
          ) : null
        }
      >
        {t('devices.filter.title')}
      </Button>
      <Drawer opened={drawer} onClose={close} position="bottom" size="auto" title={t('devices.filter.title')}>
        <Stack gap="md" pb="md">
          <FilterFields filters={filters} onChange={onChange} stacked />
          <Group grow>
            <Button
              variant="default"
              onClick={() => onChange({ companyCode: undefined, gamma: undefined, connectivity: undefined, sort: 'asc' })}
            >
              {t('devices.filter.clear')}
            </Button>
            <Button onClick={close}>{t('common.close')}</Button>
          </Group>
        </Stack>
      </Drawer>
    </Group>
  );
}
