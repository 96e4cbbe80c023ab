import { BRANDS, intlLocale } from '@washboard/contracts';
import { mailAccent } from '../mail/mail-theme';
import { PDF_COLOR, PDF_FONT, renderPdf } from '../pdf/pdf-document';
import { drawTable, type TCell, type TColumn } from '../pdf/table-writer';
import type { TMachineWeek } from './weekly-report-figures';
import { reportTexts, type TWeeklyReport } from './weekly-report-template';

const FAIL = '#c81e1e';
const FAIL_FILL = '#fde8e8';

/** A row of the report's table: a machine's figures, or one of its failing cycles under it. */
type TItem = { machine: TMachineWeek; failing?: TMachineWeek['failing'][number] };

/**
 * The weekly report's figures as a PDF (attached to the mail): one table, a row per machine — a
 * machine with nothing to report is one row like any other — each followed by its failing cycles
 * in red, the week before in brackets.
 */
export async function renderWeeklyReportPdf(report: TWeeklyReport, createdAt = new Date()): Promise<Buffer> {
  const { t, w, number, percent, period, failingParts, brand, water, waterUnit, chemicalsTexts } = reportTexts(report);
  const accent = mailAccent(report.brand);
  const title = w('title');
  // A narrow column: "–" where the mail says "not measured".
  const short = (v: number | null) => (v === null ? '–' : number.format(v));
  const withPrevious = (u: TMachineWeek['water']) => `${short(u.week)} (${short(u.previous)})`;
  /** Water in the machine's own unit, named in the cell: a fleet may mix litres and gallons. */
  const waterCell = (m: TMachineWeek) => {
    const [week, previous] = [water(m.water.week, m.units), water(m.water.previous, m.units)];
    return `${short(week)} ${waterUnit(m.units)} (${short(previous)})`;
  };
  return renderPdf(
    { title, subject: `${period.from} – ${period.to}`, author: brand, locale: intlLocale(report.lang), createdAt },
    async (pdf) => {
      const left = pdf.page.margins.left;
      const width = pdf.page.width - left - pdf.page.margins.right;
      const top = pdf.page.margins.top;
      pdf.font(PDF_FONT.bold).fontSize(15).fillColor(accent).text(BRANDS[report.brand].title, left, top, { lineBreak: false });
      pdf.rect(left, top + 22, width, 2).fill(accent);
      pdf
        .font(PDF_FONT.bold)
        .fontSize(14)
        .fillColor(PDF_COLOR.text)
        .text(`${title}: ${period.from} – ${period.to}`, left, top + 32, { width });
      pdf.font(PDF_FONT.regular).fontSize(8.5).fillColor(PDF_COLOR.muted);
      const machines = report.machines;
      pdf.text(
        w('summary', {
          machines: machines.length,
          cycles: machines.reduce((n, m) => n + m.cycles, 0),
          alarms: machines.reduce((n, m) => n + m.alarmsOpened, 0),
        }),
        left,
        pdf.y + 4,
        { width },
      );
      pdf.text(w('timesIn', { zone: report.timeZone }), left, pdf.y + 1, { width });
      const columns: TColumn[] = [
        { title: w('machine'), width: 160, wrap: true },
        { title: w('colCycles'), width: 45 },
        { title: w('colHygiene'), width: 150, wrap: true },
        { title: w('colAlarms'), width: 90 },
        { title: `${w('colWater')} (${w('weekBefore')})`, width: 85 },
        { title: `${w('colEnergy')} (${w('weekBefore')})`, width: 75 },
        { title: `${w('colChemicals')} (${w('weekBefore')})`, width: 110, wrap: true },
        { title: w('colOffline'), width: 55 },
      ];
      const items: TItem[] = machines.flatMap((machine) => [
        { machine },
        ...machine.failing.map((failing) => ({ machine, failing })),
      ]);
      const blank: TCell = { text: '' };
      await drawTable(pdf, {
        startY: pdf.y + 10,
        columns,
        items,
        empty: '',
        chrome: {
          header: { title: BRANDS[report.brand].title, accent, detail: `${title} · ${period.from} – ${period.to}` },
          footer: {
            left: `${BRANDS[report.brand].title} · ${title}`,
            right: (page, pages) => t('haccp.pdf.page', { page, pages }),
          },
        },
        row: ({ machine: m, failing }) => {
          if (failing) {
            const parts = failingParts(m, failing);
            return {
              tint: FAIL_FILL,
              cells: [
                { text: `   ${parts.when}`, wrap: true },
                blank,
                { text: parts.reasons, color: FAIL, wrap: true },
                blank,
                blank,
                blank,
                blank,
                blank,
              ],
            };
          }
          if (m.quiet) {
            const quiet: TCell = { text: w('quiet'), color: PDF_COLOR.muted, wrap: true };
            return {
              cells: [
                { text: `${m.name} · ${m.serialNumber}`, bold: true, wrap: true },
                { text: '0' },
                quiet,
                blank,
                blank,
                blank,
                blank,
                blank,
              ],
            };
          }
          const hygiene = m.judged === 0 ? '–' : `${percent.format(m.passed / m.judged)} (${m.passed}/${m.judged})`;
          return {
            cells: [
              { text: `${m.name} · ${m.serialNumber}`, bold: true, wrap: true },
              { text: String(m.cycles) },
              { text: hygiene, color: m.failing.length > 0 ? FAIL : undefined, bold: m.failing.length > 0 },
              { text: `${m.alarmsOpened} / ${m.alarmsOpen}`, color: m.alarmsOpen > 0 ? FAIL : undefined },
              { text: waterCell(m) },
              { text: withPrevious(m.energy) },
              { text: chemicalsTexts(m)?.cell ?? '–' },
              { text: number.format(m.offlineHours) },
            ],
          };
        },
      });
    },
  );
}
