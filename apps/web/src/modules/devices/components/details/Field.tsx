import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';

/** A labelled value of the details page; "—" when the value is unknown. */
export function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  const empty = value === null || value === undefined || value === '';
  return (
    <Stack gap={0} miw={0} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {empty ? '—' : value}
      </Text>
    </Stack>
  );
}
