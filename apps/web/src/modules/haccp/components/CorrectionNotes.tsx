import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, type THaccpEventView } from '@washboard/contracts';
import { useLanguage } from '../../i18n/i18n';

/**
 * The corrections of a record, oldest first: each is a record of its own in the chain, pointing at
 * this one, which stays as the machine reported it (docs/hygiene.md, "Corrections") — so both are
 * shown, the record and under it who corrected it, when and why.
 */
export function CorrectionNotes({ corrections, timeZone }: { corrections: THaccpEventView['corrections']; timeZone: string }) {
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
