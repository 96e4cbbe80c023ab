import { Fragment } from 'react';
import {
  BRANDS,
  dateTimeFormat,
  formatTemperature,
  intlLocale,
  LITRES_PER_US_GALLON,
  numberFormat,
  type TBrandCode,
  type TLanguage,
  type TUnitSystemOption,
  UNIT_SYMBOLS,
} from '@washboard/contracts';
import { brandTranslator, notificationMail, type TRenderedMail } from '../mail/mail-templates';
import { Lines, MailBlock, MailLink, MailText } from '../mail/components/MailParts';
import { mailAccent, MUTED, WARNING } from '../mail/mail-theme';
import type { TChemicals, TFailingCycle, TMachineWeek, TUse } from './weekly-report-figures';

/** What a weekly report tells, in which language, brand and time zone. */
export type TWeeklyReport = {
  brand: TBrandCode;
  lang: TLanguage;
  timeZone: string;
  firstName: string;
  /** the reported week: local Monday 00:00 to the next */
  start: Date;
  end: Date;
  machines: readonly TMachineWeek[];
  /** the dashboard's page of a machine */
  link: (serial: string) => string;
};

/** Numbers, dates and the report's lines in `lang`, shared by the mail and its PDF. */
export function reportTexts(report: TWeeklyReport) {
  const { lang, timeZone } = report;
  const brand = BRANDS[report.brand].title;
  const locale = intlLocale(lang);
  const t = brandTranslator(report.brand, lang);
  const w = (key: string, params: Record<string, string | number> = {}) => t(`mail.weeklyReport.${key}`, params);
  const number = numberFormat(locale, { maximumFractionDigits: 1 });
  const percent = numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const day = dateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone });
  const time = dateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  // Each machine's temperatures and water in the units its display shows (S47 and its range): °C and
  // litres, or °F and US gallons (litres on Hiline); energy is kWh in both.
  const temperature = (raw: number, units: TUnitSystemOption) => formatTemperature(raw, units.system, { lang });
  const water = (litres: number | null, units: TUnitSystemOption) =>
    litres === null || units.volume === 'litre' ? litres : litres / LITRES_PER_US_GALLON;
  const waterUnit = (units: TUnitSystemOption) => UNIT_SYMBOLS[units.volume];
  // The last day of the week is the Sunday before `end` (local midnight).
  const lastDay = new Date(report.end.getTime() - 12 * 3600 * 1000);
  const period = { from: day.format(report.start), to: day.format(lastDay) };
  const withUnit = (v: number | null, unit: string) => (v === null ? w('notMeasured') : `${number.format(v)} ${unit}`);
  const use = (key: 'water' | 'energy', u: TUse, units: TUnitSystemOption) => {
    if (key === 'energy') return w(key, { value: withUnit(u.week, 'kWh'), previous: withUnit(u.previous, 'kWh') });
    const unit = waterUnit(units);
    return w(key, { value: withUnit(water(u.week, units), unit), previous: withUnit(water(u.previous, units), unit) });
  };
  // Chemicals are estimates: three significant digits, in the unit of the machine's water.
  const estimate = numberFormat(locale, { maximumSignificantDigits: 3 });
  const product = (litres: number, units: TUnitSystemOption) =>
    `${estimate.format(water(litres, units) ?? 0)} ${waterUnit(units)}`;
  /**
   * Detergent and rinse aid used, as the mail's line says them and the PDF's cell does; undefined
   * for a machine estimated in neither week (it has no such line).
   */
  const chemicalsTexts = (m: TMachineWeek) => {
    if (!m.chemicals.week && !m.chemicals.previous) return undefined;
    const pair = (c: TChemicals | null) =>
      c === null
        ? w('notEstimated')
        : w('chemicalsPair', { detergent: product(c.detergent, m.units), rinseAid: product(c.rinseAid, m.units) });
    const short = (c: TChemicals | null) =>
      c === null ? '–' : `${estimate.format(water(c.detergent, m.units) ?? 0)} / ${product(c.rinseAid, m.units)}`;
    return {
      line: w('chemicals', { value: pair(m.chemicals.week), previous: pair(m.chemicals.previous) }),
      cell: `${short(m.chemicals.week)} (${short(m.chemicals.previous)})`,
    };
  };
  /** A failing cycle: when and which, and why it failed (with the temperature reached). */
  const failingParts = (m: TMachineWeek, c: TFailingCycle) => {
    const reasons = c.failures.map((f) =>
      f === 'wash'
        ? `${t('haccp.failures.wash', { min: temperature(m.rule.washMin, m.units) })} (${c.washTmp === null ? '–' : temperature(c.washTmp, m.units)})`
        : f === 'rinse'
          ? `${t('haccp.failures.rinse', { min: temperature(m.rule.rinseMin, m.units) })} (${c.rinseTmp === null ? '–' : temperature(c.rinseTmp, m.units)})`
          : t('haccp.failures.notCompleted'),
    );
    const cycle = c.cycleName ? t(`cycles.${c.cycleName}`) : '–';
    return {
      when: `${time.format(c.start)} · ${cycle}${c.cycleNumber === null ? '' : ` #${c.cycleNumber}`}`,
      reasons: reasons.join(', '),
    };
  };
  const failing = (m: TMachineWeek, c: TFailingCycle) => {
    const parts = failingParts(m, c);
    return `${parts.when} · ${parts.reasons}`;
  };
  /**
   * A machine's lines after its name: cycles, hygiene, alarms, water, energy, chemicals (if
   * estimated), offline.
   */
  const lines = (m: TMachineWeek): string[] => {
    const chemicals = chemicalsTexts(m);
    return [
      w('cycles', { count: m.cycles }),
      m.judged === 0 ? w('hygieneNone') : w('hygiene', { rate: percent.format(m.passed / m.judged), count: m.judged }),
      `${w('alarms', { opened: m.alarmsOpened, open: m.alarmsOpen })}${m.alarmCodes.length > 0 ? ` (${m.alarmCodes.join(', ')})` : ''}`,
      use('water', m.water, m.units),
      use('energy', m.energy, m.units),
      ...(chemicals ? [chemicals.line] : []),
      w('offline', { hours: number.format(m.offlineHours) }),
    ];
  };
  return { t, w, number, percent, period, failing, failingParts, lines, brand, water, waterUnit, chemicalsTexts };
}

