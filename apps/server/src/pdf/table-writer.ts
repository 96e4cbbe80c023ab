import { PDF_COLOR, PDF_FONT, slicer } from './pdf-document';

/**
 * A table over as many pages as its rows need: columns sized in proportion to the page width, a
 * header row repeated on every page, cells cut to fit with an ellipsis (or wrapped, for the columns
 * and cells that ask for it), alternate rows striped, a running header on every page after the
 * first and a footer with "n of m" on every page. It knows nothing of what the rows are.
 */

const BODY_SIZE = 7.5;
const ROW_HEIGHT = 15;
const HEADER_HEIGHT = 18;
/** The height of the running header of the pages after the first. */
const RUNNING_HEADER_HEIGHT = 16;
/** The side of a page's QR code, and the room kept for it under the table. */
const SEAL_SIZE = 52;
const SEAL_ROOM = SEAL_SIZE + 6;

/** One cell: its text, and optionally its colour, bold and whether it wraps rather than being cut. */
export type TCell = { text: string; color?: string; bold?: boolean; wrap?: boolean };
/** A column: its title and its width relative to the others; `wrap` wraps its long cells. */
export type TColumn = { title: string; width: number; wrap?: boolean };
/**
 * One item of the table as cells, with the fill of its row (else the striping) and optionally notes
 * across the whole table under its cells, each with a bar of its colour (wrapped, on the same page as
 * they are).
 */
export type TRow = { cells: TCell[]; tint?: string; notes?: readonly TCell[] };

/** A row ready to draw: the texts cut to fit (or wrapped), the height of its cells and its whole height. */
type TPreparedRow = {
  cells: TCell[];
  texts: string[];
  wraps: boolean[];
  cellsHeight: number;
  height: number;
  tint?: string;
  /** The notes under the cells, each with its height. */
  notes: { cell: TCell; height: number }[];
};

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
    /** Room kept under the table on every page (for the page's seal). */
    reserve = 0,
  ) {
    this.left = pdf.page.margins.left;
    const usable = pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    this.widths = columns.map((c) => (c.width / total) * usable);
    this.width = this.widths.reduce((a, b) => a + b, 0);
    // Room for the footer under the table.
    this.bottom = pdf.page.height - pdf.page.margins.bottom - 14 - reserve;
    pdf.font(PDF_FONT.bold).fontSize(BODY_SIZE);
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
          .font(bold ? PDF_FONT.bold : PDF_FONT.regular)
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

  /** Measures a row: which cells print on one line (cut to fit), which wrap, and its height with its notes. */
  prepare({ cells, tint, notes = [] }: TRow): TPreparedRow {
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
        this.pdf.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(BODY_SIZE);
        height = Math.max(height, this.pdf.heightOfString(cell.text, { width: w }) + 7);
      }
    });
    const measured = notes.map((cell) => {
      this.pdf.font(cell.bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(BODY_SIZE);
      return { cell, height: this.pdf.heightOfString(cell.text, { width: this.width - 12 }) + 6 };
    });
    const notesHeight = measured.reduce((sum, n) => sum + n.height, 0);
    return { cells, texts, wraps, cellsHeight: height, height: height + notesHeight, tint, notes: measured };
  }

  /**
   * The pages the table takes when it starts at `startY` of the first page, as the index of the
   * first row of each page (at least one page).
   */
  pageStarts(rows: readonly TPreparedRow[], startY: number, topY: number): number[] {
    const starts = [0];
    let y = startY + this.headerHeight;
    rows.forEach((row, i) => {
      if (y + row.height > this.bottom) {
        starts.push(i);
        y = topY + this.headerHeight;
      }
      y += row.height;
    });
    return starts;
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
      .stroke(PDF_COLOR.rule);
  }

  private header(): void {
    const { pdf } = this;
    pdf.rect(this.left, this.y, this.width, this.headerHeight).fill(PDF_COLOR.headerFill);
    pdf.font(PDF_FONT.bold).fontSize(BODY_SIZE).fillColor(PDF_COLOR.text);
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
    const fill = row.tint ?? (this.rowIndex % 2 === 1 ? PDF_COLOR.stripe : undefined);
    if (fill) pdf.rect(this.left, this.y, this.width, row.height).fill(fill);
    let x = this.left;
    row.cells.forEach((cell, i) => {
      const w = this.widths[i] ?? 0;
      // A blank cell draws nothing: the failing cycles' rows are mostly blank.
      if (!row.texts[i]) {
        x += w;
        return;
      }
      pdf
        .font(cell.bold ? PDF_FONT.bold : PDF_FONT.regular)
        .fontSize(BODY_SIZE)
        .fillColor(cell.color ?? PDF_COLOR.text);
      // Without a width pdfkit writes the line as it is, skipping its (costly) line wrapper.
      if (row.wraps[i]) pdf.text(row.texts[i] ?? '', x + 3, this.y + 4, { width: w - 6 });
      else pdf.text(row.texts[i] ?? '', x + 3, this.y + 4, { lineBreak: false });
      x += w;
    });
    // Under the cells, set in from the table's edge with a bar, as the screens show a correction.
    let top = this.y + row.cellsHeight - 2;
    for (const { cell, height } of row.notes) {
      const color = cell.color ?? PDF_COLOR.text;
      pdf.rect(this.left + 3, top, 1.5, height - 2).fill(color);
      pdf
        .font(cell.bold ? PDF_FONT.bold : PDF_FONT.regular)
        .fontSize(BODY_SIZE)
        .fillColor(color)
        .text(cell.text, this.left + 9, top, { width: this.width - 12 });
      top += height;
    }
    this.y += row.height;
    this.rule(0.3);
    this.rowIndex += 1;
  }

  /** A line of text under the table (the empty message). */
  note(text: string): void {
    this.pdf
      .font(PDF_FONT.regular)
      .fontSize(9)
      .fillColor(PDF_COLOR.muted)
      .text(text, this.left, this.y + 10);
  }
}

