import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCustomerDetail } from '@washboard/contracts';
import { deviceKeys } from '../../devices/hooks/device-keys';
import { assignAppliance, deleteCustomer, fetchCustomer, fetchCustomers, linkAccount, unlinkAccount } from '../api/customers-api';

export const customerKeys = {
  all: ['customers'] as const,
  page: (q: string, page: number) => [...customerKeys.all, 'page', q, page] as const,
  detail: (id: string) => [...customerKeys.all, 'detail', id] as const,
};

export function useCustomers(q: string, page: number) {
  return useQuery({
    queryKey: customerKeys.page(q, page),
    queryFn: () => fetchCustomers(q, page),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: string) {
  return useQuery({ queryKey: customerKeys.detail(id), queryFn: () => fetchCustomer(id) });
}

/** After a change of customer `id`: its answer shown, lists and machines fetched again. */
function useCustomerChanged(): (id: string, answer: unknown) => void {
  const client = useQueryClient();
  return (id, answer) => {
    if (answer && typeof answer === 'object' && 'id' in answer) client.setQueryData(customerKeys.detail(id), answer);
    void client.invalidateQueries({ queryKey: customerKeys.all });
    // Who sees which machine may have changed.
    void client.invalidateQueries({ queryKey: deviceKeys.all });
  };
}

/** Assigning, linking and deleting need the network: each answers the customer as it now is. */
export function useCustomerChange<V>(id: string, change: (id: string, variables: V) => Promise<TCustomerDetail | unknown>) {
  const changed = useCustomerChanged();
  return useMutation({
    mutationFn: (variables: V) => change(id, variables),
    onSuccess: (answer) => changed(id, answer),
  });
}

export const useAssign = (id: string) =>
  useCustomerChange(id, (customer, { serialNumber, assign }: { serialNumber: string; assign: boolean }) =>
    assignAppliance(customer, serialNumber, assign),
  );
export const useLink = (id: string) => useCustomerChange(id, (customer, email: string) => linkAccount(customer, email));
export const useUnlink = (id: string) => useCustomerChange(id, (customer, userId: string) => unlinkAccount(customer, userId));
export const useDeleteCustomer = (id: string) => useCustomerChange(id, (customer) => deleteCustomer(customer));

/** Assigns one machine to a customer chosen at the time (the install screen's last step). */
export function useAssignToCustomer(serialNumber: string) {
  const changed = useCustomerChanged();
  return useMutation({
    mutationFn: (customerId: string) => assignAppliance(customerId, serialNumber, true),
    onSuccess: (answer, customerId) => changed(customerId, answer),
  });
}
