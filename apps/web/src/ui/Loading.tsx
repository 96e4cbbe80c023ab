import { Center, Loader, type MantineSpacing } from '@mantine/core';

/** The dots shown where content is still loading: a page, a tab, a lazily loaded screen. */
export function Loading({ py = 'xl' }: { py?: MantineSpacing }) {
  return (
    <Center py={py}>
      <Loader type="dots" />
    </Center>
  );
}
