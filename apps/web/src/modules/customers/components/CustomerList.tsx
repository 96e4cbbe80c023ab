import { useState } from 'react';
import { Badge, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCustomer } from '@washboard/contracts';
import { QueryBoundary } from '../../api/QueryBoundary';
import { EmptyState } from '../../../ui/EmptyState';
import { useCustomers } from '../hooks/use-customers';
import { Pagination } from '../../../ui/Pagination';

type TProps = { onOpen: (customer: TCustomer) => void; updatedAt?: (at: number) => void };

/** The customers the technician manages: a search field and one page at a time, by surname. */
export function CustomerList({ onOpen }: TProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const customers = useCustomers(q, page);
  return (
    <Stack gap="sm">
      <TextInput
        type="search"
        label={t('mobile.customers.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <QueryBoundary query={customers}>
        {({ items, total, size }) =>
          items.length === 0 ? (
            <EmptyState message={t('mobile.customers.empty')} />
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('mobile.customers.title')}>
              {items.map((customer) => (
                <li key={customer.id}>
                  <UnstyledButton w="100%" onClick={() => onOpen(customer)}>
                    <Paper withBorder radius="md" p="sm">
                      <Group justify="space-between" wrap="nowrap">
                        <div>
                          <Text fw={600}>
                            {customer.surname} {customer.name}
                          </Text>
                          <Text size="sm" c="dimmed">
                            {[customer.city, customer.email].filter(Boolean).join(' · ')}
                          </Text>
                        </div>
                        <Badge variant="light">{t('mobile.customers.machinesCount', { count: customer.machines })}</Badge>
                      </Group>
                    </Paper>
                  </UnstyledButton>
                </li>
              ))}
              {total > size && <Pagination total={Math.ceil(total / size)} value={page} onChange={setPage} size="sm" />}
            </Stack>
          )
        }
      </QueryBoundary>
    </Stack>
  );
}
