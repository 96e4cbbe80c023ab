import { Stack } from '@mantine/core';
import { ProductsTable } from './ProductsTable';

/**
 * Manage Products (ADMIN or PRODUCTS): the product table. The default parameter list of a model
 * (spec §2) is its own section, rendered below the table in this same tab.
 */
export function ProductsTab() {
  return (
    <Stack gap="xl">
      <ProductsTable />
    </Stack>
  );
}
