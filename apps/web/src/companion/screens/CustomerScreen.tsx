import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { TCustomerDetail, TCustomerWrite } from '@washboard/contracts';
import { QueryBoundary } from '../../modules/api/QueryBoundary';
import { apiErrorMessage } from '../../modules/api/api-error-message';
import { customerWrite } from '../../modules/customers/api/customers-api';
import { CustomerContact } from '../../modules/customers/components/CustomerContact';
import { CustomerForm } from '../../modules/customers/components/CustomerForm';
import { CustomerMachines } from '../../modules/customers/components/CustomerMachines';
import { customerKeys, useCustomer, useDeleteCustomer } from '../../modules/customers/hooks/use-customers';
import { useDialog } from '../../ui/dialog/dialog-context';
import { notify } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { offlineQueue } from '../offline';
import { StaleMarker } from '../offline/StaleMarker';
import { submitNotice } from '../offline/submit-notice';

/**
 * Saves a customer through the offline queue: sent at once with a network, else kept and sent when
 * the phone is back online (the user is told which, or that the server refused it).
 */
function useSaveCustomer(id: string | undefined, label: string) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const [saving, setSaving] = useState(false);
  const save = async (values: TCustomerWrite): Promise<boolean> => {
    setSaving(true);
    try {
      const request = { ...customerWrite(id, values), label: `${label}: ${values.surname} ${values.name}` };
      const outcome = await offlineQueue.submit({ ...request, invalidates: [customerKeys.all] });
      notify(
        submitNotice(outcome, request.label, t, { sent: t('mobile.customers.saved'), queued: t('mobile.customers.queued') }),
      );
      return outcome !== 'failed';
    } catch (error) {
      dialog.show({ kind: 'error', message: apiErrorMessage(error, t, t('errors.generic')) });
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}

/** New customer: the form; once saved, back to the list. */
export function NewCustomerScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { save, saving } = useSaveCustomer(undefined, t('mobile.customers.new'));
  return (
    <>
      <PageHeader title={t('mobile.customers.new')} />
      <CustomerForm saving={saving} onSubmit={(values) => void save(values).then((ok) => ok && navigate('/customers'))} />
    </>
  );
}

/** Edit customer: its fields (kept offline too), its machines and linked accounts, delete. */
export function CustomerScreen() {
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  return (
    <QueryBoundary query={customer}>
      {(data) => (
        <>
          <StaleMarker updatedAt={customer.dataUpdatedAt} error={customer.error} />
          <EditCustomer key={data.updatedAt} customer={data} />
        </>
      )}
    </QueryBoundary>
  );
}

function EditCustomer({ customer }: { customer: TCustomerDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialog = useDialog();
  const remove = useDeleteCustomer(customer.id);
  const { save, saving } = useSaveCustomer(customer.id, t('mobile.customers.modify'));
  const askDelete = () =>
    dialog.show({
      kind: 'warning',
      mode: 'confirm',
      message: t('mobile.customers.deleteConfirm', { name: `${customer.surname} ${customer.name}` }),
      confirmLabel: t('mobile.customers.delete'),
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => void navigate('/customers'),
          onError: (error) => dialog.show({ kind: 'error', message: apiErrorMessage(error, t, t('errors.generic')) }),
        }),
    });
  return (
    <Stack gap="lg">
      <PageHeader title={t('mobile.customers.modify')}>
        <Button size="sm" variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={askDelete}>
          {t('mobile.customers.delete')}
        </Button>
      </PageHeader>
      <CustomerContact customer={customer} />
      {/* Made to the customer as loaded: a save by someone else since is not overwritten (409). */}
      <CustomerForm
        initial={customer}
        saving={saving}
        onSubmit={(values) => void save({ ...values, expectedUpdatedAt: customer.updatedAt })}
      />
      <CustomerMachines customer={customer} />
    </Stack>
  );
}
