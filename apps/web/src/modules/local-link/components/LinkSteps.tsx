import type { ReactNode } from 'react';
import { List, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

/**
 * The steps of a flow over the local link (commissioning, a board replacement), each with its state:
 * done, under way, failed, or still to come.
 */
export function LinkSteps<S extends string>({
  steps,
  label,
  current,
  failed,
  testId,
}: {
  steps: readonly S[];
  /** the step's text, from the catalogue */
  label: (step: S) => string;
  current: S | 'done' | undefined;
  failed: boolean;
  testId: string;
}) {
  const reached = current === 'done' ? steps.length : current === undefined ? -1 : steps.indexOf(current);
  const icon = (index: number): ReactNode => {
    if (index < reached) {
      return (
        <ThemeIcon color="teal" size={20} radius="xl">
          <IconCheck size={14} aria-hidden />
        </ThemeIcon>
      );
    }
    if (index === reached && failed) {
      return (
        <ThemeIcon color="red" size={20} radius="xl">
          <IconX size={14} aria-hidden />
        </ThemeIcon>
      );
    }
    if (index === reached) return <Loader size={20} />;
    return <ThemeIcon color="gray" variant="light" size={20} radius="xl" />;
  };
  return (
    <List spacing="xs" data-testid={testId}>
      {steps.map((step, index) => (
        <List.Item key={step} icon={icon(index)} data-state={index < reached ? 'done' : index === reached ? 'current' : 'todo'}>
          <Text size="sm" c={index > reached ? 'dimmed' : undefined}>
            {label(step)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
