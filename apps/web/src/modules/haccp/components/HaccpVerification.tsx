import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, type THaccpChainBreak, type THaccpVerification } from '@washboard/contracts';
import { isNotFound } from '../../api/api-client';
import { QueryBoundary } from '../../api/QueryBoundary';
import { apiErrorMessage } from '../../api/api-error-message';
import { useDialog } from '../../../ui/dialog/dialog-context';
import type { THaccpPeriod } from '../api/haccp-api';
import { useHaccpVerification, useReviewHaccpDay } from '../hooks/use-haccp';
import { HaccpPeriodForm } from './HaccpPeriodForm';
import { useLanguage } from '../../i18n/i18n';
import { browserTimeZone } from '../../../ui/browser-time-zone';

/** The first hex digits of a hash, as the PDF prints them. */
const short = (hash: string | null) => (hash ? hash.slice(0, 8) : '–');

/**
 * The verification of a machine's HACCP record (docs/hygiene.md): the server recomputes the hash
 * chain over the period and names each record that breaks it; the signed daily close-outs are
 * listed with the state of their signatures, and a closed day can be marked reviewed.
 */
export function HaccpVerification({
  serialNumber,
  initialPeriod,
  notFound,
}: {
  serialNumber: string;
  initialPeriod: THaccpPeriod;
  notFound: ReactNode;
}) {
  const [period, setPeriod] = useState(initialPeriod);
  const verification = useHaccpVerification(serialNumber, period);
  if (isNotFound(verification.error)) return notFound;
  return (
    <Stack gap="md">
      <HaccpPeriodForm period={period} onChange={setPeriod} />
      <QueryBoundary query={verification}>
        {(v) => <VerificationResult v={v} outside review={(day) => <ReviewButton serialNumber={serialNumber} day={day} />} />}
      </QueryBoundary>
    </Stack>
  );
}

/** "Mark reviewed" for a closed day not reviewed yet: the signed-in user confirms it. */
function ReviewButton({ serialNumber, day }: { serialNumber: string; day: string }) {
  const { t } = useTranslation();
  const review = useReviewHaccpDay(serialNumber);
  const dialog = useDialog();
  return (
    <Button
      size="xs"
      variant="light"
      loading={review.isPending}
      onClick={() =>
        review.mutate(day, {
          // Already reviewed by someone else meanwhile, or no longer allowed: say so.
          onError: (error) => dialog.show({ kind: 'error', message: apiErrorMessage(error, t, t('errors.generic')) }),
        })
      }
    >
      {t('haccp.verification.markReviewed')}
    </Button>
  );
}

/**
 * What the verification found: the verdict with its counts, the breaks, and the close-outs with their
 * signatures and reviews; `review` puts a control beside each closed day not reviewed yet (none on
 * the inspector's read-only page).
 */
export function VerificationResult({
  v,
  review,
  outside,
}: {
  v: THaccpVerification;
  review?: (day: string) => ReactNode;
  /** Say how many problems lie outside the period (the inspector's page says it above the tabs). */
  outside?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const when = (at: string | null) => (at ? formatDate(at, 'long', lang, browserTimeZone()) : '–');
  const what = (b: THaccpChainBreak) => (b.kind ? t(`haccp.verification.kinds.${b.kind}`) : '–');
  return (
    <Stack gap="md">
      <Alert
        color={v.verified ? 'green' : 'red'}
        title={t(v.verified ? 'haccp.verification.verified' : 'haccp.verification.broken')}
      >
        <Text size="sm">
          {v.checked === 0
            ? t('haccp.verification.empty')
            : t('haccp.verification.summary', {
                count: v.checked,
                first: v.firstSeq ?? 0,
                firstHash: short(v.firstHash),
                last: v.lastSeq ?? 0,
                lastHash: short(v.lastHash),
              })}
        </Text>
        <Text size="sm">{t(`haccp.verification.startedFrom.${v.startedFrom}`, { seq: v.startSeq })}</Text>
        {v.late > 0 && <Text size="sm">{t('haccp.verification.late', { count: v.late })}</Text>}
        {/* Read from when the machine came to the caller's kitchen: problems before then are counted only. */}
        {outside && (v.breaksOutsidePeriod ?? 0) > 0 && (
          <Text size="sm" data-breaks-outside={v.breaksOutsidePeriod}>
            {t('inspection.breaksOutsidePeriod', { count: v.breaksOutsidePeriod })}
          </Text>
        )}
      </Alert>
      {v.breaks.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h5">
            {t('haccp.verification.breaksTitle')}
          </Title>
          <Table.ScrollContainer minWidth={520}>
            <Table striped aria-label={t('haccp.verification.breaksTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('haccp.verification.columns.position')}</Table.Th>
                  <Table.Th>{t('haccp.verification.columns.problem')}</Table.Th>
                  <Table.Th>{t('haccp.verification.columns.record')}</Table.Th>
                  <Table.Th>{t('haccp.verification.columns.time')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {v.breaks.map((b, i) => (
                  <Table.Tr key={`${b.problem}-${b.seq ?? b.recordId ?? i}`}>
                    <Table.Td>
                      {b.seq === null ? '–' : b.toSeq !== null && b.toSeq !== b.seq ? `#${b.seq}–#${b.toSeq}` : `#${b.seq}`}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="red" fw={600}>
                        {t(`haccp.verification.problems.${b.problem}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {what(b)}
                      {b.recordId && (
                        <Text size="xs" c="dimmed" ff="monospace">
                          {b.recordId}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{when(b.deviceTime)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('haccp.verification.closeOutsTitle')}
        </Title>
        {v.closeOuts.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('haccp.verification.noCloseOuts')}
          </Text>
        )}
        {v.closeOuts.map((c) => {
          const good = c.signatureValid && c.matchesChain !== false;
          return (
            <Group key={c.day} justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {formatDate(`${c.day}T12:00:00Z`, 'short', lang, 'UTC')}
                </Text>
                <Text size="sm" ff="monospace">
                  #{c.seq} {short(c.hash)}
                </Text>
                <Badge color={good ? 'green' : 'red'} variant="light">
                  {t(good ? 'haccp.verification.signatureValid' : 'haccp.verification.signatureInvalid')}
                </Badge>
                {c.reviewerName && (
                  <Text size="sm" c="dimmed">
                    {t('haccp.verification.reviewedBy', { name: c.reviewerName, at: when(c.reviewedAt) })}
                  </Text>
                )}
              </Group>
              {!c.reviewerName && review?.(c.day)}
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
