import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, type TInspectorLinkStatus, type TInspectorLinkView } from '@washboard/contracts';
import { EmptyState } from '../../../ui/EmptyState';
import { useDialog } from '../../../ui/dialog/dialog-context';
import { notify } from '../../../ui/notify';
import { QueryBoundary } from '../../api/QueryBoundary';
import { apiErrorMessage } from '../../api/api-error-message';
import { useLanguage } from '../../i18n/i18n';
import { useInspectorLinkChange, useInspectorLinkOpenings, useInspectorLinks } from '../hooks/use-inspector-links';
import { usePeriodText } from '../hooks/use-period-text';
import { browserTimeZone } from '../../../ui/browser-time-zone';

const STATUS_COLORS: Record<TInspectorLinkStatus, string> = { active: 'teal', expired: 'gray', revoked: 'red' };

/** Who opened a link, when, from which network and with which browser: the page shown, a file downloaded, or refused. */
function LinkOpenings({ serialNumber, id }: { serialNumber: string; id: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const openings = useInspectorLinkOpenings(serialNumber, id);
  return (
    <QueryBoundary query={openings}>
      {(rows) => (
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing={4} aria-label={t('haccp.inspectorLinks.showOpenings')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('haccp.inspectorLinks.openingColumns.at')}</Table.Th>
                <Table.Th>{t('haccp.inspectorLinks.openingColumns.network')}</Table.Th>
                <Table.Th>{t('haccp.inspectorLinks.openingColumns.browser')}</Table.Th>
                <Table.Th>{t('haccp.inspectorLinks.openingColumns.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((o) => (
                <Table.Tr key={`${o.openedAt}-${o.download ?? ''}-${o.userAgent ?? ''}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(o.openedAt, 'long', lang, browserTimeZone())}</Table.Td>
                  <Table.Td ff="monospace">{o.network ?? '–'}</Table.Td>
                  <Table.Td>
                    <Text size="xs">{o.userAgent ?? '–'}</Text>
                  </Table.Td>
                  <Table.Td
                    style={{ whiteSpace: 'nowrap' }}
                    data-refused={o.refused ?? undefined}
                    data-download={o.download ?? undefined}
                  >
                    <Text size="sm" c={o.refused ? 'orange' : undefined} fw={o.refused ? 600 : undefined}>
                      {o.refused
                        ? o.download
                          ? t('haccp.inspectorLinks.openingResults.refusedDownload', {
                              reason: t(`haccp.inspectorLinks.openingResults.${o.refused}`),
                              file: t(`haccp.inspectorLinks.openingResults.files.${o.download}`),
                            })
                          : t(`haccp.inspectorLinks.openingResults.${o.refused}`)
                        : o.download
                          ? t(`haccp.inspectorLinks.openingResults.downloads.${o.download}`)
                          : t('haccp.inspectorLinks.openingResults.shown')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryBoundary>
  );
}

/** One link: for whom, its period and state, how often it was opened; its openings and Revoke. */
function LinkCard({ serialNumber, link }: { serialNumber: string; link: TInspectorLinkView }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const dialog = useDialog();
  const periodText = usePeriodText();
  const { revoke } = useInspectorLinkChange(serialNumber);
  const [showOpenings, setShowOpenings] = useState(false);
  const name = link.label ?? t('haccp.inspectorLinks.noLabel');
  const when = (at: string) => formatDate(at, 'long', lang, browserTimeZone());
  const confirmRevoke = () =>
    dialog.show({
      kind: 'warning',
      mode: 'confirm',
      message: t('haccp.inspectorLinks.revokeConfirm'),
      confirmLabel: t('haccp.inspectorLinks.revoke'),
      onConfirm: () =>
        revoke.mutate(link.id, {
          onSuccess: () => notify({ color: 'teal', message: t('haccp.inspectorLinks.revoked') }),
          onError: (error) => dialog.show({ kind: 'error', message: apiErrorMessage(error, t, t('errors.generic')) }),
        }),
    });
  return (
    <Paper withBorder radius="md" p="sm" role="listitem" aria-label={name} data-status={link.status}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} miw={0}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{name}</Text>
              <Badge color={STATUS_COLORS[link.status]} variant="light">
                {t(`haccp.inspectorLinks.statuses.${link.status}`)}
              </Badge>
            </Group>
            <Text size="sm">{t('inspection.periodLine', { period: periodText(link) })}</Text>
            <Text size="sm" c="dimmed">
              {link.revokedAt
                ? t('haccp.inspectorLinks.revokedBy', { name: link.revokedByName ?? '–', date: when(link.revokedAt) })
                : t('haccp.inspectorLinks.validUntil', { date: when(link.expiresAt) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('haccp.inspectorLinks.createdBy', { name: link.createdByName, date: when(link.createdAt) })}
            </Text>
            <Text size="sm" data-openings={link.openings}>
              {link.lastOpenedAt
                ? t('haccp.inspectorLinks.openings', { count: link.openings, date: when(link.lastOpenedAt) })
                : t('haccp.inspectorLinks.notOpened')}
            </Text>
            {link.lastRefusedAt && (
              <Text size="sm" c="orange" fw={600} data-refused-openings={link.refusedOpenings}>
                {t('haccp.inspectorLinks.refusedOpenings', { count: link.refusedOpenings, date: when(link.lastRefusedAt) })}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            {link.openings + link.refusedOpenings > 0 && (
              <Button variant="default" size="xs" aria-expanded={showOpenings} onClick={() => setShowOpenings(!showOpenings)}>
                {t(showOpenings ? 'haccp.inspectorLinks.hideOpenings' : 'haccp.inspectorLinks.showOpenings')}
              </Button>
            )}
            {link.status === 'active' && (
              <Button color="red" variant="light" size="xs" loading={revoke.isPending} onClick={confirmRevoke}>
                {t('haccp.inspectorLinks.revoke')}
              </Button>
            )}
          </Group>
        </Group>
        {showOpenings && <LinkOpenings serialNumber={serialNumber} id={link.id} />}
      </Stack>
    </Paper>
  );
}

/** The machine's inspector links, newest first: active, expired and revoked, each with its openings. */
export function InspectorLinks({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const links = useInspectorLinks(serialNumber);
  return (
    <QueryBoundary query={links}>
      {(rows) =>
        rows.length === 0 ? (
          <EmptyState message={t('haccp.inspectorLinks.none')} />
        ) : (
          <Stack gap="sm" role="list" aria-label={t('haccp.tabs.inspectorLinks')}>
            {rows.map((link) => (
              <LinkCard key={link.id} serialNumber={serialNumber} link={link} />
            ))}
          </Stack>
        )
      }
    </QueryBoundary>
  );
}
