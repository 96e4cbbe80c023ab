import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateProductRequest } from '@washboard/contracts';
import { createProduct, importProducts } from '../api/administration-api';

/** Adds one product; the administration's tables are read again afterwards. */
export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: TCreateProductRequest) => createProduct(request),
    onSuccess: () => client.invalidateQueries({ queryKey: ['administration'] }),
  });
}

/** Imports a CSV file of products (all or nothing). */
export function useImportProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importProducts(csv),
    onSuccess: () => client.invalidateQueries({ queryKey: ['administration'] }),
  });
}
