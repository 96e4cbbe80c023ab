import PDFDocument from 'pdfkit';
import {
  alarmByCode,
  BRANDS,
  CYCLE_TYPES,
  deviceCatalogues,
  hygieneVerdict,
  intlLocale,
  parameterByKey,
  parameterDisplayUnit,
  toParameterDisplayValue,
  UNIT_SYMBOLS,
  type TAlarmSeverity,
  type TBrandCode,
  type TCycleMeasurements,
  type THygieneFailure,
  type THygieneRule,
  type TLanguage,
  type TUnitSystem,
} from '@washboard/contracts';
import { translate } from '../i18n/translate';

/**
 * The two HACCP PDF reports (device-areas §7): events with the hygiene verdict of every cycle, and
 * alarms with their severity. A4 landscape, the brand's header, the machine's identity and the
 * period, a table whose header is repeated on every page, "Page n of m". Built in memory with the
 * PDF built-in Helvetica (WinAnsi covers it/en/fr/de/es and "°"); the row loop yields to the event
 * loop every few hundred rows so that a year of cycles does not hold up other requests.
 */

/** One HACCP record as the report needs it (the repository's report query). */
export type THaccpReportEvent = {
  kind: 'cycle' | 'parameter';
  cycleName: string | null;
  start: Date;
  stop: Date;
  completed: boolean | null;
  measurements: TCycleMeasurements | null;
  parameterName: string | null;
  oldValue: number | null;
  newValue: number | null | undefined;
};

export type THaccpReportAlarm = { errorCode: string; startDate: Date; stopDate: Date | null };

/** Everything the reports print besides the rows. */
export type THaccpReportContext = {
  lang: TLanguage;
  brand: TBrandCode;
  unitSystem: TUnitSystem;
  /** IANA zone the times are written in. */
  timeZone: string;
  machine: { name: string; serialNumber: string; modelNumber: string; rangeName: string; type: string };
  from: Date;
  to: Date;
  createdAt: Date;
  rule: THygieneRule;
};

const PAGE = { size: 'A4', layout: 'landscape' as const, margin: 36 };
const COLOR = {
  text: '#1f2933',
  muted: '#616e7c',
  rule: '#cbd2d9',
  headerFill: '#eef2f6',
  stripe: '#f8fafc',
  failFill: '#fde8e8',
  fail: '#c81e1e',
  pass: '#1e7b34',
  medium: '#b45309',
};
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
const BODY_SIZE = 7.5;
const ROW_HEIGHT = 15;
const HEADER_HEIGHT = 18;

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

type TCell = { text: string; color?: string; bold?: boolean; wrap?: boolean };
type TColumn = { title: string; width: number; wrap?: boolean };

/**
 * Lets other requests run once the current slice of work has held the event loop for SLICE_MS
 * (a year of cycles takes seconds to lay out and draw; without slicing every other call would wait).
 */
const SLICE_MS = 3;
function slicer(): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
}

/** Number and date formatting of one report, built once (Intl objects are costly to create). */
function formatters(ctx: THaccpReportContext) {
  const locale = intlLocale(ctx.lang);
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: ctx.timeZone,
  });
  const date = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: ctx.timeZone });
  // The period is a range of UTC days (see rangeBoundary(), http/date-range.ts).
  const day = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const celsius = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: false });
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false });
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
  };
}

type TFormatters = ReturnType<typeof formatters>;

/** A row ready to draw: the texts cut to fit (or wrapped) and its height. */
type TPreparedRow = { cells: TCell[]; texts: string[]; wraps: boolean[]; height: number; tint?: string };

/**
 * A table drawn row by row: rows are prepared (measured) first, so the number of pages is known
 * before drawing and every page gets its "Page n of m" as it is made (no page buffering: each page
 * is written out, and compressed, as soon as it is full). A new page repeats the running header and
 * the column titles.
 */
class TableWriter {
  private y = 0;
  private readonly left: number;
  private readonly widths: number[];
  /** The table's whole width (the sum of the column widths). */
  private readonly width: number;
  private readonly bottom: number;
  private rowIndex = 0;
  private headerHeight = HEADER_HEIGHT;
  private readonly regularWidths = new Map<string, number>();
  private readonly boldWidths = new Map<string, number>();