/** The report's summary line: how many machines, cycles and alarms opened. */
function summaryOf(report: TWeeklyReport): string {
  const { w } = reportTexts(report);
  const machines = report.machines;
  return w('summary', {
    machines: machines.length,
    cycles: machines.reduce((n, m) => n + m.cycles, 0),
    alarms: machines.reduce((n, m) => n + m.alarmsOpened, 0),
  });
}

/**
 * One machine with something to report: its name (linking its page) and serial number, its
 * figures — those that need attention in red — its failing cycles, and the link to its page.
 */
function MachineWeek(props: { report: TWeeklyReport; machine: TMachineWeek }) {
  const { report, machine: m } = props;
  const { w, failing, lines } = reportTexts(report);
  const link = report.link(m.serialNumber);
  const figures = lines(m).map((line, i) =>
    (i === 1 && m.failing.length > 0) || (i === 2 && m.alarmsOpen > 0) ? (
      <strong key={i} style={{ color: WARNING }}>
        {line}
      </strong>
    ) : (
      line
    ),
  );
  return (
    <MailBlock style={{ borderLeft: `4px solid ${mailAccent(report.brand)}`, paddingLeft: 12 }}>
      <Lines
        lines={[
          <Fragment key="name">
            <MailLink brand={report.brand} href={link} data-text="label" style={{ fontWeight: 'bold' }}>
              {m.name}
            </MailLink>{' '}
            <span style={{ color: MUTED }}>({m.serialNumber})</span>
          </Fragment>,
          ...figures,
          ...(m.failing.length > 0 ? [w('failing')] : []),
        ]}
      />
      {m.failing.length > 0 ? (
        <ul style={{ margin: '4px 0', paddingLeft: 20 }}>
          {m.failing.map((c, i) => (
            <li key={i}>{failing(m, c)}</li>
          ))}
        </ul>
      ) : null}
      <div>
        {w('open', { link: '' })}
        <MailLink brand={report.brand} href={link} />
      </div>
    </MailBlock>
  );
}

/**
 * The weekly report's body: the greeting, the week and its summary, each machine with something to
 * report, then those with nothing to report in one line each.
 */
export function WeeklyReportMail(props: { report: TWeeklyReport }) {
  const { report } = props;
  const { t, w, period } = reportTexts(report);
  const quiet = report.machines.filter((m) => m.quiet);
  return (
    <>
      <MailText>{t('mail.greeting', { firstName: report.firstName })}</MailText>
      <MailText>
        {w('intro', period)}
        <br />
        <strong>{summaryOf(report)}</strong>
        <br />
        {w('attached')}
      </MailText>
      {report.machines
        .filter((m) => !m.quiet)
        .map((m) => (
          <MachineWeek key={m.serialNumber} report={report} machine={m} />
        ))}
      {quiet.length > 0 ? (
        <MailText style={{ color: MUTED }}>
          <Lines lines={quiet.map((m) => `${m.name} (${m.serialNumber}): ${w('quiet')}`)} />
        </MailText>
      ) : null}
    </>
  );
}

/**
 * The weekly report as a mail (docs/notifications.md, "Weekly report"): a summary, then each machine
 * with its figures and failing cycles — a machine with nothing to report in one line — and the
 * unsubscribe footer and headers of every notification mail.
 */
export function renderWeeklyReportMail(
  report: TWeeklyReport,
  options: { unsubscribeUrl: string; preferenceLabel: string },
): TRenderedMail {
  const { w, period } = reportTexts(report);
  return notificationMail({
    brand: report.brand,
    lang: report.lang,
    subject: w('subject', period),
    preview: summaryOf(report),
    unsubscribe: { url: options.unsubscribeUrl, preferenceLabel: options.preferenceLabel },
    children: <WeeklyReportMail report={report} />,
  });
}
