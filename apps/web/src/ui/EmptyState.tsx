import { Paper, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

/** A quiet box saying there is nothing to show. */
export function EmptyState({ message }: { message: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs">
        <IconInbox size={40} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text c="dimmed">{message}</Text>
      </Stack>
    </Paper>
  );
}