  /** Called after a new page was added (running header, footer); leaves pdf.y where the table goes on. */
  onNewPage: () => void = () => undefined;

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly columns: TColumn[],
  ) {
    this.left = pdf.page.margins.left;
    const usable = pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    this.widths = columns.map((c) => (c.width / total) * usable);
    this.width = this.widths.reduce((a, b) => a + b, 0);
    // Room for the footer under the table.
    this.bottom = pdf.page.height - pdf.page.margins.bottom - 14;
    pdf.font(FONT.bold).fontSize(BODY_SIZE);
    // Titles wrap rather than being cut: the header grows to the tallest one.
    this.headerHeight = Math.max(
      HEADER_HEIGHT,
      ...columns.map((c, i) => pdf.heightOfString(c.title, { width: (this.widths[i] ?? 0) - 6 }) + 9),
    );
  }

  /**
   * Width of `text` at the body size, from per-character widths measured once per font (pdfkit's
   * own measuring per call is what made long reports slow). Kerning is ignored, so this is a
   * slight overestimate: safe for fitting.
   */
  private widthOf(text: string, bold: boolean): number {
    const cache = bold ? this.boldWidths : this.regularWidths;
    let width = 0;
    for (const char of text) {
      let w = cache.get(char);
      if (w === undefined) {
        w = this.pdf
          .font(bold ? FONT.bold : FONT.regular)
          .fontSize(BODY_SIZE)
          .widthOfString(char);
        cache.set(char, w);
      }
      width += w;
    }
    return width;
  }

  /** Cuts `text` with an ellipsis to fit `width` at the body size. */
  private fit(text: string, width: number, bold: boolean): string {
    // No Helvetica glyph is wider than 1 em: short strings need no measuring.
    if (text.length * BODY_SIZE <= width || this.widthOf(text, bold) <= width) return text;
    let cut = text;
    while (cut.length > 1 && this.widthOf(`${cut}…`, bold) > width) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  }

  /** Measures a row: which cells print on one line (cut to fit), which wrap, and its height. */
  prepare(cells: TCell[], tint?: string): TPreparedRow {
    const texts: string[] = [];
    const wraps: boolean[] = [];
    let height = ROW_HEIGHT;
    cells.forEach((cell, i) => {
      const w = (this.widths[i] ?? 0) - 6;
      const bold = cell.bold === true;
      const wrap = (cell.wrap === true || this.columns[i]?.wrap === true) && this.widthOf(cell.text, bold) > w;
      wraps.push(wrap);
      texts.push(wrap ? cell.text : this.fit(cell.text, w, bold));
      if (wrap) {
        this.pdf.font(bold ? FONT.bold : FONT.regular).fontSize(BODY_SIZE);
        height = Math.max(height, this.pdf.heightOfString(cell.text, { width: w }) + 7);
      }
    });
    return { cells, texts, wraps, height, tint };
  }

  /** The pages the table takes when it starts at `startY` of the first page (at least one). */
  pagesFor(rows: readonly TPreparedRow[], startY: number, topY: number): number {
    let pages = 1;
    let y = startY + this.headerHeight;
    for (const row of rows) {
      if (y + row.height > this.bottom) {
        pages += 1;
        y = topY + this.headerHeight;
      }
      y += row.height;
    }
    return pages;
  }

  /** Starts the table at `y` of the current page. */
  begin(y: number): void {
    this.y = y;
    this.header();
  }

  /** A horizontal rule across the table at the current y. */
  private rule(lineWidth: number): void {
    this.pdf
      .moveTo(this.left, this.y)
      .lineTo(this.left + this.width, this.y)
      .lineWidth(lineWidth)
      .stroke(COLOR.rule);
  }

  private header(): void {
    const { pdf } = this;
    pdf.rect(this.left, this.y, this.width, this.headerHeight).fill(COLOR.headerFill);
    pdf.font(FONT.bold).fontSize(BODY_SIZE).fillColor(COLOR.text);
    let x = this.left;
    this.columns.forEach((column, i) => {
      const w = this.widths[i] ?? 0;
      pdf.text(column.title, x + 3, this.y + 5, { width: w - 6 });
      x += w;
    });
    this.y += this.headerHeight;
    this.rule(0.6);
  }

  draw(row: TPreparedRow): void {
    const { pdf } = this;
    if (this.y + row.height > this.bottom) {
      pdf.addPage();
      this.onNewPage();
      this.y = pdf.y;
      this.header();
    }
    const fill = row.tint ?? (this.rowIndex % 2 === 1 ? COLOR.stripe : undefined);
    if (fill) pdf.rect(this.left, this.y, this.width, row.height).fill(fill);
    let x = this.left;
    row.cells.forEach((cell, i) => {
      pdf
        .font(cell.bold ? FONT.bold : FONT.regular)
        .fontSize(BODY_SIZE)
        .fillColor(cell.color ?? COLOR.text);
      // Without a width pdfkit writes the line as it is, skipping its (costly) line wrapper.
      if (row.wraps[i]) pdf.text(row.texts[i] ?? '', x + 3, this.y + 4, { width: (this.widths[i] ?? 0) - 6 });
      else pdf.text(row.texts[i] ?? '', x + 3, this.y + 4, { lineBreak: false });
      x += this.widths[i] ?? 0;
    });
    this.y += row.height;
    this.rule(0.3);
    this.rowIndex += 1;
  }

  /** A line of text under the table (the empty message). */
  note(text: string): void {
    this.pdf
      .font(FONT.regular)
      .fontSize(9)
      .fillColor(COLOR.muted)
      .text(text, this.left, this.y + 10);
  }
}

