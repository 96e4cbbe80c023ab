import { useId } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notify } from '../../../ui/notify';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { THaccpPeriod, THaccpReport } from '../api/haccp-api';
import { useHaccpExport } from '../hooks/use-haccp';

const LABELS: Record<THaccpReport, `haccp.export${'Events' | 'Alarms' | 'EventsCsv' | 'AlarmsCsv' | 'TelemetryCsv'}`> = {
  events: 'haccp.exportEvents',
  alarms: 'haccp.exportAlarms',
  eventsCsv: 'haccp.exportEventsCsv',
  alarmsCsv: 'haccp.exportAlarmsCsv',
  telemetryCsv: 'haccp.exportTelemetryCsv',
};
const CSV: ReadonlySet<THaccpReport> = new Set(['eventsCsv', 'alarmsCsv', 'telemetryCsv']);

/**
 * A row of export buttons, one per report: the one running shows it, the others wait for it; a
 * failure is told with the server's reason.
 */
export function ExportButtons<R extends THaccpReport>({
  reports,
  running,
  start,
  label,
}: {
  reports: readonly R[];
  running: R | null;
  start: (report: R, onError: (error: Error) => void) => void;
  /** The row's name, written above it and naming its group for assistive technology. */
  label?: string;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const onError = (error: Error) => notify({ color: 'red', message: error.message || t('apiErrors.EXPORT_FAILED') });
  const buttons = (
    <Group gap="sm" wrap="wrap" role={label ? 'group' : undefined} aria-labelledby={label ? labelId : undefined}>
      {reports.map((report) => (
        <Button
          key={report}
          variant="light"
          leftSection={CSV.has(report) ? <IconFileTypeCsv size={18} aria-hidden /> : <IconFileTypePdf size={18} aria-hidden />}
          loading={running === report}
          disabled={running !== null && running !== report}
          onClick={() => start(report, onError)}
        >
          {t(LABELS[report])}
        </Button>
      ))}
    </Group>
  );
  if (!label) return buttons;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} id={labelId}>
        {label}
      </Text>
      {buttons}
    </Stack>
  );
}

/**
 * The exports of the period: events (with the hygiene verdicts) and alarms (with severity and who
 * acknowledged them) as PDF, both as CSV (the events with their chain hashes), and the raw
 * telemetry as CSV (a period of more than 31 days is refused with the server's reason).
 */
export function HaccpExportButtons({ serialNumber, period }: { serialNumber: string; period: THaccpPeriod }) {
  const exporter = useHaccpExport(serialNumber);
  return (
    <ExportButtons
      reports={['events', 'alarms', 'eventsCsv', 'alarmsCsv', 'telemetryCsv'] as const}
      running={exporter.isPending ? exporter.variables.report : null}
      start={(report, onError) => exporter.mutate({ report, period }, { onError })}
    />
  );
}
