import { Stack } from '@mantine/core';
import { DefaultParametersSection } from './DefaultParametersSection';
import { ProductsTable } from './ProductsTable';

/**
 * Manage Products (ADMIN or PRODUCTS): the product table, and below it the default parameter list
 * of a model (spec §2), the values restore-presets brings a machine back to.
 */
export function ProductsTab() {
  return (
    <Stack gap="xl">
      <ProductsTable />
      <DefaultParametersSection />
    </Stack>
  );
}
