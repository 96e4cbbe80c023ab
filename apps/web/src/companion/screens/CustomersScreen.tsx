import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CustomerList } from '../../modules/customers/components/CustomerList';
import { PageHeader } from '../../ui/PageHeader';

/** Customers: the service company's clients, searched, and New customer. */
export function CustomersScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('mobile.customers.title')}>
        <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => void navigate('/customers/new')}>
          {t('mobile.customers.new')}
        </Button>
      </PageHeader>
      <CustomerList onOpen={(customer) => void navigate(`/customers/${customer.id}`)} />
    </>
  );
}
