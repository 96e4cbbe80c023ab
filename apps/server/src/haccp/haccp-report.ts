import {
  alarmByCode,
  BRANDS,
  CYCLE_TYPES,
  dateTimeFormat,
  deviceCatalogues,
  foodCodeClassText,
  HUE_MIN,
  hygieneVerdict,
  intlLocale,
  numberFormat,
  parameterByKey,
  parameterValueText,
  sanitisingChecks,
  sanitisingSummary,
  type TAlarmSeverity,
  type TBrandCode,
  type TCycleMeasurements,
  type TFoodCodeClass,
  type TGamma,
  type THeatDose,
  type THeatDoseWriter,
  type THygieneFailure,
  type THygieneRule,
  type TLanguage,
  type TOtherVersion,
  type TRecordCorrection,
  type TUnitSystem,
  UNIT_SYMBOLS,
} from '@washboard/contracts';
import { translate, translateDevice } from '../i18n/translate';
import { PDF_COLOR, PDF_FONT, renderPdf, slicer } from '../pdf/pdf-document';
import { drawTable, type TCell, type TColumn, type TPageChrome } from '../pdf/table-writer';
import qrcode from 'qrcode-generator';

/**
 * The two HACCP PDF reports (device-areas §7): events with the hygiene verdict of every cycle, and
 * alarms with their severity: the brand's header, the machine's identity and the period, then the
 * table (pdf/table-writer.ts: header repeated on every page, "Page n of m"); the loops yield to the
 * event loop so that a year of cycles does not hold up other requests.
 */

/** One HACCP record as the report needs it (the repository's report query). */
export type THaccpReportEvent = {
  kind: 'cycle' | 'parameter';
  cycleName: string | null;
  start: Date;
  stop: Date;
  completed: boolean | null;
  measurements: TCycleMeasurements | null;
  heatDose: THeatDose | null;
  parameterName: string | null;
  oldValue: number | null;
  newValue: number | null | undefined;
  /** Its place in the machine's hash chain (null: stored before chaining existed). */
  chainSeq: number | null;
  chainHash: string | null;
} & THaccpReportDelivery;

/**
 * What both reports print under a record besides its cells: its corrections, and how it was
 * delivered — late, carried home by whom — and the other versions that came under its id.
 */
export type THaccpReportDelivery = {
  /** The corrections pointing at it, oldest first (docs/hygiene.md, "Corrections"). */
  corrections: readonly TRecordCorrection[];
  /** Its entry's `late` and carrier (null: stored before chaining existed). */
  chainLate: boolean | null;
  chainCarrier: string | null;
  /** Other versions delivered under its id and kept aside, oldest first (docs/device-protocol.md). */
  otherVersions: readonly TOtherVersion[];
};

export type THaccpReportAlarm = {
  errorCode: string;
  startDate: Date;
  stopDate: Date | null;
  /** Who acknowledged it (null: a deleted account) and when; no time: not acknowledged. */
  acknowledgedAt: Date | null;
  acknowledgedByName: string | null;
  /** Its opening's place in the machine's hash chain (null: stored before chaining existed). */
  chainSeq: number | null;
  chainHash: string | null;
} & THaccpReportDelivery;

/** Everything the reports print besides the rows. */
export type THaccpReportContext = {
  lang: TLanguage;
  brand: TBrandCode;
  unitSystem: TUnitSystem;
  /** IANA zone the times are written in. */
  timeZone: string;
  machine: { name: string; serialNumber: string; modelNumber: string; rangeName: string; gamma: TGamma; type: string };
  from: Date;
  to: Date;
  createdAt: Date;
  rule: THygieneRule;
  /** The Food Code class of the machine (heat dose and temperature rules, docs/hygiene.md). */
  foodCodeClass: TFoodCodeClass;
  /** The verification page of the machine and period: each page's QR code leads there. */
  verificationUrl: string;
};

/** The colours of the HACCP verdicts and severities, besides the document's own. */
const COLOR = {
  ...PDF_COLOR,
  failFill: '#fde8e8',
  fail: '#c81e1e',
  pass: '#1e7b34',
  medium: '#b45309',
  /** A correction under its record (the screens' blue bar). */
  correction: '#1864ab',
  /** Other versions of a record (the screens' red badge). */
  otherVersions: '#c81e1e',
};

/** The corrections, and the other versions, printed under a row at most: a row, notes included, must fit on a page. */
const PRINTED_CORRECTIONS = 3;

