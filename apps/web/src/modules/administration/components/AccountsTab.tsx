import { useState } from 'react';
import { Group, NativeSelect, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconSearch, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_PAGE_SIZES,
  ROLES,
  USER_STATUSES,
  ZAdminUsersPageQuery,
  type TAdminUser,
  type TAdminUserSort,
} from '@washboard/contracts';
import { EmptyState } from '../../../ui/EmptyState';
import { QueryBoundary } from '../../api/QueryBoundary';
import { useUserData } from '../../session/session-store';
import { useUsersPage } from '../hooks/use-accounts';
import { useAddressParams } from '../hooks/use-address-params';
import { TablePager } from './TablePager';
import { UserActions } from './UserActions';

const STATUSES = USER_STATUSES.filter((s) => s !== 'DELETED');
const TABLE_KEYS = ['q', 'status', 'role', 'sort', 'order', 'page', 'size'] as const;

type TColumn = { key: string; label: string; sort?: TAdminUserSort; cell: (u: TAdminUser) => string };

/** The table's state from the address (a reload or a shared link shows the same page); bad values fall back to defaults. */
function useTableState() {
  const { params, set } = useAddressParams();
  const raw = Object.fromEntries(TABLE_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)]] : [])));
  const parsed = ZAdminUsersPageQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : ZAdminUsersPageQuery.parse({});
  return { query, set };
}

/** Accounts: the brand's users, searched, filtered, sorted and paged by the server, with each row's actions. */
export function AccountsTab() {
  const { t } = useTranslation();
  const me = useUserData();
  const { query, set } = useTableState();
  const users = useUsersPage(query);
  // A phone gets one card per account: eleven columns do not fit 390 px, and a sideways scroll hid the actions.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [search, setSearch] = useState(query.q ?? '');
  const searchLater = useDebouncedCallback((q: string) => set({ q: q.trim() || undefined, page: undefined }), 300);

  const columns: TColumn[] = [
    { key: 'email', label: t('admin.users.email'), sort: 'email', cell: (u) => u.email },
    { key: 'firstName', label: t('admin.users.firstName'), sort: 'firstName', cell: (u) => u.firstName },
    { key: 'lastName', label: t('admin.users.lastName'), sort: 'lastName', cell: (u) => u.lastName },
    { key: 'status', label: t('admin.users.status'), sort: 'status', cell: (u) => t(`userStatus.${u.status}`) },
    { key: 'company', label: t('admin.users.company'), sort: 'company', cell: (u) => u.companyName ?? '' },
    { key: 'role', label: t('admin.users.role'), sort: 'role', cell: (u) => t(`roles.${u.role}`) },
    {
      key: 'country',
      label: t('admin.users.country'),
      sort: 'country',
      cell: (u) => (u.country ? t(`countries.${u.country}`, { defaultValue: u.country }) : ''),
    },
    { key: 'mobile', label: t('admin.users.mobile'), cell: (u) => u.mobile ?? '' },
    { key: 'phone', label: t('admin.users.phone'), cell: (u) => u.phone ?? '' },
    {
      key: 'profiles',
      label: t('admin.users.adminProfiles'),
      cell: (u) => u.administrationProfile.map((p) => t(`adminProfiles.${p}`)).join(', '),
    },
  ];

  const toggleSort = (sort: TAdminUserSort) =>
    set({ sort, order: query.sort === sort && query.order === 'asc' ? 'desc' : undefined, page: undefined });

  const data = users.data;

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('admin.keywordSearch')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            searchLater(e.currentTarget.value);
          }}
          maxLength={100}
          style={{ flex: '1 1 16rem' }}
        />
        <NativeSelect
          label={t('admin.users.status')}
          value={query.status ?? ''}
          onChange={(e) => set({ status: e.currentTarget.value || undefined, page: undefined })}
          data={[
            { value: '', label: t('admin.users.allStatuses') },
            ...STATUSES.map((s) => ({ value: s, label: t(`userStatus.${s}`) })),
          ]}
        />
        <NativeSelect
          label={t('admin.users.role')}
          value={query.role ?? ''}
          onChange={(e) => set({ role: e.currentTarget.value || undefined, page: undefined })}
          style={{ flex: '1 1 10rem' }}
          data={[{ value: '', label: t('admin.users.allRoles') }, ...ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))]}
        />
        {phone && (
          <NativeSelect
            label={t('admin.sortBy')}
            value={`${query.sort}:${query.order}`}
            onChange={(e) => {
              const [sort, order] = e.currentTarget.value.split(':');
              set({ sort, order: order === 'desc' ? 'desc' : undefined, page: undefined });
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
        )}
      </Group>

      <QueryBoundary query={users}>
        {(page) =>
          page.total === 0 ? (
            <EmptyState message={t('admin.users.empty')} />
          ) : phone ? (
            <Stack gap="sm" role="list" aria-label={t('admin.tabs.accounts')}>
              {page.items.map((user) => (
                <Paper key={user.id} withBorder radius="md" p="sm" role="listitem">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text fw={600} style={{ wordBreak: 'break-all' }}>
                      {user.email}
                    </Text>
                    <UserActions user={user} caller={me} />
                  </Group>
                  <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} mt="xs">
                    {columns.slice(1).flatMap((column) => {
                      const value = column.cell(user);
                      return value
                        ? [
                            <div key={column.key}>
                              <Text size="xs" c="dimmed">
                                {column.label}
                              </Text>
                              <Text size="sm">{value}</Text>
                            </div>,
                          ]
                        : [];
                    })}
                  </SimpleGrid>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Paper withBorder radius="md">
              <ScrollArea type="auto">
                <Table striped highlightOnHover verticalSpacing="xs" miw={1100} aria-label={t('admin.tabs.accounts')}>
                  <Table.Thead>
                    <Table.Tr>
                      {columns.map((column) => (
                        <Table.Th
                          key={column.key}
                          aria-sort={
                            column.sort && query.sort === column.sort
                              ? query.order === 'asc'
                                ? 'ascending'
                                : 'descending'
                              : undefined
                          }
                        >
                          {column.sort ? (
                            <SortButton
                              label={column.label}
                              state={query.sort === column.sort ? query.order : undefined}
                              onClick={() => column.sort && toggleSort(column.sort)}
                            />
                          ) : (
                            column.label
                          )}
                        </Table.Th>
                      ))}
                      <Table.Th>{t('common.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {page.items.map((user) => (
                      <Table.Tr key={user.id}>
                        {columns.map((column, i) =>
                          i === 0 ? (
                            <Table.Th key={column.key} scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                              {column.cell(user)}
                            </Table.Th>
                          ) : (
                            <Table.Td key={column.key}>{column.cell(user)}</Table.Td>
                          ),
                        )}
                        <Table.Td>
                          <UserActions user={user} caller={me} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            </Paper>
          )
        }
      </QueryBoundary>

      {data && data.total > 0 && (
        <TablePager
          total={data.total}
          page={query.page}
          size={query.size}
          sizes={ADMIN_PAGE_SIZES}
          summary={(range) => t('admin.users.shown', range)}
          onChange={set}
        />
      )}
    </Stack>
  );
}

function SortButton({ label, state, onClick }: { label: string; state: 'asc' | 'desc' | undefined; onClick: () => void }) {
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
