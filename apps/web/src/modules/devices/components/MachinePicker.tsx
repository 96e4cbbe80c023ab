import { useState } from 'react';
import { Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TApplianceSummary, TGamma } from '@washboard/contracts';
import { useDevices } from '../hooks/use-devices';

type TProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'> & {
  value: string | null;
  onChange: (serialNumber: string | null) => void;
  /** Which of the machines found may be picked (not assigned yet, of a profile's model). */
  offers?: (machine: TApplianceSummary) => boolean;
  /** What is searched while nothing is typed (a model number), and the range the machines must be of. */
  initialSearch?: string;
  gamma?: TGamma;
};

const optionOf = (m: TApplianceSummary): ComboboxItem => ({
  value: m.serialNumber,
  label: `${m.applianceName || m.serialNumber} (${m.serialNumber})`,
});

/**
 * One of the machines the user sees, found by name, serial or model number as it is typed. The
 * server searches (a technician may see thousands of machines; the list answers 50 at a time), so
 * the field offers the first matches of all of them, not of the first page only.
 */
export function MachinePicker({ value, onChange, offers = () => true, initialSearch = '', gamma, ...rest }: TProps) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<ComboboxItem | null>(null);
  // Once a machine is picked, the field shows its label: that is not something to search for.
  const typed = picked && search === picked.label ? '' : search.trim();
  const [q] = useDebouncedValue(typed || initialSearch, 250);
  const devices = useDevices({ q, sort: 'asc', gamma });
  const options = (devices.data?.pages[0]?.items ?? []).filter(offers).map(optionOf);
  const data = picked && picked.value === value && !options.some((o) => o.value === value) ? [picked, ...options] : options;
  return (
    <Select
      {...rest}
      data={data}
      value={value}
      onChange={(serialNumber, option) => {
        setPicked(serialNumber ? option : null);
        onChange(serialNumber);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server matched what was typed already.
      filter={({ options: found }) => found}
    />
  );
}
