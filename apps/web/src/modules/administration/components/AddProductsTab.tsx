import { Stack } from '@mantine/core';
import { AddProductForm } from './AddProductForm';
import { ProductImport } from './ProductImport';

/** Add Products (ADMIN or ADD_PRODUCTS): one product by hand, or a factory batch from a CSV file. */
export function AddProductsTab() {
  return (
    <Stack gap="lg">
      <AddProductForm />
      <ProductImport />
    </Stack>
  );
}
