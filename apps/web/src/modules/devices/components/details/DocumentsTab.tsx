import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { notify } from '../../../../ui/notify';
import { IconDownload, IconExternalLink, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TApplianceDetail, TApplianceDocumentType } from '@washboard/contracts';
import { apiErrorMessage } from '../../../api/api-error-message';
import { EmptyState } from '../../../../ui/EmptyState';
import { fetchDocumentFile } from '../../api/device-details-api';

type TDocument = TApplianceDetail['documents'][number];

/** Blob URLs live a while after use: the opened tab or the download still needs them. */
const REVOKE_AFTER_MS = 60_000;

/**
 * The model's documents. A link cannot carry the access token, so each file is fetched with it and
 * shown from a blob URL (docs/permissions.md): "open" readies a tab at the click (popup blockers
 * allow only that) and points it at the file once loaded; "download" saves it. `types` keeps only
 * those documents (the dashboard lists two, the companion every one: device-areas §2).
 */
export function DocumentsTab({ appliance, types }: { appliance: TApplianceDetail; types?: readonly TApplianceDocumentType[] }) {
  const { t } = useTranslation();
  const failed = (error: unknown) => notify({ color: 'red', message: apiErrorMessage(error, t, t('errors.tryAgainLater')) });

  const open = (doc: TDocument) => {
    const tab = window.open('', '_blank');
    fetchDocumentFile(doc.url).then(
      (blob) => {
        const url = URL.createObjectURL(blob);
        if (tab) tab.location.href = url;
        else window.location.assign(url);
        setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
      },
      (error: unknown) => {
        tab?.close();
        failed(error);
      },
    );
  };

  const download = (doc: TDocument) => {
    fetchDocumentFile(doc.url).then((blob) => {
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${appliance.modelNumber}-${doc.url.split('/').pop() ?? 'document.pdf'}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
    }, failed);
  };

  const documents = types ? appliance.documents.filter((doc) => types.includes(doc.type)) : appliance.documents;
  if (documents.length === 0) return <EmptyState message={t('device.documents.none')} />;
  return (
    <Stack gap="sm">
      {documents.map((doc) => (
        <Paper key={doc.type} withBorder radius="md" p="md" data-testid={`document-${doc.type}`}>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                <IconFileTypePdf size={20} />
              </ThemeIcon>
              <Stack gap={0} miw={0}>
                <Text fw={600}>{t(`device.documents.${doc.type}`)}</Text>
                <Text size="xs" c="dimmed">
                  PDF · {appliance.modelNumber}
                </Text>
              </Stack>
            </Group>
            <Group gap="xs">
              <Button variant="light" leftSection={<IconExternalLink size={16} aria-hidden />} onClick={() => open(doc)}>
                {t('common.open')}
              </Button>
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => download(doc)}>
                {t('common.download')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
