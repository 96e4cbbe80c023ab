import { Fragment, useState, type ReactNode } from 'react';
import { Badge, Center, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  formatTemperature,
  heatDoseText,
  HUE_MIN,
  sanitisingSummary,
  parameterByKey,
  type THaccpEventView,
  type THygieneRule,
  type TGamma,
  type TUnitSystem,
} from '@washboard/contracts';
import { EmptyState } from '../../../ui/EmptyState';
import { DeliveryMarker } from './DeliveryMarker';
import { CorrectButton, CorrectionNotes } from './CorrectionNotes';
import { usePhone } from '../../../ui/use-phone';
import { useParameterValueText } from '../../parameters/components/ParameterField';
import { useDeviceTranslation } from '../../i18n/device-texts';
import { useHeatDoseWriter } from '../hooks/use-heat-dose-writer';
import { HaccpTable, recordStripe } from './HaccpTable';
import { useLanguage } from '../../i18n/i18n';
import { Pagination } from '../../../ui/Pagination';

const PAGE_SIZE = 50;

type TProps = {
  events: THaccpEventView[];
  rule: THygieneRule;
  unitSystem: TUnitSystem;
  /** the machine's range, where known: its unit systems are named as its editor names them */
  gamma: TGamma | undefined;
  timeZone: string;
  /** offers "Add correction" on each record (the service's): called with the record and how to name it */
  onCorrect?: (event: THaccpEventView, name: string) => void;
};

/** A value under its (column) label, on a phone's event card. */
function Labelled({ label, children, c, fw }: { label: string; children: ReactNode; c?: string; fw?: number }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" c={c} fw={fw}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The HACCP events of the period: cycle, start and end (the day above the time), type (with the
 * parameter and its values for a parameter change), the peak wash and final-rinse
 * temperatures, the hygiene verdict (before the wider, informative columns: it binds), the heat dose
 * and the Food Code rules met or missed; a failed cycle is tinted red with its reasons; under a record,
 * its corrections, and for the service a button to add one. On a phone, one card per event with the
 * verdict first. Needs the device texts (parameter labels): render inside Suspense.
 */