/**
 * A note's own line breaks as spaces: one line is one correction, in the CSV as in the PDF, where a
 * note of a thousand line breaks would otherwise outgrow its page (a row is never split).
 */
export function oneLine(note: string): string {
  return note.replace(/\s*[\r\n]+\s*/g, ' ');
}

/**
 * The corrections of a record as the note under its row: each on a line of its own, who and when as
 * the screens write it, then the note; none, no note. The record's own cells stay as reported. Past
 * PRINTED_CORRECTIONS (1,000 characters each at most) a line says how many more there are and where
 * they all are, so that no row outgrows a page.
 */
function correctionNote(t: TTranslate, f: TFormatters, corrections: readonly TRecordCorrection[]): TCell | undefined {
  if (corrections.length === 0) return undefined;
  const lines = corrections
    .slice(0, PRINTED_CORRECTIONS)
    .map(
      (c) => `${t('haccp.correctedBy', { author: c.authorName, date: f.dateTime(new Date(c.createdAt)) })}: ${oneLine(c.note)}`,
    );
  const more = corrections.length - PRINTED_CORRECTIONS;
  if (more > 0) lines.push(t('haccp.pdf.moreCorrections', { count: more }));
  return { text: lines.join('\n'), color: COLOR.correction };
}

/**
 * How a record came, as the screens mark it: "Delivered late" (and who carried it home) when the
 * machine had buffered it; then, in red, the other versions received under its id — from the machine
 * or carried home by whom, and when (the oldest PRINTED_CORRECTIONS, then how many more). Nothing for
 * a record delivered on time, once.
 */
function deliveryNotes(t: TTranslate, f: TFormatters, record: THaccpReportDelivery): TCell[] {
  const notes: TCell[] = [];
  if (record.chainLate) {
    const carried = record.chainCarrier === null ? '' : ` · ${t('haccp.delivery.carriedBy', { name: record.chainCarrier })}`;
    notes.push({ text: `${t('haccp.delivery.late')}${carried}`, color: COLOR.medium });
  }
  const versions = record.otherVersions;
  if (versions.length > 0) {
    const lines = [t('haccp.delivery.otherVersions', { count: versions.length })];
    for (const v of versions.slice(0, PRINTED_CORRECTIONS)) {
      const date = f.dateTime(new Date(v.receivedAt));
      lines.push(
        v.carriedBy === null
          ? t('haccp.delivery.fromMachine', { date })
          : t('haccp.delivery.carriedHome', { name: v.carriedBy, date }),
      );
    }
    const more = versions.length - PRINTED_CORRECTIONS;
    if (more > 0) lines.push(t('haccp.pdf.moreVersions', { count: more }));
    notes.push({ text: lines.join('\n'), color: COLOR.otherVersions });
  }
  return notes;
}

/** Everything printed under a record's cells: its corrections, then how it was delivered. */
function recordNotes(t: TTranslate, f: TFormatters, record: THaccpReportDelivery): TCell[] {
  const correction = correctionNote(t, f, record.corrections);
  return [...(correction ? [correction] : []), ...deliveryNotes(t, f, record)];
}

/** Accent colours and marks of apps/web/src/ui/brand/*.svg (viewBox units, 40 high). */
const BRAND_MARKS: Record<TBrandCode, { accent: string; draw: (pdf: PDFKit.PDFDocument) => void }> = {
  LUMINA: {
    accent: '#0ea5b7',
    draw: (pdf) => {
      pdf.path('M18 3.5C18 3.5 6 16.6 6 25a12 12 0 0 0 24 0C30 16.6 18 3.5 18 3.5Z').fill('#0ea5b7');
      pdf.path('M11.6 24.2c0 3 1.7 5.5 4.5 6.5').lineWidth(2.4).lineCap('round').stroke('#ffffff');
      pdf.path('M29.5 3.5L30.5 6.5L33.5 7.5L30.5 8.5L29.5 11.5L28.5 8.5L25.5 7.5L28.5 6.5Z').fill('#0ea5b7');
    },
  },
  KESTREL: {
    accent: '#e8590c',
    draw: (pdf) => {
      pdf.roundedRect(2, 4, 32, 32, 8).fill('#e8590c');
      pdf
        .path(
          'M6.5 17.5C10.5 16 14.5 17 18 21C21.5 17 25.5 16 29.5 17.5C25.5 18.5 21.5 21.5 19.5 26.5L18 29L16.5 26.5C14.5 21.5 10.5 18.5 6.5 17.5Z',
        )
        .fill('#ffffff');
    },
  },
};

