import type {
  TAuditPage,
  TAuditPageQuery,
  TAdminProfile,
  TAdminUsersPage,
  TAdminUsersPageQuery,
  TCodeResponse,
  TCompany,
  TCompanyTreeNode,
  TCreateProductRequest,
  TProductImportResponse,
  TRole,
} from '@washboard/contracts';
import { apiFetch, apiFetchBlob } from '../../api/api-client';

/** The administration calls (ACCOUNTS and COMPANIES profiles); `{code: '200'}` answers are checked here. */

async function expectOk(answer: Promise<TCodeResponse>): Promise<void> {
  if ((await answer)?.code !== '200') throw new Error('unexpected answer');
}

const userPath = (id: string, call = '') => `/api/v1/account/users/${encodeURIComponent(id)}${call}`;

/** A query string of the values given (empty ones left out). */
function searchOf(query: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (typeof value === 'string' || typeof value === 'number') if (value !== '') params.set(key, String(value));
  }
  return params;
}

/** One page of the user table, searched, filtered and sorted by the server. */
export function fetchUsersPage(query: TAdminUsersPageQuery): Promise<TAdminUsersPage> {
  return apiFetch<TAdminUsersPage>(`/api/v1/account/users/page?${searchOf(query)}`);
}

/** One page of the audit trail, filtered by the server (ADMIN only). */
export function fetchAuditPage(query: TAuditPageQuery): Promise<TAuditPage> {
  return apiFetch<TAuditPage>(`/api/v1/audit?${searchOf(query)}`);
}

/** The filtered audit trail as a CSV file (every page). */
export function fetchAuditCsv(filter: Omit<TAuditPageQuery, 'page' | 'size'>): Promise<Blob> {
  return apiFetchBlob(`/api/v1/audit.csv?${searchOf(filter)}`);
}

export function updateRole(id: string, targetRole: TRole, companyCode?: string): Promise<void> {
  const params = new URLSearchParams({ targetRole });
  if (companyCode) params.set('companyCode', companyCode);
  return expectOk(apiFetch<TCodeResponse>(`${userPath(id, '/updateRole')}?${params}`, { method: 'PUT' }));
}

export function updateCompany(id: string, companyCode: string): Promise<void> {
  const params = new URLSearchParams({ companyCode });
  return expectOk(apiFetch<TCodeResponse>(`${userPath(id, '/updateCompany')}?${params}`, { method: 'PUT' }));
}

export function updateAdministrationProfile(id: string, administrationProfile: TAdminProfile[]): Promise<void> {
  return expectOk(
    apiFetch<TCodeResponse>(userPath(id, '/administrationProfile'), {
      method: 'PUT',
      body: JSON.stringify({ administrationProfile }),
    }),
  );
}

export function activateUser(id: string): Promise<void> {
  return expectOk(apiFetch<TCodeResponse>(userPath(id, '/activate'), { method: 'POST' }));
}

export function deleteUser(id: string): Promise<void> {
  return expectOk(apiFetch<TCodeResponse>(userPath(id), { method: 'DELETE' }));
}

/** Every company of the brand (the pickers of role and company changes). */
export function fetchCompanies(): Promise<TCompany[]> {
  return apiFetch<TCompany[]>('/api/v1/account/companies');
}

/** The brand's company hierarchy with accounts and serviced machines per company. */
export function fetchCompanyTree(): Promise<TCompanyTreeNode[]> {
  return apiFetch<TCompanyTreeNode[]>('/api/v1/account/companies/tree');
}

export function createCompany(request: { name: string; parentCode?: string }): Promise<TCompany> {
  return apiFetch<TCompany>('/api/v1/account/companies', { method: 'POST', body: JSON.stringify(request) });
}

export function renameCompany(code: string, companyName: string): Promise<void> {
  const params = new URLSearchParams({ companyName });
  return expectOk(apiFetch<TCodeResponse>(`/api/v1/account/company/${encodeURIComponent(code)}?${params}`, { method: 'PUT' }));
}

export function deleteCompany(code: string): Promise<void> {
  return expectOk(apiFetch<TCodeResponse>(`/api/v1/account/company/${encodeURIComponent(code)}`, { method: 'DELETE' }));
}

/** Adds one product; the answer carries its device secret, which is never shown again. */
export function createProduct(request: TCreateProductRequest): Promise<{ serialNumber: string; deviceSecret: string }> {
  return apiFetch('/api/v1/appliance/products', { method: 'POST', body: JSON.stringify(request) });
}

/** Sends a CSV file of products: all are added, or none (a 422 lists the refused rows). */
export function importProducts(csv: string): Promise<TProductImportResponse> {
  return apiFetch<TProductImportResponse>('/api/v1/appliance/products/import', {
    method: 'POST',
    body: csv,
    headers: { 'content-type': 'text/csv' },
  });
}
