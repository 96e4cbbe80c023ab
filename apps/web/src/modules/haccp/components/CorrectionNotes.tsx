import { Button, Stack, Text } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate, type TRecordCorrection } from '@washboard/contracts';
import { useLanguage } from '../../i18n/i18n';

/**
 * The corrections of a record, oldest first: each is a record of its own in the chain, pointing at
 * this one, which stays as the machine reported it (docs/hygiene.md, "Corrections") — so both are
 * shown, the record and under it who corrected it, when and why.
 */
export function CorrectionNotes({ corrections, timeZone }: { corrections: readonly TRecordCorrection[]; timeZone: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (corrections.length === 0) return null;
  return (
    <Stack gap={4} data-corrections={corrections.length}>
      {corrections.map((c) => (
        <Stack key={c.id} gap={0} pl="xs" style={{ borderInlineStart: '3px solid var(--mantine-color-blue-filled)' }}>
          <Text size="xs" fw={600}>
            {t('haccp.correctedBy', {
              author: c.authorName,
              date: formatDate(c.createdAt, 'long', lang, timeZone),
            })}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {c.note}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/** "Add correction" under a record, named for it (several stand on one screen); the service's only. */
export function CorrectButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      leftSection={<IconPencilPlus size={14} aria-hidden />}
      aria-label={t('haccp.correction.actionFor', { record: name })}
      onClick={onClick}
      w="fit-content"
    >
      {t('haccp.correction.action')}
    </Button>
  );
}
