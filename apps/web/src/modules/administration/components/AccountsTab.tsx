import { useState } from 'react';
import { Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ROLES, USER_STATUSES, ZAdminUsersPageQuery, type TAdminUser, type TAdminUserSort } from '@washboard/contracts';
import { EmptyState } from '../../../ui/EmptyState';
import { usePhone } from '../../../ui/use-phone';
import { QueryBoundary } from '../../api/QueryBoundary';
import { useUserData } from '../../session/session-store';
import { useUsersPage } from '../hooks/use-accounts';
import { UserActions } from './UserActions';
import {
  AdminRows,
  SortBySelect,
  TableFooter,
  useAddressTableState,
  useLastPageWhenPastEnd,
  type TAdminColumn,
} from './admin-table';

const STATUSES = USER_STATUSES.filter((s) => s !== 'DELETED');
const TABLE_KEYS = ['q', 'status', 'role', 'sort', 'order', 'page', 'size'] as const;

type TColumn = TAdminColumn<TAdminUser, TAdminUserSort>;

/** Accounts: the brand's users, searched, filtered, sorted and paged by the server, with each row's actions. */
export function AccountsTab() {
  const { t } = useTranslation();
  const me = useUserData();
  const { query, set, toggleSort } = useAddressTableState(ZAdminUsersPageQuery, TABLE_KEYS);
  const users = useUsersPage(query);
  // A phone gets one card per account: eleven columns do not fit 390 px, and a sideways scroll hid the actions.
  const phone = usePhone();
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

  const data = users.data;
  useLastPageWhenPastEnd(users, set);

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
          <SortBySelect
            columns={columns}
            sort={query.sort}
            order={query.order}
            onChange={(sort, order) => set({ sort, order: order === 'desc' ? 'desc' : undefined, page: undefined })}
          />
        )}
      </Group>

      <QueryBoundary query={users}>
        {(page) =>
          page.total === 0 ? (
            <EmptyState message={t('admin.users.empty')} />
          ) : (
            <AdminRows
              rows={page.items}
              rowKey={(user) => user.id}
              columns={columns}
              label={t('admin.tabs.accounts')}
              phone={phone}
              sort={query.sort}
              order={query.order}
              onSort={toggleSort}
              actions={(user) => <UserActions user={user} caller={me} />}
            />
          )
        }
      </QueryBoundary>

      <TableFooter
        shown={(range) => t('admin.users.shown', range)}
        data={data}
        page={query.page}
        size={query.size}
        onSize={(size) => set({ size, page: undefined })}
        onPage={(page) => set({ page: page === 1 ? undefined : String(page) })}
      />
    </Stack>
  );
}
