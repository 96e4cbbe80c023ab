import { useState } from 'react';
import { Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZAdminProductsPageQuery, type TAdminProduct, type TAdminProductSort } from '@washboard/contracts';
import { EmptyState } from '../../../ui/EmptyState';
import { usePhone } from '../../../ui/use-phone';
import { QueryBoundary } from '../../api/QueryBoundary';
import { useRangeName } from '../../runtime/runtime-context';
import { useProductsPage } from '../hooks/use-products';
import {
  AdminRows,
  SortBySelect,
  TableFooter,
  useAddressTableState,
  useLastPageWhenPastEnd,
  type TAdminColumn,
} from './admin-table';
import { ProductActions } from './ProductActions';

const TABLE_KEYS = ['q', 'sort', 'order', 'page', 'size'] as const;

type TColumn = TAdminColumn<TAdminProduct, TAdminProductSort>;

/**
 * The brand's products (spec §2 "Administration"), searched, sorted and paged by the server, with
 * each row's actions (claim for an account, unclaim, delete). The address keeps the table's state.
 */
export function ProductsTable() {
  const { t } = useTranslation();
  const rangeName = useRangeName();
  const { query, set, toggleSort } = useAddressTableState(ZAdminProductsPageQuery, TABLE_KEYS);
  const products = useProductsPage(query);
  useLastPageWhenPastEnd(products, set);
  // A phone gets one card per product: ten columns do not fit 390 px.
  const phone = usePhone();
  const [search, setSearch] = useState(query.q ?? '');
  const searchLater = useDebouncedCallback((q: string) => set({ q: q.trim() || undefined, page: undefined }), 300);

  const columns: TColumn[] = [
    { key: 'serialNumber', label: t('admin.products.serialNumber'), sort: 'serialNumber', cell: (p) => p.serialNumber },
    { key: 'modelNumber', label: t('admin.products.modelNumber'), sort: 'modelNumber', cell: (p) => p.modelNumber },
    { key: 'gamma', label: t('admin.products.gamma'), sort: 'gamma', cell: (p) => rangeName(p.gamma) },
    { key: 'brand', label: t('admin.products.brand'), sort: 'brand', cell: (p) => p.brand },
    { key: 'email', label: t('admin.products.userEmail'), sort: 'email', cell: (p) => p.userEmail ?? '' },
    {
      key: 'name',
      label: t('admin.products.name'),
      sort: 'name',
      cell: (p) => [p.userFirstName, p.userLastName].filter(Boolean).join(' '),
    },
    { key: 'company', label: t('admin.products.company'), sort: 'company', cell: (p) => p.companyName ?? p.companyCode ?? '' },
    { key: 'role', label: t('admin.products.role'), sort: 'role', cell: (p) => (p.role ? t(`roles.${p.role}`) : '') },
    { key: 'productName', label: t('admin.products.productName'), sort: 'productName', cell: (p) => p.productName ?? '' },
  ];

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
        {phone && (
          <SortBySelect
            columns={columns}
            sort={query.sort}
            order={query.order}
            onChange={(sort, order) => set({ sort, order: order === 'desc' ? 'desc' : undefined, page: undefined })}
          />
        )}
      </Group>

      <QueryBoundary query={products}>
        {(page) =>
          page.total === 0 ? (
            <EmptyState message={t('admin.products.empty')} />
          ) : (
            <AdminRows
              rows={page.items}
              rowKey={(product) => product.serialNumber}
              columns={columns}
              label={t('admin.tabs.manageProducts')}
              phone={phone}
              sort={query.sort}
              order={query.order}
              onSort={toggleSort}
              actions={(product) => <ProductActions product={product} />}
            />
          )
        }
      </QueryBoundary>

      <TableFooter
        shown={(range) => t('admin.products.shown', range)}
        data={products.data}
        page={query.page}
        size={query.size}
        onSize={(size) => set({ size, page: undefined })}
        onPage={(page) => set({ page: page === 1 ? undefined : String(page) })}
      />
    </Stack>
  );
}
