import type { TAdminProductsPage, TAdminProductsPageQuery, TClaimCandidate, TCodeResponse } from '@washboard/contracts';
import { apiFetch } from '../../api/api-client';

/** The Manage Products calls (ADMIN or the PRODUCTS profile). */

async function expectOk(answer: Promise<TCodeResponse>): Promise<void> {
  if ((await answer)?.code !== '200') throw new Error('unexpected answer');
}

/** One page of the product table, searched and sorted by the server. */
export function fetchProductsPage(query: TAdminProductsPageQuery): Promise<TAdminProductsPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return apiFetch<TAdminProductsPage>(`/api/v1/appliance/products?${params}`);
}

/** Kitchen managers and service users whose columns hold every word of `q`. */
export function fetchClaimCandidates(q: string): Promise<TClaimCandidate[]> {
  return apiFetch<TClaimCandidate[]>(`/api/v1/appliance/products/accounts?${new URLSearchParams({ q })}`, { background: true });
}

/** Binds the product to an account, without the code on the machine's display. */
export function claimFor(serialNumber: string, userEmail: string): Promise<void> {
  return expectOk(
    apiFetch<TCodeResponse>('/api/v1/appliance/claim', { method: 'POST', body: JSON.stringify({ serialNumber, userEmail }) }),
  );
}

/** Releases the account's hold on the product (its ownership, or its company's service). */
export function unclaimFor(serialNumber: string, userEmail: string): Promise<void> {
  return expectOk(
    apiFetch<TCodeResponse>(`/api/v1/appliance/unclaim?${new URLSearchParams({ serialNumber, userEmail })}`, { method: 'POST' }),
  );
}

export function deleteProduct(serialNumber: string): Promise<void> {
  return expectOk(
    apiFetch<TCodeResponse>(`/api/v1/appliance/products/${encodeURIComponent(serialNumber)}`, { method: 'DELETE' }),
  );
}
