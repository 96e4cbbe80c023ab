import { useState } from 'react';
import { Badge, Center, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  formatTemperature,
  isLanguage,
  parameterByKey,
  parameterDisplayUnit,
  toParameterDisplayValue,
  UNIT_SYMBOLS,
  type THaccpEventView,
  type THygieneRule,
  type TLanguage,
  type TUnitSystem,
} from '@washboard/contracts';
import { EmptyState } from '../../../ui/EmptyState';
import { useDeviceTranslation } from '../../i18n/device-texts';
import { HaccpTable } from './HaccpTable';

const PAGE_SIZE = 50;

type TProps = {
  events: THaccpEventView[];
  rule: THygieneRule;
  unitSystem: TUnitSystem;
  timeZone: string;
};

function parameterValue(key: string, raw: number | null, system: TUnitSystem, lang: TLanguage): string {
  if (raw === null) return '–';
  const param = parameterByKey(key);
  if (!param) return String(raw);
  const symbol = (UNIT_SYMBOLS as Record<string, string | undefined>)[parameterDisplayUnit(param, system)];
  const value = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(toParameterDisplayValue(param, raw, system));
  return symbol ? `${value} ${symbol}` : value;
}

/**
 * The HACCP events of the period: cycle, start, end, type, parameter, the peak wash and final-rinse
 * temperatures and the hygiene verdict; a failed cycle is tinted red with its reasons. Needs the
 * device texts (parameter labels): render inside Suspense.
 */
export function HaccpEventsTable({ events, rule, unitSystem, timeZone }: TProps) {
  const { t, i18n } = useTranslation();
  const { t: td } = useDeviceTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'it';
  const [page, setPage] = useState(1);
  if (events.length === 0) return <EmptyState message={t('haccp.noEvents')} />;
  const pages = Math.ceil(events.length / PAGE_SIZE);
  const current = Math.min(page, pages);
  const shown = events.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const temperature = (raw: number | null) => (raw === null ? '–' : formatTemperature(raw, unitSystem, { lang }));
  const when = (iso: string) => formatDate(iso, 'long', lang, timeZone);
  const parameterLabel = (key: string) => {
    const param = parameterByKey(key);
    if (param?.code) return `${param.code} · ${td(`parameters.${param.code}.label`)}`;
    if (param?.field) return `${t(`cycles.${param.cycleType}`)} · ${td(`cycleFields.${param.field}.label`)}`;
    return key;
  };
  const failureText = {
    wash: t('haccp.failures.wash', { min: temperature(rule.washMin) }),
    rinse: t('haccp.failures.rinse', { min: temperature(rule.rinseMin) }),
    notCompleted: t('haccp.failures.notCompleted'),
  };

  return (
    <Stack gap="sm">
      <HaccpTable
        label={t('haccp.tabs.events')}
        minWidth={1000}
        columns={[
          { label: t('haccp.columns.cycleName') },
          { label: t('haccp.columns.start') },
          { label: t('haccp.columns.stop') },
          { label: t('haccp.columns.type') },
          { label: t('haccp.columns.parameterName') },
          { label: t('haccp.columns.washTmp'), align: 'right' },
          { label: t('haccp.columns.rinseTmp'), align: 'right' },
          { label: t('haccp.columns.verdict') },
        ]}
      >
        {shown.map((e) => {
          const fail = e.verdict === 'fail';
          const failed = (what: 'wash' | 'rinse') => e.failures.includes(what);
          return (
            <Table.Tr
              key={e.id}
              data-verdict={e.verdict}
              style={fail ? { background: 'var(--mantine-color-red-light)' } : undefined}
            >
              <Table.Td>{e.cycleName ? t(`cycles.${e.cycleName}`, { defaultValue: e.cycleName }) : '–'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(e.start)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(e.stop)}</Table.Td>
              <Table.Td>{t(e.kind === 'cycle' ? 'haccp.eventTypes.telemetry' : 'haccp.eventTypes.cycleParameters')}</Table.Td>
              <Table.Td>
                {e.parameterName ? (
                  <Stack gap={0}>
                    <Text size="sm">{parameterLabel(e.parameterName)}</Text>
                    <Text size="xs" c="dimmed">
                      {parameterValue(e.parameterName, e.oldValue, unitSystem, lang)} →{' '}
                      {parameterValue(e.parameterName, e.newValue, unitSystem, lang)}
                    </Text>
                  </Stack>
                ) : (
                  '–'
                )}
              </Table.Td>
              <Table.Td ta="right" c={failed('wash') ? 'red' : undefined} fw={failed('wash') ? 700 : undefined}>
                {temperature(e.washTmp)}
              </Table.Td>
              <Table.Td ta="right" c={failed('rinse') ? 'red' : undefined} fw={failed('rinse') ? 700 : undefined}>
                {temperature(e.rinseTmp)}
              </Table.Td>
              <Table.Td>
                {e.verdict === 'notApplicable' ? (
                  <Text size="sm" c="dimmed">
                    –
                  </Text>
                ) : (
                  <Stack gap={2} align="flex-start">
                    <Badge color={fail ? 'red' : e.verdict === 'pass' ? 'teal' : 'gray'} variant={fail ? 'filled' : 'light'}>
                      {t(`haccp.verdicts.${e.verdict}`)}
                    </Badge>
                    {e.failures.map((f) => (
                      <Text key={f} size="xs" c="red" fw={600}>
                        {failureText[f]}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </HaccpTable>
      {pages > 1 && (
        <Center>
          <Group>
            <Pagination total={pages} value={current} onChange={setPage} size="sm" />
          </Group>
        </Center>
      )}
    </Stack>
  );
}
