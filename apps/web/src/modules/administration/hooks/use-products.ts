import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminProductsPageQuery } from '@washboard/contracts';
import { claimFor, deleteProduct, fetchClaimCandidates, fetchProductsPage, unclaimFor } from '../api/products-api';

const PRODUCTS_KEY = ['administration', 'products'] as const;

/** One page of the product table; the previous page stays on screen while the next one loads. */
export function useProductsPage(query: TAdminProductsPageQuery) {
  return useQuery({
    queryKey: [...PRODUCTS_KEY, query],
    queryFn: () => fetchProductsPage(query),
    placeholderData: keepPreviousData,
  });
}

/** The accounts the claim picker offers for what the operator typed (already debounced). */
export function useClaimCandidates(q: string) {
  return useQuery({
    queryKey: [...PRODUCTS_KEY, 'accounts', q],
    queryFn: () => fetchClaimCandidates(q),
    placeholderData: keepPreviousData,
  });
}

export type TProductChange =
  | { kind: 'claim'; serialNumber: string; userEmail: string }
  | { kind: 'unclaim'; serialNumber: string; userEmail: string }
  | { kind: 'delete'; serialNumber: string };

function send(change: TProductChange): Promise<void> {
  switch (change.kind) {
    case 'claim':
      return claimFor(change.serialNumber, change.userEmail);
    case 'unclaim':
      return unclaimFor(change.serialNumber, change.userEmail);
    case 'delete':
      return deleteProduct(change.serialNumber);
  }
}

/**
 * Every change of a product from the table; the administration's tables (products, and the company
 * tree's machine counts) are read again afterwards, whatever the outcome.
 */
export function useProductChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: ['administration'] }),
  });
}
