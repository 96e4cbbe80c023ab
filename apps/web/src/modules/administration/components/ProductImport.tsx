import { useState, type FormEvent } from 'react';
import { Alert, Button, FileInput, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconDownload, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  intlLocale,
  PRODUCT_IMPORT_MAX_BYTES,
  PRODUCT_IMPORT_MAX_ROWS,
  productImportTemplate,
  productSecretsCsv,
  type TProductImportColumn,
  type TProductImportProblem,
  type TProductImportRefusal,
  type TProductImportResponse,
} from '@washboard/contracts';
import { saveFile } from '../../../ui/save-file';
import { WRAPPING_ALERT, WRAPPING_BUTTON } from './DeviceSecretNotice';
import { ApiError } from '../../api/api-client';
import { apiErrorMessage } from '../../api/api-error-message';
import { useImportProducts } from '../hooks/use-add-products';
import { useLanguage } from '../../i18n/i18n';

/** The label of an import column: the form's own label where the form has the field. */
const COLUMN_LABELS = {
  serialNumber: 'admin.addProduct.serialNumber',
  modelNumber: 'admin.addProduct.model',
  fw00: 'admin.addProduct.fw00',
  fw02: 'admin.addProduct.fw02',
  gamma: 'admin.addProduct.gamma',
  ratingPower: 'admin.addProduct.ratingPower',
  revision: 'admin.import.columns.revision',
  type: 'admin.import.columns.type',
  country: 'admin.import.columns.country',
} as const satisfies Record<TProductImportColumn, string>;

type TOutcome =
  | { kind: 'imported'; answer: TProductImportResponse }
  | { kind: 'refused'; total: number; problems: TProductImportProblem[] }
  | { kind: 'failed'; message: string };

/** The refused rows of an import (row, column, reason) when the answer is the 422 that lists them. */
function refusalOf(error: unknown): TProductImportRefusal | undefined {
  if (!(error instanceof ApiError) || error.code !== 'PRODUCT_IMPORT_INVALID') return undefined;
  const body = error.body as Partial<TProductImportRefusal> | undefined;
  return Array.isArray(body?.problems) ? (body as TProductImportRefusal) : undefined;
}

function ProblemTable({ problems }: { problems: TProductImportProblem[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={320} maxHeight={360}>
      <Table striped withTableBorder stickyHeader aria-label={t('admin.import.problemsLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.import.row')}</Table.Th>
            <Table.Th>{t('admin.import.column')}</Table.Th>
            <Table.Th>{t('admin.import.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {problems.map((p) => (
            <Table.Tr key={`${p.row}-${p.column ?? ''}`}>
              <Table.Td>{p.row}</Table.Td>
              <Table.Td>{p.column ? `${t(COLUMN_LABELS[p.column])} (${p.column})` : t('admin.import.wholeRow')}</Table.Td>
              <Table.Td>{t(`admin.import.reasons.${p.reason}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Bulk import of Add Products: a template, a CSV file checked whole by the server, the refused rows
 * listed when any, and otherwise the new products' device secrets, downloadable while the answer is
 * on screen (it lives only in this component's state).
 */
export function ProductImport() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const importing = useImportProducts();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<TOutcome | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setOutcome(null);
    if (file.size > PRODUCT_IMPORT_MAX_BYTES) return setOutcome({ kind: 'failed', message: t('apiErrors.PAYLOAD_TOO_LARGE') });
    void file.text().then((csv) =>
      importing.mutate(csv, {
        onSuccess: (answer) => {
          setOutcome({ kind: 'imported', answer });
          setFile(null);
        },
        onError: (error) => {
          const refusal = refusalOf(error);
          if (refusal) return setOutcome({ kind: 'refused', total: refusal.total, problems: refusal.problems });
          // The file's own faults carry their details (the missing columns, the cap) in the server's text.
          const detailed = error instanceof ApiError && error.code?.startsWith('PRODUCT_IMPORT_');
          setOutcome({
            kind: 'failed',
            message: detailed ? error.message : apiErrorMessage(error, t, t('errors.tryAgainLater')),
          });
        },
      }),
    );
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('admin.import.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.import.description', {
            max: new Intl.NumberFormat(intlLocale(lang)).format(PRODUCT_IMPORT_MAX_ROWS),
            size: PRODUCT_IMPORT_MAX_BYTES / 1024 / 1024,
          })}
        </Text>
        <Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => saveFile(productImportTemplate(), 'products-template.csv')}
          >
            {t('admin.import.template')}
          </Button>
        </Group>
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm">
            <FileInput
              label={t('admin.import.file')}
              placeholder={t('admin.import.filePlaceholder')}
              accept=".csv,text/csv"
              value={file}
              onChange={(f) => {
                setFile(f);
                setOutcome(null);
              }}
              leftSection={<IconFileTypeCsv size={18} aria-hidden />}
              clearable
              style={{ flex: '1 1 16rem' }}
            />
            <Button
              type="submit"
              leftSection={<IconUpload size={16} aria-hidden />}
              disabled={!file}
              loading={importing.isPending}
            >
              {t('admin.import.submit')}
            </Button>
          </Group>
        </form>
        {outcome?.kind === 'failed' && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {outcome.message}
          </Alert>
        )}
        {outcome?.kind === 'refused' && (
          <Stack gap="sm">
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {t('admin.import.refused', { count: outcome.total })}
              {outcome.total > outcome.problems.length &&
                ` ${t('admin.import.moreProblems', { shown: outcome.problems.length, total: outcome.total })}`}
            </Alert>
            <ProblemTable problems={outcome.problems} />
          </Stack>
        )}
        {outcome?.kind === 'imported' && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('admin.import.imported', { count: outcome.answer.imported })}
            role="status"
            aria-label={t('admin.import.imported', { count: outcome.answer.imported })}
            styles={WRAPPING_ALERT}
          >
            <Stack gap="sm">
              <Text size="sm">{t('admin.import.secretsWarning')}</Text>
              <Group gap="xs">
                <Button
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={() => saveFile(productSecretsCsv(outcome.answer.products), 'device-secrets.csv')}
                  {...WRAPPING_BUTTON}
                >
                  {t('admin.import.downloadSecrets')}
                </Button>
                <Button variant="subtle" onClick={() => setOutcome(null)}>
                  {t('admin.import.secretsSaved')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
