import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Below an administration table: which rows are shown (`summary`, given the first, last and total),
 * the page size and the pages. Changes go to `onChange` as address values (page 1 and a new size
 * clear the page).
 */
export function TablePager({
  total,
  page,
  size,
  sizes,
  summary,
  onChange,
}: {
  total: number;
  page: number;
  size: number;
  sizes: readonly number[];
  summary: (range: { from: number; to: number; total: number }) => string;
  onChange: (changes: { page?: string; size?: string }) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  const from = total > 0 ? (page - 1) * size + 1 : 0;
  const to = Math.min(total, page * size);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {summary({ from, to, total })}
      </Text>
      <Group gap="sm" wrap="wrap">
        <NativeSelect
          aria-label={t('admin.pageSize')}
          size="xs"
          value={String(size)}
          onChange={(e) => onChange({ size: e.currentTarget.value, page: undefined })}
          data={sizes.map((n) => ({ value: String(n), label: t('admin.perPage', { size: n }) }))}
        />
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={(p) => onChange({ page: p === 1 ? undefined : String(p) })}
          size="sm"
          siblings={1}
          getControlProps={(control) =>
            control === 'previous'
              ? { 'aria-label': t('admin.previousPage') }
              : control === 'next'
                ? { 'aria-label': t('admin.nextPage') }
                : {}
          }
        />
      </Group>
    </Group>
  );
}