/** Collects the document's bytes. */
function collect(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

function newDocument(ctx: THaccpReportContext, title: string): PDFKit.PDFDocument {
  return new PDFDocument({
    size: PAGE.size,
    layout: PAGE.layout,
    margin: PAGE.margin,
    compress: true,
    lang: intlLocale(ctx.lang),
    displayTitle: true,
    info: {
      Title: title,
      Subject: `${ctx.machine.serialNumber} ${ctx.from.toISOString().slice(0, 10)} – ${ctx.to.toISOString().slice(0, 10)}`,
      Author: BRANDS[ctx.brand].title,
      Creator: 'Washboard',
      CreationDate: ctx.createdAt,
    },
  });
}

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
  const pdf = newDocument(ctx, title);
  const done = collect(pdf);
  await draw(pdf, { t, f, title });
  pdf.end();
  return done;
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
    .font(FONT.bold)
    .fontSize(15)
    .fillColor(COLOR.text)
    .text(brand.title, left + 38, top + 2, { lineBreak: false });
  pdf
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(COLOR.muted)
    .text(t('haccp.pdf.createdAt', { date: f.dateTime(ctx.createdAt) }), left + 38, top + 20, {
      lineBreak: false,
    });
  const width = pdf.page.width - left - pdf.page.margins.right;
  pdf.rect(left, top + 36, width, 2).fill(mark.accent);
  pdf
    .font(FONT.bold)
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
    pdf.font(FONT.bold).fontSize(8.5).fillColor(COLOR.muted).text(label, left, y, { width: labelWidth, lineBreak: false });
    pdf
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(COLOR.text)
      .text(value, left + labelWidth, y, { width: width - labelWidth, lineBreak: false });
    y += 12;
  }
  y += 4;
  pdf.font(FONT.regular).fontSize(8).fillColor(COLOR.muted);
  for (const line of [t('haccp.pdf.timesIn', { zone: ctx.timeZone }), ...lines]) {
    pdf.text(line, left, y, { width });
    y = pdf.y + 1;
  }
  return y + 8;
}

/** The header of the following pages: brand · title · serial number. */
function runningHeader(pdf: PDFKit.PDFDocument, ctx: THaccpReportContext, title: string): () => void {
  return () => {
    const left = pdf.page.margins.left;
    const top = pdf.page.margins.top;
    const width = pdf.page.width - left - pdf.page.margins.right;
    pdf
      .font(FONT.bold)
      .fontSize(8.5)
      .fillColor(BRAND_MARKS[ctx.brand].accent)
      .text(BRANDS[ctx.brand].title, left, top, { lineBreak: false });
    pdf
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(COLOR.muted)
      .text(`${title} · ${ctx.machine.name} · ${ctx.machine.serialNumber}`, left + 140, top, {
        width: width - 140,
        align: 'right',
        lineBreak: false,
      });
    pdf.y = top + 16;
  };
}

/** The foot of the current page: brand · serial number, and "Page n of m". */
function pageFooter(pdf: PDFKit.PDFDocument, ctx: THaccpReportContext, page: number, pages: number): void {
  const { margins } = pdf.page;
  const bottom = margins.bottom;
  const y = pdf.page.height - bottom + 8;
  // Writing inside the bottom margin would otherwise start a new page.
  pdf.page.margins.bottom = 0;
  const width = pdf.page.width - margins.left - margins.right;
  pdf.font(FONT.regular).fontSize(7.5).fillColor(COLOR.muted);
  pdf.text(`${BRANDS[ctx.brand].title} · ${ctx.machine.serialNumber}`, margins.left, y, { width, lineBreak: false });
  pdf.text(translate(ctx.lang, 'haccp.pdf.page', { page, pages }), margins.left, y, { width, align: 'right', lineBreak: false });
  pdf.page.margins.bottom = bottom;
}

/**
 * Lays out and draws a table of `rows` (made from the items by `cells`, in slices that let other
 * requests run), with the footer of every page; answers when the document is complete.
 */
async function drawTable<T>(
  pdf: PDFKit.PDFDocument,
  ctx: THaccpReportContext,
  title: string,
  startY: number,
  columns: TColumn[],
  items: readonly T[],
  cells: (item: T) => { cells: TCell[]; tint?: string },
  empty: string,
): Promise<void> {
  const pause = slicer();
  const header = runningHeader(pdf, ctx, title);
  const table = new TableWriter(pdf, columns);
  const rows: TPreparedRow[] = [];
  for (const item of items) {
    const row = cells(item);
    rows.push(table.prepare(row.cells, row.tint));
    await pause();
  }
  const pages = table.pagesFor(rows, startY, pdf.page.margins.top + 16);
  let page = 1;
  pageFooter(pdf, ctx, page, pages);
  table.onNewPage = () => {
    page += 1;
    header();
    const y = pdf.y;
    pageFooter(pdf, ctx, page, pages);
    pdf.y = y;
  };
  table.begin(startY);
  for (const row of rows) {
    table.draw(row);
    await pause();
  }
  if (rows.length === 0) table.note(empty);
}

