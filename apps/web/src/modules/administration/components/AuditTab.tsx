import { useState } from 'react';
import { Button, Group, NativeSelect, Paper, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZES, formatDate, ZAuditPageQuery, type TAuditRecord } from '@washboard/contracts';
import { EmptyState } from '../../../ui/EmptyState';
import { QueryBoundary } from '../../api/QueryBoundary';
import { currentLanguage } from '../../i18n/i18n';
import { useAddressParams } from '../../navigation/use-address-params';
import { useAuditExport, useAuditPage } from '../hooks/use-audit';
import { TableFooter, useLastPageWhenPastEnd } from './admin-table';
import { browserTimeZone } from '../../../ui/browser-time-zone';
import { notify } from '../../../ui/notify';

type TKey = 'account' | 'serial' | 'action' | 'from' | 'to' | 'page' | 'size';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day of the address as the instant it starts (or ends) in the browser's time zone. */
function dayBoundary(day: string | null, end: boolean): string | undefined {
  if (!day || !DAY.test(day)) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The filters from the address (a reload or a shared link shows the same records): days there,
 * instants for the API; anything the API would refuse falls back to no filter.
 */
function useAuditState() {
  const { params, set } = useAddressParams();
  const days = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const raw = Object.fromEntries(
    (['account', 'serial', 'action', 'page', 'size'] as const).flatMap((k) => (params.get(k) ? [[k, params.get(k)]] : [])),
  );
  const parsed = ZAuditPageQuery.safeParse({ ...raw, from: dayBoundary(days.from, false), to: dayBoundary(days.to, true) });
  const query = parsed.success ? parsed.data : ZAuditPageQuery.parse({});
  return { query, days, set };
}

/** Fields whose recorded values are codes with a label in the catalogue (a role, a status, a profile). */
const VALUE_LABELS: Record<string, string> = { role: 'roles', status: 'userStatus', administrationProfile: 'adminProfiles' };

/** A recorded value as text: codes by their label, lists joined, nothing as "none". */
function shown(value: unknown, key: string, t: TFunction): string {
  const none = t('admin.audit.none');
  const label = (v: unknown) =>
    VALUE_LABELS[key] && typeof v === 'string' ? t(`${VALUE_LABELS[key]}.${v}`, { defaultValue: v }) : String(v);
  if (value === null || value === undefined || value === '') return none;
  if (Array.isArray(value)) return value.length === 0 ? none : value.map(label).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return label(value);
}

/** Each changed field of a record, as "field: before → after" (a field only after: its value). */
function Change({ record }: { record: TAuditRecord }) {
  const { t } = useTranslation();
  const before = record.before ?? {};
  const after = record.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (keys.length === 0) return null;
  return (
    <Stack gap={2}>
      {keys.map((key) => {
        const label = t(`admin.audit.fields.${key}`, { defaultValue: key });
        const was = key in before ? shown(before[key], key, t) : undefined;
        const now = key in after ? shown(after[key], key, t) : undefined;
        return (
          <Text key={key} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span size="sm" c="dimmed">
              {label}:
            </Text>{' '}
            {was !== undefined && now !== undefined ? (
              <>
                <Text span size="sm" td="line-through" c="dimmed">
                  {was}
                </Text>{' '}
                →{' '}
                <Text span size="sm" fw={600}>
                  {now}
                </Text>
              </>
            ) : (
              (now ?? was)
            )}
          </Text>
        );
      })}
    </Stack>
  );
}

/** The audit trail (ADMIN only): who did what, when, with the values before and after; filtered, paged and exported by the server. */
export function AuditTab() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [timeZone] = useState(browserTimeZone);
  const { query, days, set } = useAuditState();
  const page = useAuditPage(query);
  useLastPageWhenPastEnd(page, set);
  const exporter = useAuditExport();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [account, setAccount] = useState(query.account ?? '');
  const [serial, setSerial] = useState(query.serial ?? '');
  const later = useDebouncedCallback(
    (changes: Partial<Record<TKey, string | undefined>>) => set({ ...changes, page: undefined }),
    400,
  );

  const when = (r: TAuditRecord) => formatDate(r.at, 'long', lang, timeZone);
  const action = (r: TAuditRecord) => t(`admin.audit.actions.${r.action}`);
  const target = (r: TAuditRecord) => `${t(`admin.audit.kinds.${r.targetKind}`)} ${r.targetLabel}`;
  const data = page.data;

  const exportCsv = () => {
    const { account: a, serial: s, action: act, from, to } = query;
    exporter.mutate(
      { account: a, serial: s, action: act, from, to },
      { onError: () => notify({ color: 'red', message: t('admin.audit.exportFailed') }) },
    );
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('admin.audit.account')}
          type="email"
          value={account}
          onChange={(e) => {
            setAccount(e.currentTarget.value);
            later({ account: e.currentTarget.value.trim() || undefined });
          }}
          maxLength={254}
          style={{ flex: '1 1 14rem' }}
        />
        <TextInput
          label={t('admin.audit.serial')}
          value={serial}
          onChange={(e) => {
            setSerial(e.currentTarget.value);
            later({ serial: e.currentTarget.value.trim() || undefined });
          }}
          maxLength={64}
          style={{ flex: '1 1 12rem' }}
        />
        <NativeSelect
          label={t('admin.audit.action')}
          value={query.action ?? ''}
          onChange={(e) => set({ action: e.currentTarget.value || undefined, page: undefined })}
          style={{ flex: '1 1 14rem' }}
          data={[
            { value: '', label: t('admin.audit.allActions') },
            ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`admin.audit.actions.${a}`) })),
          ]}
        />
        <TextInput
          label={t('admin.audit.from')}
          type="date"
          value={days.from}
          max={days.to || undefined}
          onChange={(e) => set({ from: e.currentTarget.value || undefined, page: undefined })}
        />
        <TextInput
          label={t('admin.audit.to')}
          type="date"
          value={days.to}
          min={days.from || undefined}
          onChange={(e) => set({ to: e.currentTarget.value || undefined, page: undefined })}
        />
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporter.isPending}
          onClick={exportCsv}
          disabled={!data || data.total === 0}
        >
          {t('admin.audit.exportCsv')}
        </Button>
      </Group>

      <QueryBoundary query={page}>
        {(result) =>
          result.total === 0 ? (
            <EmptyState message={t('admin.audit.empty')} />
          ) : phone ? (
            <Stack gap="sm" role="list" aria-label={t('admin.tabs.audit')}>
              {result.items.map((r) => (
                <Paper key={r.id} withBorder radius="md" p="sm" role="listitem">
                  <Group justify="space-between" wrap="wrap" gap={4}>
                    <Text fw={600}>{action(r)}</Text>
                    <Text size="xs" c="dimmed">
                      {when(r)}
                    </Text>
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {target(r)}
                  </Text>
                  <Text size="xs" c="dimmed" mb={4} style={{ overflowWrap: 'anywhere' }}>
                    {t('admin.audit.who')}: {r.actorEmail}
                  </Text>
                  <Change record={r} />
                </Paper>
              ))}
            </Stack>
          ) : (
            <Paper withBorder radius="md">
              <ScrollArea type="auto">
                <Table striped verticalSpacing="xs" miw={960} aria-label={t('admin.tabs.audit')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('admin.audit.when')}</Table.Th>
                      <Table.Th>{t('admin.audit.who')}</Table.Th>
                      <Table.Th>{t('admin.audit.action')}</Table.Th>
                      <Table.Th>{t('admin.audit.target')}</Table.Th>
                      <Table.Th>{t('admin.audit.change')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.items.map((r) => (
                      <Table.Tr key={r.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{when(r)}</Table.Td>
                        <Table.Td style={{ verticalAlign: 'top' }}>{r.actorEmail}</Table.Td>
                        <Table.Th scope="row" fw={500} style={{ verticalAlign: 'top' }}>
                          {action(r)}
                        </Table.Th>
                        <Table.Td style={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>{target(r)}</Table.Td>
                        <Table.Td style={{ verticalAlign: 'top', maxWidth: '28rem' }}>
                          <Change record={r} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            </Paper>
          )
        }
      </QueryBoundary>

      {data && data.total > 0 && (
        <TableFooter
          shown={(range) => t('admin.audit.shown', range)}
          data={data}
          page={query.page}
          size={query.size}
          sizes={AUDIT_PAGE_SIZES}
          onSize={(size) => set({ size, page: undefined })}
          onPage={(p) => set({ page: p === 1 ? undefined : String(p) })}
        />
      )}
    </Stack>
  );
}
