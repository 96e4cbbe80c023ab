import type { CSSProperties, ReactNode } from 'react';
import { Paper, Table } from '@mantine/core';

type TColumn = { label: string; align?: 'right' };

/**
 * A record's stripe, for its row and the row of its corrections under it: the table stripes records,
 * not rows, so a correction reads as part of its record rather than as the next one.
 */
export function recordStripe(index: number): CSSProperties | undefined {
  return index % 2 === 0 ? { background: 'var(--table-striped-color)' } : undefined;
}

/**
 * The frame of a HACCP table: a bordered, sideways-scrolling table named `label`, its column titles
 * and `children` rows, striped by record (`recordStripe`).
 */
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
        <Table verticalSpacing="xs" aria-label={label}>
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