export function HaccpEventsTable({ events, rule, unitSystem, gamma, timeZone, onCorrect }: TProps) {
  const { t } = useTranslation();
  const { t: td } = useDeviceTranslation();
  const lang = useLanguage();
  const valueText = useParameterValueText();
  /** A parameter's value as its editor writes it ("85 °C", "Present", an option's name); the number for an unknown key. */
  const parameterValue = (key: string, raw: number | null) => {
    if (raw === null) return '–';
    const param = parameterByKey(key);
    return param ? valueText(param, raw, unitSystem, gamma) : String(raw);
  };
  const phone = usePhone();
  const [page, setPage] = useState(1);
  const writer = useHeatDoseWriter(unitSystem);
  if (events.length === 0) return <EmptyState message={t('haccp.noEvents')} />;
  const pages = Math.ceil(events.length / PAGE_SIZE);
  const current = Math.min(page, pages);
  const shown = events.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const temperature = (raw: number | null) => (raw === null ? '–' : formatTemperature(raw, unitSystem, { lang }));
  const when = (iso: string) => formatDate(iso, 'long', lang, timeZone);
  /** A time in the table: the day, and the time of day under it (so both time columns stay narrow). */
  const stacked = (iso: string) => (
    <Stack gap={0}>
      <span>{formatDate(iso, 'short', lang, timeZone)}</span>
      <span>{formatDate(iso, 'time', lang, timeZone)}</span>
    </Stack>
  );
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

  const verdict = (e: THaccpEventView) =>
    e.verdict === 'notApplicable' ? (
      <Text size="sm" c="dimmed">
        –
      </Text>
    ) : (
      <Stack gap={2} align="flex-start">
        <Badge
          // Red 9 in both schemes: Mantine picks a filled badge's text colour once, for the light
          // scheme's shade, and white on the dark scheme's red (5) was 2.8:1.
          color={e.verdict === 'fail' ? 'red.9' : e.verdict === 'pass' ? 'teal' : 'gray'}
          variant={e.verdict === 'fail' ? 'filled' : 'light'}
          // Whole in every language: in a table squeezed to its minimum a badge's text was cut ("NICHT BESTAN…").
          miw="max-content"
        >
          {t(`haccp.verdicts.${e.verdict}`)}
        </Badge>
        {e.failures.map((f) => (
          <Text key={f} size="xs" c="red" fw={600}>
            {failureText[f]}
          </Text>
        ))}
      </Stack>
    );
  /** HUE and A0 of the rinse: green from 3,600 HUE, orange and bold below (informative: the hygiene rule binds). */
  const dose = (e: THaccpEventView) => {
    if (e.verdict === 'notApplicable') return <Text size="sm">–</Text>;
    const short = e.heatDose !== null && e.heatDose.hue < HUE_MIN;
    return (
      <Text size="sm" c={e.heatDose ? (short ? 'orange' : 'teal') : 'dimmed'} fw={short ? 700 : undefined} data-heat-dose>
        {heatDoseText(e.heatDose, writer)}
      </Text>
    );
  };
  /** The Food Code rules of the machine's class: "All 4 rules met", or the ones missed, in orange. */
  const foodCode = (e: THaccpEventView) => {
    const summary = sanitisingSummary(e.checks, writer);
    if (!summary) return <Text size="sm">–</Text>;
    return (
      <Text
        size="xs"
        c={summary.met ? 'teal' : 'orange'}
        fw={summary.met ? undefined : 600}
        data-food-code={summary.met ? 'met' : 'missed'}
      >
        {summary.text}
      </Text>
    );
  };
  const parameter = (e: THaccpEventView) =>
    e.parameterName ? (
      <Stack gap={0}>
        <Text size="sm">{parameterLabel(e.parameterName)}</Text>
        <Text size="xs" c="dimmed">
          {parameterValue(e.parameterName, e.oldValue)} → {parameterValue(e.parameterName, e.newValue)}
        </Text>
      </Stack>
    ) : (
      '–'
    );
  const cycle = (e: THaccpEventView) => (e.cycleName ? t(`cycles.${e.cycleName}`, { defaultValue: e.cycleName }) : '–');
  const type = (e: THaccpEventView) => t(e.kind === 'cycle' ? 'haccp.eventTypes.telemetry' : 'haccp.eventTypes.cycleParameters');
  const correctButton = (e: THaccpEventView) => {
    if (!onCorrect) return null;
    const name = t('haccp.correction.record', { what: e.cycleName ? cycle(e) : type(e), start: when(e.start) });
    return <CorrectButton name={name} onClick={() => onCorrect(e, name)} />;
  };
  const failedTint = (e: THaccpEventView) =>
    e.verdict === 'fail' ? { background: 'var(--mantine-color-red-light)' } : undefined;
  const measured = (e: THaccpEventView, what: 'wash' | 'rinse') =>
    e.failures.includes(what) ? ({ c: 'red', fw: 700 } as const) : {};

  return (
    <Stack gap="sm">
      {phone ? (
        // A phone has no room for eight columns: one card per event, the verdict first.
        <Stack gap="sm" role="list" aria-label={t('haccp.tabs.events')}>
          {shown.map((e) => (
            <Paper key={e.id} withBorder radius="md" p="sm" role="listitem" data-verdict={e.verdict} style={failedTint(e)}>
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  {verdict(e)}
                  <Text size="sm" fw={600} ta="right">
                    {cycle(e)}
                  </Text>
                </Group>
                <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
                  <Labelled label={t('haccp.columns.start')}>{when(e.start)}</Labelled>
                  <Labelled label={t('haccp.columns.stop')}>{when(e.stop)}</Labelled>
                  <Labelled label={t('haccp.columns.washTmp')} {...measured(e, 'wash')}>
                    {temperature(e.washTmp)}
                  </Labelled>
                  <Labelled label={t('haccp.columns.rinseTmp')} {...measured(e, 'rinse')}>
                    {temperature(e.rinseTmp)}
                  </Labelled>
                </SimpleGrid>
                {e.verdict !== 'notApplicable' && (
                  <Stack gap={2}>
                    <Text size="xs" c="dimmed">
                      {t('heatDose.columns.heatDose')}
                    </Text>
                    {dose(e)}
                    <Text size="xs" c="dimmed">
                      {t('heatDose.columns.foodCode')}
                    </Text>
                    {foodCode(e)}
                  </Stack>
                )}
                <Text size="xs" c="dimmed">
                  {type(e)}
                </Text>
                <DeliveryMarker chain={e.chain} otherVersions={e.otherVersions} timeZone={timeZone} />
                {e.parameterName && parameter(e)}
                <CorrectionNotes corrections={e.corrections} timeZone={timeZone} />
                {correctButton(e)}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <HaccpTable
          label={t('haccp.tabs.events')}
          // Ten columns in nine: a parameter change names its parameter under its type (a cycle has none).
          minWidth={1120}
          columns={[
            { label: t('haccp.columns.cycleName') },
            { label: t('haccp.columns.start') },
            { label: t('haccp.columns.stop') },
            { label: t('haccp.columns.type') },
            { label: t('haccp.columns.washTmp'), align: 'right' },
            { label: t('haccp.columns.rinseTmp'), align: 'right' },
            { label: t('haccp.columns.verdict') },
            { label: t('heatDose.columns.heatDose') },
            { label: t('heatDose.columns.foodCode') },
          ]}
        >
          {shown.map((e, index) => (
            <Fragment key={e.id}>
              <Table.Tr data-verdict={e.verdict} style={failedTint(e) ?? recordStripe(index)}>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    {cycle(e)}
                    {correctButton(e)}
                  </Stack>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{stacked(e.start)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{stacked(e.stop)}</Table.Td>
                <Table.Td miw={130}>
                  <Stack gap={4} align="flex-start">
                    {type(e)}
                    {e.parameterName && parameter(e)}
                    <DeliveryMarker chain={e.chain} otherVersions={e.otherVersions} timeZone={timeZone} />
                  </Stack>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} {...measured(e, 'wash')}>
                  {temperature(e.washTmp)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} {...measured(e, 'rinse')}>
                  {temperature(e.rinseTmp)}
                </Table.Td>
                <Table.Td miw={150}>{verdict(e)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dose(e)}</Table.Td>
                <Table.Td miw={180}>{foodCode(e)}</Table.Td>
              </Table.Tr>
              {e.corrections.length > 0 && (
                // The record stays as the machine reported it; its corrections follow it, across the table.
                <Table.Tr data-corrects={e.id} style={failedTint(e) ?? recordStripe(index)}>
                  <Table.Td colSpan={9}>
                    <CorrectionNotes corrections={e.corrections} timeZone={timeZone} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </HaccpTable>
      )}
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
