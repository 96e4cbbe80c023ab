import type { ReactNode } from 'react';
import { Paper, Table } from '@mantine/core';

type TColumn = { label: string; align?: 'right' };

/** The frame of a HACCP table: a bordered, sideways-scrolling striped table named `label`, its column titles and `children` rows. */
export function HaccpTable({
  label,
  minWidth,
  columns,
  children,
}: {
  label: string;
  minWidth: number;
  columns: TColumn[];
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="xs" striped aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.label} ta={column.align}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
