import type { TCustomerDetail, TCustomersPage, TCustomerWrite } from '@washboard/contracts';
import { apiFetch } from '../../api/api-client';

/** GET /api/v1/customers: one page of the customers the caller manages, searched. */
export function fetchCustomers(q: string, page: number): Promise<TCustomersPage> {
  const query = new URLSearchParams({ page: String(page), size: '25' });
  if (q.trim()) query.set('q', q.trim());
  return apiFetch<TCustomersPage>(`/api/v1/customers?${query.toString()}`);
}

export function fetchCustomer(id: string): Promise<TCustomerDetail> {
  return apiFetch<TCustomerDetail>(`/api/v1/customers/${id}`);
}

/** The path and body of a customer's change, as the offline queue keeps it. */
export function customerWrite(id: string | undefined, body: TCustomerWrite) {
  return id
    ? { method: 'PUT' as const, path: `/api/v1/customers/${id}`, body }
    : { method: 'POST' as const, path: '/api/v1/customers', body };
}

export function assignAppliance(id: string, serialNumber: string, assign: boolean): Promise<TCustomerDetail> {
  return apiFetch<TCustomerDetail>(`/api/v1/customers/${id}/appliances/${encodeURIComponent(serialNumber)}`, {
    method: assign ? 'PUT' : 'DELETE',
  });
}

export function linkAccount(id: string, email: string): Promise<TCustomerDetail> {
  return apiFetch<TCustomerDetail>(`/api/v1/customers/${id}/accounts`, { method: 'POST', body: JSON.stringify({ email }) });
}

export function unlinkAccount(id: string, userId: string): Promise<TCustomerDetail> {
  return apiFetch<TCustomerDetail>(`/api/v1/customers/${id}/accounts/${userId}`, { method: 'DELETE' });
}

export function deleteCustomer(id: string): Promise<unknown> {
  return apiFetch(`/api/v1/customers/${id}`, { method: 'DELETE' });
}
