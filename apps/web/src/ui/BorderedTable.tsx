import { Paper, ScrollArea, Table, type TableProps } from '@mantine/core';

/** A striped table in a bordered box that scrolls sideways when it is wider than the window. */
export function BorderedTable(props: TableProps) {
  return (
    <Paper withBorder radius="md">
      <ScrollArea type="auto">
        <Table striped highlightOnHover verticalSpacing="xs" {...props} />
      </ScrollArea>
    </Paper>
  );
}
