import { BRANDS, intlLocale, UNIT_SYMBOLS, type TBrandCode, type TLanguage } from '@washboard/contracts';
import { translate } from '../i18n/translate';
import { escapeHtml, mailAccent, notificationMail, type TRenderedMail } from '../mail/mail-templates';
import type { TFailingCycle, TMachineWeek, TUse } from './weekly-report-figures';

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
  const t = (key: string, params: Record<string, string | number> = {}) => translate(lang, key, { brand, ...params });
  const w = (key: string, params: Record<string, string | number> = {}) => t(`mail.weeklyReport.${key}`, params);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone });
  const time = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  const celsius = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  const temperature = (raw: number) => `${celsius.format(raw / 10)} ${UNIT_SYMBOLS.celsius}`;
  // The last day of the week is the Sunday before `end` (local midnight).
  const lastDay = new Date(report.end.getTime() - 12 * 3600 * 1000);
  const period = { from: day.format(report.start), to: day.format(lastDay) };
  const withUnit = (v: number | null, unit: string) => (v === null ? w('notMeasured') : `${number.format(v)} ${unit}`);
  const use = (key: 'water' | 'energy', u: TUse) => {
    const unit = key === 'water' ? 'l' : 'kWh';
    return w(key, { value: withUnit(u.week, unit), previous: withUnit(u.previous, unit) });
  };
  /** A failing cycle: when and which, and why it failed (with the temperature reached). */
  const failingParts = (m: TMachineWeek, c: TFailingCycle) => {
    const reasons = c.failures.map((f) =>
      f === 'wash'
        ? `${t('haccp.failures.wash', { min: temperature(m.rule.washMin) })} (${c.washTmp === null ? '–' : temperature(c.washTmp)})`
        : f === 'rinse'
          ? `${t('haccp.failures.rinse', { min: temperature(m.rule.rinseMin) })} (${c.rinseTmp === null ? '–' : temperature(c.rinseTmp)})`
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
  /** A machine's lines after its name: cycles, hygiene, alarms, water, energy, offline. */
  const lines = (m: TMachineWeek): string[] => [
    w('cycles', { count: m.cycles }),
    m.judged === 0 ? w('hygieneNone') : w('hygiene', { rate: percent.format(m.passed / m.judged), count: m.judged }),
    `${w('alarms', { opened: m.alarmsOpened, open: m.alarmsOpen })}${m.alarmCodes.length > 0 ? ` (${m.alarmCodes.join(', ')})` : ''}`,
    use('water', m.water),
    use('energy', m.energy),
    w('offline', { hours: number.format(m.offlineHours) }),
  ];
  return { t, w, number, percent, period, failing, failingParts, lines, brand };
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
  const { t, w, period, failing, lines } = reportTexts(report);
  const accent = mailAccent(report.brand);
  const machines = report.machines;
  const subject = w('subject', period);
  const greeting = t('mail.greeting', { firstName: report.firstName });
  const intro = w('intro', period);
  const summary = w('summary', {
    machines: machines.length,
    cycles: machines.reduce((n, m) => n + m.cycles, 0),
    alarms: machines.reduce((n, m) => n + m.alarmsOpened, 0),
  });
  const text: string[] = [greeting, '', intro, summary, w('attached'), ''];
  const html: string[] = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}<br><strong>${escapeHtml(summary)}</strong></p>`,
  ];
  const heading = (m: TMachineWeek) => `${m.name} (${m.serialNumber})`;
  const quiet = machines.filter((m) => m.quiet);
  for (const m of machines.filter((x) => !x.quiet)) {
    const body = lines(m);
    const fails = m.failing.map((c) => failing(m, c));
    const link = report.link(m.serialNumber);
    text.push(heading(m), ...body.map((l) => `  ${l}`));
    if (fails.length > 0) text.push(`  ${w('failing')}`, ...fails.map((f) => `    - ${f}`));
    text.push(`  ${w('open', { link })}`, '');
    html.push(
      `<div style="border-left:4px solid ${accent};padding:2px 0 2px 12px;margin:16px 0">` +
        `<a href="${escapeHtml(link)}" style="color:${accent};font-weight:bold;text-decoration:none">${escapeHtml(m.name)}</a>` +
        ` <span style="color:#6b7280">${escapeHtml(m.serialNumber)}</span>` +
        body
          .map((l, i) => {
            const warn = (i === 1 && m.failing.length > 0) || (i === 2 && m.alarmsOpen > 0);
            return `<br>${warn ? `<strong style="color:#c81e1e">${escapeHtml(l)}</strong>` : escapeHtml(l)}`;
          })
          .join('') +
        (fails.length > 0
          ? `<br>${escapeHtml(w('failing'))}<ul style="margin:4px 0;padding-left:20px">${fails.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`
          : '') +
        `</div>`,
    );
  }
  for (const m of quiet) {
    const line = `${heading(m)}: ${w('quiet')}`;
    text.push(line);
    html.push(
      `<p style="margin:4px 0;color:#6b7280">${escapeHtml(m.name)} (${escapeHtml(m.serialNumber)}): ${escapeHtml(w('quiet'))}</p>`,
    );
  }
  if (quiet.length > 0) text.push('');
  return notificationMail({
    brand: report.brand,
    lang: report.lang,
    subject,
    text,
    html,
    unsubscribeUrl: options.unsubscribeUrl,
    preferenceLabel: options.preferenceLabel,
  });
}