/** Number and date formatting of one report, built once (Intl objects are costly to create). */
export function formatters(ctx: THaccpReportContext) {
  const locale = intlLocale(ctx.lang);
  const time = dateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: ctx.timeZone,
  });
  const date = dateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: ctx.timeZone });
  // The period is a range of UTC days (see rangeBoundary(), http/date-range.ts).
  const day = dateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const celsius = numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  const whole = numberFormat(locale, { maximumFractionDigits: 0, useGrouping: false });
  const decimal = numberFormat(locale, { maximumFractionDigits: 2, useGrouping: false });
  const dose = numberFormat(locale, { maximumFractionDigits: 1 });
  const imperial = ctx.unitSystem === 'imperial';
  return {
    dateTime: (d: Date) => `${date.format(d)} ${time.format(d)}`,
    day: (d: Date) => day.format(d),
    /** A raw temperature (tenths of °C): "82.0 °C" or "180 °F". */
    temperature: (raw: number) =>
      imperial
        ? `${whole.format((raw * 9) / 50 + 32)} ${UNIT_SYMBOLS.fahrenheit}`
        : `${celsius.format(raw / 10)} ${UNIT_SYMBOLS.celsius}`,
    number: (n: number) => decimal.format(n),
    /** A heat dose (HUE, A0) as the HACCP screen writes it: one decimal, digits grouped. */
    dose: (n: number) => dose.format(n),
    /** A parameter's value as its editor writes it ("85 °C", "Present", an option's name); the number for an unknown key. */
    parameter: (key: string, raw: number | null | undefined) => {
      if (raw === null || raw === undefined) return '–';
      const param = parameterByKey(key);
      if (!param) return decimal.format(raw);
      return parameterValueText(param, raw, ctx.unitSystem, ctx.machine.gamma, {
        text: (k) => translate(ctx.lang, k),
        deviceText: (k) => translateDevice(ctx.lang, k),
        number: (value, digits) => numberFormat(locale, { maximumFractionDigits: digits, useGrouping: false }).format(value),
      });
    },
  };
}

export type TFormatters = ReturnType<typeof formatters>;

type TTranslate = (key: string, params?: Record<string, string | number>) => string;

/**
 * Makes a report's document titled with `titleKey`, lets `draw` fill it and answers its bytes once
 * it is complete.
 */
async function renderReport(
  ctx: THaccpReportContext,
  titleKey: string,
  draw: (pdf: PDFKit.PDFDocument, report: { t: TTranslate; f: TFormatters; title: string }) => Promise<void>,
): Promise<Buffer> {
  const t: TTranslate = (key, params) => translate(ctx.lang, key, params);
  const f = formatters(ctx);
  const title = t(titleKey);
  const info = {
    title,
    subject: `${ctx.machine.serialNumber} ${ctx.from.toISOString().slice(0, 10)} – ${ctx.to.toISOString().slice(0, 10)}`,
    author: BRANDS[ctx.brand].title,
    locale: intlLocale(ctx.lang),
    createdAt: ctx.createdAt,
  };
  return renderPdf(info, (pdf) => draw(pdf, { t, f, title }));
}

