import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../ui/brand/BrandLogo';
import { useRuntime } from '../../modules/runtime/runtime-context';
import { ColorSchemeToggle } from './DisplaySettings';
import { rememberSignedOutChoice } from '../../modules/i18n/i18n';
import { LanguagePicker } from './LanguagePicker';

/** The frame of the screens shown without a session: sign-in, change password, error screens. */
export function PublicLayout({
  children,
  width = 440,
  top = false,
}: {
  children: ReactNode;
  width?: number;
  /** The card at the top rather than in the middle: a page whose height changes as it is read (tabs). */
  top?: boolean;
}) {
  const { t } = useTranslation();
  const { brand } = useRuntime();
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }} className="public-layout">
      <Group justify="space-between" px="md" py="sm" component="header">
        <BrandLogo brand={brand.code} title={brand.title} height={32} />
        <Group gap={4}>
          <LanguagePicker onChange={rememberSignedOutChoice} />
          <ColorSchemeToggle />
        </Group>
      </Group>
      <Center style={{ flex: 1, alignItems: top ? 'flex-start' : undefined }} px="md" py="xl" component="main">
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={width}>
          <Stack>{children}</Stack>
        </Paper>
      </Center>
      <Text component="footer" size="xs" c="dimmed" ta="center" py="sm" data-testid="footer-copyright">
        {t('layout.footer', { year: brand.copyrightYear, brand: brand.title })}
      </Text>
    </Box>
  );
}
