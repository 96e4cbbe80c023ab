import { useEffect } from 'react';
import { Group, NativeSelect, Pagination, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../hooks/use-address-params';
import type { z } from 'zod';
import { ADMIN_PAGE_SIZES } from '@washboard/contracts';

/** What every administration table's query has: a sort, its order, a page and a page size. */
type TPaged = { sort: string; order: 'asc' | 'desc'; page: number; size: number };

/**
 * An administration table's state from the address (a reload or a shared link shows the same page):
 * the `keys` of `schema`; bad values fall back to the defaults.
 */
export function useAddressTableState<S extends z.ZodType<TPaged>, K extends string>(schema: S, keys: readonly K[]) {
  const { params, set: setAddress } = useAddressParams();
  const raw = Object.fromEntries(keys.flatMap((k) => (params.get(k) ? [[k, params.get(k)]] : [])));
  const parsed = schema.safeParse(raw);
  const query: z.output<S> = parsed.success ? parsed.data : schema.parse({});
  const set = setAddress as (changes: Partial<Record<K, string | undefined>>) => void;
  /** Sorts by `sort`, ascending first; the same column again turns the order around. */
  const toggleSort = (sort: string) =>
    set({ sort, order: query.sort === sort && query.order === 'asc' ? 'desc' : undefined, page: undefined } as Partial<
      Record<K, string | undefined>
    >);
  return { query, set, toggleSort };
}

/**
 * Past the last page (its last row deleted, or an old link): moves to the last page there is, instead
 * of an empty page under a total. Waits for the page asked for, not the one kept while it loads.
 */
export function useLastPageWhenPastEnd(
  result: { data?: { items: unknown[]; total: number; page: number; size: number }; isPlaceholderData: boolean },
  set: (changes: { page: string | undefined }) => void,
): void {
  const data = result.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.size)) : 1;
  const pastEnd = data !== undefined && !result.isPlaceholderData && data.items.length === 0 && data.page > pages;
  useEffect(() => {
    if (pastEnd) set({ page: pages === 1 ? undefined : String(pages) });
  }, [pastEnd, pages, set]);
}

/** A column header that sorts the table, showing which way it is sorted now. */
export function SortButton({ label, state, onClick }: { label: string; state: 'asc' | 'desc' | undefined; onClick: () => void }) {
  const Icon = state === 'asc' ? IconArrowUp : state === 'desc' ? IconArrowDown : IconSelector;
  return (
    <UnstyledButton onClick={onClick} fw={700} fz="sm">
      <Group gap={4} wrap="nowrap">
        {label}
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

/** `aria-sort` of a column header. */
export function ariaSort(sorted: boolean, order: 'asc' | 'desc'): 'ascending' | 'descending' | undefined {
  return sorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined;
}

/** The phone's "Sort by" choice, standing in for the column headers: each sortable column both ways. */
export function SortBySelect({
  columns,
  sort,
  order,
  onChange,
}: {
  columns: { label: string; sort?: string }[];
  sort: string;
  order: 'asc' | 'desc';
  onChange: (sort: string, order: 'asc' | 'desc') => void;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t('admin.sortBy')}
      value={`${sort}:${order}`}
      onChange={(e) => {
        const [nextSort = sort, nextOrder] = e.currentTarget.value.split(':');
        onChange(nextSort, nextOrder === 'desc' ? 'desc' : 'asc');
      }}
      style={{ flex: '1 1 10rem' }}
      data={columns.flatMap((column) =>
        column.sort
          ? [
              { value: `${column.sort}:asc`, label: `${column.label} ↑` },
              { value: `${column.sort}:desc`, label: `${column.label} ↓` },
            ]
          : [],
      )}
    />
  );
}

/** Under a table: which rows are shown of how many, the page size and the pages. */
export function TableFooter({
  shown,
  data,
  page,
  size,
  onSize,
  onPage,
  sizes = ADMIN_PAGE_SIZES,
}: {
  /** The "1–25 of 300 …" line, from `from`, `to` and `total`. */
  shown: (range: { from: number; to: number; total: number }) => string;
  data: { total: number; page: number; size: number } | undefined;
  page: number;
  size: number;
  onSize: (size: string) => void;
  onPage: (page: number) => void;
  /** The page sizes offered (the Accounts and Products tables' by default). */
  sizes?: readonly number[];
}) {
  const { t } = useTranslation();
  if (!data || data.total === 0) return null;
  const pages = Math.max(1, Math.ceil(data.total / data.size));
  const from = (data.page - 1) * data.size + 1;
  const to = Math.min(data.total, data.page * data.size);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {shown({ from, to, total: data.total })}
      </Text>
      <Group gap="sm" wrap="wrap">
        <NativeSelect
          aria-label={t('admin.pageSize')}
          size="xs"
          value={String(size)}
          onChange={(e) => onSize(e.currentTarget.value)}
          data={sizes.map((n) => ({ value: String(n), label: t('admin.perPage', { size: n }) }))}
        />
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          siblings={1}
          getControlProps={(control) =>
            control === 'previous'
              ? { 'aria-label': t('admin.previousPage') }
              : control === 'next'
                ? { 'aria-label': t('admin.nextPage') }
                : {}
          }
        />
      </Group>
    </Group>
  );
}
