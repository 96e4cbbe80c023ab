import { useEffect, type ReactNode } from 'react';
import { Group, NativeSelect, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../../navigation/use-address-params';
import type { z } from 'zod';
import { ADMIN_PAGE_SIZES } from '@washboard/contracts';
import { Pagination } from '../../../ui/Pagination';

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
        <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} size="sm" siblings={1} />
      </Group>
    </Group>
  );
}

/** A column of an administration table: its header, the sort it stands for (if any) and a row's cell text. */
export type TAdminColumn<T, S extends string = string> = { key: string; label: string; sort?: S; cell: (row: T) => string };

/**
 * An administration table's rows: a table with sortable headers at desk width, one card per row on a
 * phone (the first column as its title, the others labelled, empty ones left out). `actions` draws a
 * row's action menu in both.
 */
export function AdminRows<T, S extends string>({
  rows,
  rowKey,
  columns,
  label,
  phone,
  sort,
  order,
  onSort,
  actions,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly TAdminColumn<T, S>[];
  /** the table's (or the card list's) accessible name */
  label: string;
  phone: boolean;
  sort: string;
  order: 'asc' | 'desc';
  onSort: (sort: S) => void;
  actions: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const [first, ...others] = columns;
  if (phone) {
    return (
      <Stack gap="sm" role="list" aria-label={label}>
        {rows.map((row) => (
          <Paper key={rowKey(row)} withBorder radius="md" p="sm" role="listitem">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600} style={{ wordBreak: 'break-all' }}>
                {first?.cell(row)}
              </Text>
              {actions(row)}
            </Group>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} mt="xs">
              {others.flatMap((column) => {
                const value = column.cell(row);
                return value
                  ? [
                      <div key={column.key} style={{ minWidth: 0 }}>
                        <Text size="xs" c="dimmed">
                          {column.label}
                        </Text>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {value}
                        </Text>
                      </div>,
                    ]
                  : [];
              })}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md">
      <ScrollArea type="auto">
        <Table striped highlightOnHover verticalSpacing="xs" miw={1100} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const by = column.sort;
                return (
                  <Table.Th key={column.key} aria-sort={by ? ariaSort(sort === by, order) : undefined}>
                    {by ? (
                      <SortButton label={column.label} state={sort === by ? order : undefined} onClick={() => onSort(by)} />
                    ) : (
                      column.label
                    )}
                  </Table.Th>
                );
              })}
              <Table.Th>{t('common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column, i) =>
                  i === 0 ? (
                    <Table.Th key={column.key} scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                      {column.cell(row)}
                    </Table.Th>
                  ) : (
                    <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
                  ),
                )}
                <Table.Td>{actions(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