/** Parameter label of the `device` texts: "S2 · Minimum rinse temperature", "Fast · Boiler setpoint". */
function parameterLabel(lang: TLanguage, key: string, cycleNames: Map<string, string>): string {
  const texts = deviceCatalogues[lang] as unknown as {
    parameters: Record<string, { label: string } | undefined>;
    cycleFields: Record<string, { label: string } | undefined>;
  };
  const [head, field] = key.split('.');
  if (field && head) return `${cycleNames.get(head) ?? head} · ${texts.cycleFields[field]?.label ?? field}`;
  const label = texts.parameters[key]?.label;
  return label ? `${key} · ${label}` : key;
}

/** A parameter value as shown on the machine (e.g. 850 → "85 °C"), or the raw number for unknown keys. */
function parameterValue(key: string, raw: number | null | undefined, system: TUnitSystem, f: TFormatters): string {
  if (raw === null || raw === undefined) return '–';
  const param = parameterByKey(key);
  if (!param) return f.number(raw);
  const unit = parameterDisplayUnit(param, system);
  const symbol = (UNIT_SYMBOLS as Record<string, string | undefined>)[unit];
  const value = f.number(toParameterDisplayValue(param, raw, system));
  return symbol ? `${value} ${symbol}` : value;
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

    const startY = firstPageHeader(pdf, ctx, f, title, [
      t('haccp.rule', { machineType, wash: f.temperature(ctx.rule.washMin), rinse: f.temperature(ctx.rule.rinseMin) }),
      t('haccp.pdf.cyclesSummary', { cycles: washing, failed, events: events.length }),
    ]);
    const columns: TColumn[] = [
      { title: t('haccp.columns.cycleName'), width: 60 },
      { title: t('haccp.columns.start'), width: 78 },
      { title: t('haccp.columns.stop'), width: 78 },
      { title: t('haccp.columns.type'), width: 100 },
      { title: t('haccp.columns.parameterName'), width: 124 },
      { title: t('haccp.columns.value'), width: 66 },
      { title: t('haccp.columns.washTmp'), width: 58 },
      { title: t('haccp.columns.rinseTmp'), width: 66 },
      { title: t('haccp.columns.verdict'), width: 150 },
    ];
    const rows = events.map((e, i) => ({ e, v: verdicts[i] as ReturnType<typeof hygieneVerdict> }));
    await drawTable(
      pdf,
      ctx,
      title,
      startY,
      columns,
      rows,
      ({ e, v }) => {
        const fail = v.verdict === 'fail';
        const isCycle = e.kind === 'cycle';
        const key = e.parameterName ?? '';
        return {
          tint: fail ? COLOR.failFill : undefined,
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
                  `${parameterValue(key, e.oldValue, ctx.unitSystem, f)} » ${parameterValue(key, e.newValue, ctx.unitSystem, f)}`,
            },
            temperatureCell(v.washTmp, v.failures.includes('wash')),
            temperatureCell(v.rinseTmp, v.failures.includes('rinse')),
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
      t('haccp.noEvents'),
    );
  });
}

const SEVERITY_COLOR: Record<TAlarmSeverity, string> = { high: COLOR.fail, medium: COLOR.medium, low: COLOR.muted };

/** The alarms report: every alarm active in the period, with its description and severity. */
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
      { title: t('haccp.columns.description'), width: 440, wrap: true },
      { title: t('haccp.columns.start'), width: 95 },
      { title: t('haccp.columns.stop'), width: 95 },
      { title: t('haccp.columns.severity'), width: 80 },
    ];
    await drawTable(
      pdf,
      ctx,
      title,
      startY,
      columns,
      alarms,
      (a) => {
        const severity = alarmByCode(a.errorCode)?.severity;
        return {
          cells: [
            { text: a.errorCode, bold: true },
            { text: texts.alarms[a.errorCode] ?? a.errorCode },
            { text: f.dateTime(a.startDate) },
            { text: a.stopDate ? f.dateTime(a.stopDate) : ongoing, color: a.stopDate ? undefined : COLOR.fail },
            severity
              ? { text: texts.severities[severity], color: SEVERITY_COLOR[severity], bold: severity === 'high' }
              : { text: '–', color: COLOR.muted },
          ],
        };
      },
      t('haccp.noAlarms'),
    );
  });
}