/** The first page's header: brand, title, machine identity, period; answers where the table starts. */
function firstPageHeader(
  pdf: PDFKit.PDFDocument,
  ctx: THaccpReportContext,
  f: TFormatters,
  title: string,
  lines: string[],
): number {
  const t = (key: string, params?: Record<string, string | number>) => translate(ctx.lang, key, params);
  const left = pdf.page.margins.left;
  const top = pdf.page.margins.top;
  const brand = BRANDS[ctx.brand];
  const mark = BRAND_MARKS[ctx.brand];
  pdf
    .save()
    .translate(left, top - 4)
    .scale(0.9);
  mark.draw(pdf);
  pdf.restore();
  pdf
    .font(PDF_FONT.bold)
    .fontSize(15)
    .fillColor(COLOR.text)
    .text(brand.title, left + 38, top + 2, { lineBreak: false });
  pdf
    .font(PDF_FONT.regular)
    .fontSize(8)
    .fillColor(COLOR.muted)
    .text(t('haccp.pdf.createdAt', { date: f.dateTime(ctx.createdAt) }), left + 38, top + 20, {
      lineBreak: false,
    });
  const width = pdf.page.width - left - pdf.page.margins.right;
  pdf.rect(left, top + 36, width, 2).fill(mark.accent);
  pdf
    .font(PDF_FONT.bold)
    .fontSize(14)
    .fillColor(COLOR.text)
    .text(title, left, top + 46, { width });

  const identity: [string, string][] = [
    [t('haccp.pdf.machine'), ctx.machine.name],
    [t('haccp.pdf.serialNumber'), ctx.machine.serialNumber],
    [t('haccp.pdf.model'), `${ctx.machine.modelNumber} · ${ctx.machine.rangeName}`],
    [t('haccp.period'), `${f.day(ctx.from)} – ${f.day(ctx.to)}`],
  ];
  let y = pdf.y + 6;
  const labelWidth = 90;
  for (const [label, value] of identity) {
    pdf.font(PDF_FONT.bold).fontSize(8.5).fillColor(COLOR.muted).text(label, left, y, { width: labelWidth, lineBreak: false });
    pdf
      .font(PDF_FONT.regular)
      .fontSize(8.5)
      .fillColor(COLOR.text)
      .text(value, left + labelWidth, y, { width: width - labelWidth, lineBreak: false });
    y += 12;
  }
  y += 4;
  pdf.font(PDF_FONT.regular).fontSize(8).fillColor(COLOR.muted);
  for (const line of [t('haccp.pdf.timesIn', { zone: ctx.timeZone }), ...lines]) {
    pdf.text(line, left, y, { width });
    y = pdf.y + 1;
  }
  return y + 8;
}

/**
 * What every page carries: brand · title · machine on top of the following pages, brand · serial
 * number and "Page n of m" at the foot, and the verification's QR code and address — with the
 * page's place in the chain (`chainLine`) in the events report; the alarms report does not print
 * its rows' places, so it claims none (it used to say that no record of the page was chained).
 */
function pageChrome(ctx: THaccpReportContext, title: string, chainLine?: (first: number, last: number) => string): TPageChrome {
  const brand = BRANDS[ctx.brand].title;
  const verify = translate(ctx.lang, 'haccp.pdf.verify', { url: ctx.verificationUrl });
  return {
    seal: {
      qr: qrModules(ctx.verificationUrl),
      line: (first, last) => (chainLine ? [chainLine(first, last), verify] : [verify]),
    },
    header: {
      title: brand,
      accent: BRAND_MARKS[ctx.brand].accent,
      detail: `${title} · ${ctx.machine.name} · ${ctx.machine.serialNumber}`,
    },
    footer: {
      left: `${brand} · ${ctx.machine.serialNumber}`,
      right: (page, pages) => translate(ctx.lang, 'haccp.pdf.page', { page, pages }),
    },
  };
}

/** The modules of a QR code of `text` (true: dark), error correction M. */
function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

/**
 * A page's place in the hash chain: the first and last chained records of the page (in the
 * report's order), each by its position and the first 8 hex digits of its hash.
 */
function chainLineOf(
  lang: TLanguage,
  records: readonly { chainSeq: number | null; chainHash: string | null }[],
): (first: number, last: number) => string {
  return (first, last) => {
    const chained = records.slice(Math.max(first, 0), last + 1).filter((e) => e.chainSeq !== null && e.chainHash !== null);
    const a = chained[0];
    const b = chained[chained.length - 1];
    if (first < 0 || !a || !b) return translate(lang, 'haccp.pdf.chainNone');
    return translate(lang, 'haccp.pdf.chain', {
      first: a.chainSeq ?? 0,
      firstHash: a.chainHash?.slice(0, 8) ?? '',
      last: b.chainSeq ?? 0,
      lastHash: b.chainHash?.slice(0, 8) ?? '',
    });
  };
}

/** Parameter label of the `device` texts: "S2 · Minimum rinse temperature", "Fast · Boiler setpoint". */
export function parameterLabel(lang: TLanguage, key: string, cycleNames: Map<string, string>): string {
  const texts = deviceCatalogues[lang] as unknown as {
    parameters: Record<string, { label: string } | undefined>;
    cycleFields: Record<string, { label: string } | undefined>;
  };
  const [head, field] = key.split('.');
  if (field && head) return `${cycleNames.get(head) ?? head} · ${texts.cycleFields[field]?.label ?? field}`;
  const label = texts.parameters[key]?.label;
  return label ? `${key} · ${label}` : key;
}