/** What every page carries besides the table. */
export type TPageChrome = {
  /** The header of every page after the first: `title` in bold and `accent` on the left, `detail` on the right. */
  header: { title: string; accent: string; detail: string };
  /** The foot of every page: `left`, and `right(page, pages)` on the right (e.g. "Page 2 of 9"). */
  footer: { left: string; right: (page: number, pages: number) => string };
  /**
   * A seal at the bottom right of every page: a QR code (its modules, true for dark) and, beside
   * it, `line(first, last)` about the page's first and last items (indices into the items; -1 for
   * a page without items), e.g. their places in the HACCP hash chain.
   */
  seal?: { qr: boolean[][]; line: (first: number, last: number) => string[] };
};

/** The header of the pages after the first; leaves pdf.y under it. */
function runningHeader(pdf: PDFKit.PDFDocument, header: TPageChrome['header']): void {
  const left = pdf.page.margins.left;
  const top = pdf.page.margins.top;
  const width = pdf.page.width - left - pdf.page.margins.right;
  pdf.font(PDF_FONT.bold).fontSize(8.5).fillColor(header.accent).text(header.title, left, top, { lineBreak: false });
  pdf
    .font(PDF_FONT.regular)
    .fontSize(8.5)
    .fillColor(PDF_COLOR.muted)
    .text(header.detail, left + 140, top, {
      width: width - 140,
      align: 'right',
      lineBreak: false,
    });
  pdf.y = top + RUNNING_HEADER_HEIGHT;
}

/** The foot of the current page. */
function pageFooter(pdf: PDFKit.PDFDocument, footer: TPageChrome['footer'], page: number, pages: number): void {
  const { margins } = pdf.page;
  const bottom = margins.bottom;
  const y = pdf.page.height - bottom + 8;
  // Writing inside the bottom margin would otherwise start a new page.
  pdf.page.margins.bottom = 0;
  const width = pdf.page.width - margins.left - margins.right;
  pdf.font(PDF_FONT.regular).fontSize(7.5).fillColor(PDF_COLOR.muted);
  pdf.text(footer.left, margins.left, y, { width, lineBreak: false });
  pdf.text(footer.right(page, pages), margins.left, y, { width, align: 'right', lineBreak: false });
  pdf.page.margins.bottom = bottom;
}

/** The seal of the current page: its QR code and the lines beside it. */
function pageSeal(pdf: PDFKit.PDFDocument, seal: NonNullable<TPageChrome['seal']>, lines: string[]): void {
  const { margins } = pdf.page;
  const right = pdf.page.width - margins.right;
  const top = pdf.page.height - margins.bottom - SEAL_SIZE - 2;
  const modules = seal.qr.length;
  // A quiet zone of two modules inside the square, as QR readers want one.
  const module = SEAL_SIZE / (modules + 4);
  const x0 = right - SEAL_SIZE + 2 * module;
  const y0 = top + 2 * module;
  seal.qr.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) pdf.rect(x0 + c * module, y0 + r * module, module, module);
    }),
  );
  pdf.fill('#000000');
  const bottom = margins.bottom;
  pdf.page.margins.bottom = 0;
  pdf.font(PDF_FONT.regular).fontSize(7).fillColor(PDF_COLOR.muted);
  const width = pdf.page.width - margins.left - margins.right - SEAL_SIZE - 6;
  lines.forEach((line, i) =>
    pdf.text(line, margins.left, top + SEAL_SIZE - 10 * (lines.length - i), { width, align: 'right', lineBreak: false }),
  );
  pdf.page.margins.bottom = bottom;
}

/**
 * Lays out and draws a table of `items` (made into rows by `row`, in slices that let other requests
 * run) from `startY` of the current page on, with the running header and the footer of every page;
 * `empty` is written under the column titles when there is no item. Answers once the last row is drawn.
 */
export async function drawTable<T>(
  pdf: PDFKit.PDFDocument,
  table: {
    startY: number;
    columns: TColumn[];
    items: readonly T[];
    row: (item: T) => TRow;
    empty: string;
    chrome: TPageChrome;
  },
): Promise<void> {
  const { chrome } = table;
  const pause = slicer();
  const writer = new TableWriter(pdf, table.columns, chrome.seal ? SEAL_ROOM : 0);
  const rows: TPreparedRow[] = [];
  for (const item of table.items) {
    rows.push(writer.prepare(table.row(item)));
    await pause();
  }
  const starts = writer.pageStarts(rows, table.startY, pdf.page.margins.top + RUNNING_HEADER_HEIGHT);
  const pages = starts.length;
  let page = 1;
  const foot = () => {
    pageFooter(pdf, chrome.footer, page, pages);
    if (!chrome.seal) return;
    const first = rows.length === 0 ? -1 : (starts[page - 1] ?? 0);
    const last = rows.length === 0 ? -1 : (starts[page] ?? rows.length) - 1;
    pageSeal(pdf, chrome.seal, chrome.seal.line(first, last));
  };
  foot();
  writer.onNewPage = () => {
    page += 1;
    runningHeader(pdf, chrome.header);
    const y = pdf.y;
    foot();
    pdf.y = y;
  };
  writer.begin(table.startY);
  for (const row of rows) {
    writer.draw(row);
    await pause();
  }
  if (rows.length === 0) writer.note(table.empty);
}
