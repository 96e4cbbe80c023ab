import { useState, type FormEvent } from 'react';
import { Alert, Button, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  brandedUrl,
  formatDate,
  INSPECTOR_LINK_DEFAULT_DAYS,
  INSPECTOR_LINK_LABEL_MAX_LENGTH,
  INSPECTOR_LINK_MAX_DAYS,
  shareablePeriod,
  type TInspectorLinkCreated,
} from '@washboard/contracts';
import { DIALOG_WIDTH } from '../../../ui/dialog/dialog-context';
import { FailureAlert } from '../../../ui/dialog/FailureAlert';
import { FormModalActions } from '../../../ui/dialog/FormModalActions';
import { QrCode } from '../../../ui/QrCode';
import { apiErrorMessage } from '../../api/api-error-message';
import { useLanguage } from '../../i18n/i18n';
import { useRuntime } from '../../runtime/runtime-context';
import type { THaccpPeriod } from '../api/haccp-api';
import { useInspectorLinkChange } from '../hooks/use-inspector-links';
import { usePeriodText } from '../hooks/use-period-text';
import { browserTimeZone } from '../../../ui/browser-time-zone';

/** How long a link may stay valid, offered as choices (days). */
const VALIDITY_DAYS = [7, 14, INSPECTOR_LINK_DEFAULT_DAYS, 60, INSPECTOR_LINK_MAX_DAYS];

/**
 * The full address of a link's page on this dashboard; a brand chosen with `?brand=` (not by the
 * host name) travels with it, so the inspector sees the same brand.
 */
function pageUrl(path: string, runtime: ReturnType<typeof useRuntime>): string {
  const { brandHosts, defaultBrand } = runtime.config;
  return brandedUrl(new URL(path, window.location.origin).toString(), runtime.brand.code, brandHosts, defaultBrand);
}

/**
 * "Share with an inspector": a link to the machine's HACCP record over the page's period, valid for
 * the days picked and named for whom it is; once created, its address (shown this once), a copy
 * button and its QR code.
 */
export function InspectorLinkDialog({
  serialNumber,
  period,
  onClose,
}: {
  serialNumber: string;
  period: THaccpPeriod;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const runtime = useRuntime();
  const periodText = usePeriodText();
  const { create } = useInspectorLinkChange(serialNumber);
  const [days, setDays] = useState(String(INSPECTOR_LINK_DEFAULT_DAYS));
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<TInspectorLinkCreated | null>(null);
  // The page's days are the browser's; a link's end today in UTC at the latest.
  const shared = shareablePeriod(period);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ ...shared, expiresInDays: Number(days), label: label.trim() || undefined }, { onSuccess: setCreated });
  };
  const title = t('haccp.inspectorLinks.share');
  const periodLine = t('inspection.periodLine', { period: periodText(created ?? shared) });

  if (created) {
    const url = pageUrl(created.path, runtime);
    return (
      <Modal opened onClose={onClose} title={title} size={DIALOG_WIDTH} centered>
        <Stack gap="md">
          <Alert color="teal" role="status">
            {t('haccp.inspectorLinks.created', { date: formatDate(created.expiresAt, 'long', lang, browserTimeZone()) })}
          </Alert>
          <TextInput
            label={t('haccp.inspectorLinks.address')}
            value={url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Group align="flex-start" gap="md" wrap="wrap">
            <QrCode text={url} label={t('haccp.inspectorLinks.qr')} size={184} />
            <Stack gap={6} style={{ flex: 1, minWidth: 180 }}>
              <Text size="sm" fw={600}>
                {created.label ?? t('haccp.inspectorLinks.noLabel')}
              </Text>
              <Text size="sm">{periodLine}</Text>
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                    onClick={copy}
                    w="fit-content"
                  >
                    {t(copied ? 'haccp.inspectorLinks.copied' : 'haccp.inspectorLinks.copy')}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('common.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened onClose={onClose} title={title} size={DIALOG_WIDTH} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('haccp.inspectorLinks.intro')}</Text>
          <Text size="sm" fw={600}>
            {periodLine}
          </Text>
          <Select
            label={t('haccp.inspectorLinks.validFor')}
            data={VALIDITY_DAYS.map((d) => ({ value: String(d), label: t('haccp.inspectorLinks.days', { count: d }) }))}
            value={days}
            onChange={(value) => setDays(value ?? String(INSPECTOR_LINK_DEFAULT_DAYS))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('haccp.inspectorLinks.label')}
            placeholder={t('haccp.inspectorLinks.labelPlaceholder')}
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            maxLength={INSPECTOR_LINK_LABEL_MAX_LENGTH}
            data-autofocus
          />
          <FailureAlert message={create.isError ? apiErrorMessage(create.error, t, t('errors.tryAgainLater')) : null} />
          <FormModalActions onCancel={onClose} submitLabel={t('haccp.inspectorLinks.create')} loading={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