/** The events report: every HACCP record of the period with the hygiene verdict of each cycle. */
export function renderEventsReport(ctx: THaccpReportContext, events: readonly THaccpReportEvent[]): Promise<Buffer> {
  return renderReport(ctx, 'haccp.pdf.eventsTitle', async (pdf, { t, f, title }) => {
    const cycleNames = new Map<string, string>(CYCLE_TYPES.map((c) => [c, t(`cycles.${c}`)]));
    const typeCycle = t('haccp.eventTypes.telemetry');
    const typeParameter = t('haccp.eventTypes.cycleParameters');
    const verdictText = {
      pass: t('haccp.verdicts.pass'),
      fail: t('haccp.verdicts.fail').toLocaleUpperCase(intlLocale(ctx.lang)),
      notApplicable: '–',
      noData: t('haccp.verdicts.noData'),
    };
    const failureText: Record<THygieneFailure, string> = {
      wash: t('haccp.failures.wash', { min: f.temperature(ctx.rule.washMin) }),
      rinse: t('haccp.failures.rinse', { min: f.temperature(ctx.rule.rinseMin) }),
      notCompleted: t('haccp.failures.notCompleted'),
    };
    const machineType = t(`haccp.machineTypes.${ctx.machine.type}`);
    /** A measured temperature, red and bold when it failed the rule. */
    const temperatureCell = (raw: number | null, failed: boolean): TCell => ({
      text: raw === null ? '–' : f.temperature(raw),
      color: failed ? COLOR.fail : undefined,
      bold: failed,
    });

    let washing = 0;
    let failed = 0;
    const pause = slicer();
    const verdicts: ReturnType<typeof hygieneVerdict>[] = [];
    for (const e of events) {
      const result = hygieneVerdict(e, ctx.rule);
      if (result.verdict !== 'notApplicable') washing += 1;
      if (result.verdict === 'fail') failed += 1;
      verdicts.push(result);
      await pause();
    }

    const writer: THeatDoseWriter = { t, temperature: f.temperature, number: f.dose };
    const startY = firstPageHeader(pdf, ctx, f, title, [
      t('haccp.rule', { machineType, wash: f.temperature(ctx.rule.washMin), rinse: f.temperature(ctx.rule.rinseMin) }),
      foodCodeClassText(ctx.foodCodeClass, writer),
      t('haccp.pdf.cyclesSummary', { cycles: washing, failed, events: events.length }),
    ]);
    // A4 landscape holds 780 units: the dates and the type keep one line; the heat dose is compact
    // and the Food Code cell names the missed rules only (their limits are in the head).
    const columns: TColumn[] = [
      { title: t('haccp.columns.cycleName'), width: 56 },
      { title: t('haccp.columns.start'), width: 78 },
      { title: t('haccp.columns.stop'), width: 78 },
      { title: t('haccp.columns.type'), width: 100 },
      { title: t('haccp.columns.parameterName'), width: 84, wrap: true },
      { title: t('haccp.columns.value'), width: 66, wrap: true },
      { title: t('haccp.columns.washTmp'), width: 44 },
      { title: t('haccp.columns.rinseTmp'), width: 48 },
      { title: t('heatDose.columns.hueA0'), width: 62 },
      { title: t('heatDose.columns.foodCode'), width: 80, wrap: true },
      { title: t('haccp.columns.verdict'), width: 84 },
    ];
    // Each row's Food Code cell is written when the table asks for the row, in the slices that let
    // other requests run: written for a year's rows at once, it held the server's thread for tens of
    // milliseconds.
    const rows = events.map((e, i) => ({ e, v: verdicts[i] as ReturnType<typeof hygieneVerdict> }));
    await drawTable(pdf, {
      startY,
      columns,
      items: rows,
      chrome: pageChrome(ctx, title, chainLineOf(ctx.lang, events)),
      empty: t('haccp.noEvents'),
      row: ({ e, v }) => {
        const checks = v.verdict === 'notApplicable' ? [] : sanitisingChecks({ ...v, heatDose: e.heatDose }, ctx.foodCodeClass);
        const foodCode = sanitisingSummary(checks, writer, true);
        const fail = v.verdict === 'fail';
        const isCycle = e.kind === 'cycle';
        const key = e.parameterName ?? '';
        return {
          tint: fail ? COLOR.failFill : undefined,
          notes: recordNotes(t, f, e),
          cells: [
            { text: e.cycleName ? (cycleNames.get(e.cycleName) ?? e.cycleName) : '–' },
            { text: f.dateTime(e.start) },
            { text: f.dateTime(e.stop) },
            { text: isCycle ? typeCycle : typeParameter },
            { text: isCycle ? '–' : parameterLabel(ctx.lang, key, cycleNames) },
            {
              text: isCycle
                ? '–'
                : // » rather than →: the built-in fonts are WinAnsi, which has no arrows.
                  `${f.parameter(key, e.oldValue)} » ${f.parameter(key, e.newValue)}`,
            },
            temperatureCell(v.washTmp, v.failures.includes('wash')),
            temperatureCell(v.rinseTmp, v.failures.includes('rinse')),
            v.verdict === 'notApplicable'
              ? { text: '–' }
              : e.heatDose
                ? {
                    text: `${f.dose(e.heatDose.hue)} / ${f.dose(e.heatDose.a0)}`,
                    color: e.heatDose.hue >= HUE_MIN ? COLOR.pass : COLOR.medium,
                    bold: e.heatDose.hue < HUE_MIN,
                  }
                : { text: '–', color: COLOR.muted },
            foodCode
              ? // Orange, not red: the verdict that binds is the hygiene rule (docs/hygiene.md).
                { text: foodCode.text, color: foodCode.met ? COLOR.pass : COLOR.medium, wrap: true }
              : { text: '–', color: COLOR.muted },
            fail
              ? {
                  text: `${verdictText.fail}: ${v.failures.map((x) => failureText[x]).join('; ')}`,
                  color: COLOR.fail,
                  bold: true,
                  wrap: true,
                }
              : { text: verdictText[v.verdict], color: v.verdict === 'pass' ? COLOR.pass : COLOR.muted },
          ],
        };
      },
    });
  });
}

const SEVERITY_COLOR: Record<TAlarmSeverity, string> = { high: COLOR.fail, medium: COLOR.medium, low: COLOR.muted };

/** The alarms report: every alarm active in the period, with its description, severity and who acknowledged it when. */
export function renderAlarmsReport(ctx: THaccpReportContext, alarms: readonly THaccpReportAlarm[]): Promise<Buffer> {
  return renderReport(ctx, 'haccp.pdf.alarmsTitle', async (pdf, { t, f, title }) => {
    const texts = deviceCatalogues[ctx.lang] as unknown as {
      alarms: Record<string, string | undefined>;
      severities: Record<TAlarmSeverity, string>;
    };
    const ongoing = t('haccp.pdf.ongoing');

    const startY = firstPageHeader(pdf, ctx, f, title, [t('haccp.pdf.alarmsSummary', { count: alarms.length })]);
    const columns: TColumn[] = [
      { title: t('haccp.columns.errorCode'), width: 60 },
      { title: t('haccp.columns.description'), width: 290, wrap: true },
      { title: t('haccp.columns.start'), width: 95 },
      { title: t('haccp.columns.stop'), width: 95 },
      { title: t('haccp.columns.severity'), width: 80 },
      { title: t('haccp.columns.acknowledged'), width: 150, wrap: true },
    ];
    await drawTable(pdf, {
      startY,
      columns,
      items: alarms,
      chrome: pageChrome(ctx, title, chainLineOf(ctx.lang, alarms)),
      empty: t('haccp.noAlarms'),
      row: (a) => {
        const severity = alarmByCode(a.errorCode)?.severity;
        return {
          notes: recordNotes(t, f, a),
          cells: [
            { text: a.errorCode, bold: true },
            { text: texts.alarms[a.errorCode] ?? a.errorCode },
            { text: f.dateTime(a.startDate) },
            { text: a.stopDate ? f.dateTime(a.stopDate) : ongoing, color: a.stopDate ? undefined : COLOR.fail },
            severity
              ? { text: texts.severities[severity], color: SEVERITY_COLOR[severity], bold: severity === 'high' }
              : { text: '–', color: COLOR.muted },
            a.acknowledgedAt
              ? {
                  text: `${a.acknowledgedByName ?? t('alarmRegister.unknownPerson')}, ${f.dateTime(a.acknowledgedAt)}`,
                  wrap: true,
                }
              : { text: '–', color: COLOR.muted },
          ],
        };
      },
    });
  });
}
