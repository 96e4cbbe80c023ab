import PDFDocument from 'pdfkit';
import { useStandardFonts } from './standard-fonts';

/**
 * PDF documents built in memory with pdfkit: A4 landscape pages and the PDF built-in Helvetica
 * (WinAnsi covers it/en/fr/de/es and "°"; nothing is embedded).
 */

const PAGE = { size: 'A4', layout: 'landscape' as const, margin: 36 };

/** The built-in fonts every document writes with. */
export const PDF_FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/** The colours of text, tables and the page header and footer. */
export const PDF_COLOR = {
  text: '#1f2933',
  muted: '#616e7c',
  rule: '#cbd2d9',
  headerFill: '#eef2f6',
  stripe: '#f8fafc',
};

/** The document's properties (what a PDF reader shows); `locale` is its language, e.g. "en-GB". */
export type TPdfInfo = { title: string; subject: string; author: string; locale: string; createdAt: Date };

/** Collects the document's bytes. */
function collect(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

/**
 * Text as the standard fonts can draw it. Helvetica is WinAnsi-encoded: it has the no-break space
 * but not the narrow one (U+202F) or the thin one (U+2009) that Intl puts into French numbers
 * ("1 612,5") and some dates; pdfkit would draw them as a wrong glyph ("1 /612,5").
 */
export function pdfSafeText(text: string): string {
  return text.replace(/[\u202F\u2009]/g, '\u00A0');
}

/** Makes `pdf`'s text and measuring calls take any text through `pdfSafeText`, so no caller can forget. */
function safeText(pdf: PDFKit.PDFDocument): void {
  for (const method of ['text', 'widthOfString', 'heightOfString'] as const) {
    const original = pdf[method].bind(pdf) as (...args: unknown[]) => unknown;
    (pdf as unknown as Record<string, unknown>)[method] = (first: unknown, ...rest: unknown[]) =>
      original(typeof first === 'string' ? pdfSafeText(first) : first, ...rest);
  }
}

/** Makes a compressed document, lets `draw` fill it and answers its bytes once it is complete. */
export async function renderPdf(info: TPdfInfo, draw: (pdf: PDFKit.PDFDocument) => Promise<void>): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: PAGE.size,
    layout: PAGE.layout,
    margin: PAGE.margin,
    compress: true,
    // No font of pdfkit's own making: the two below share their metrics with every other document.
    font: '',
    lang: info.locale,
    displayTitle: true,
    info: {
      Title: info.title,
      Subject: info.subject,
      Author: info.author,
      Creator: 'Washboard',
      CreationDate: info.createdAt,
    },
  });
  useStandardFonts(pdf, [PDF_FONT.regular, PDF_FONT.bold]);
  safeText(pdf);
  const done = collect(pdf);
  await draw(pdf);
  pdf.end();
  return done;
}

/**
 * Lets other requests run once the current slice of work has held the event loop for SLICE_MS
 * (a long document takes seconds to lay out and draw; without slicing every other call would wait).
 */
const SLICE_MS = 3;
export function slicer(): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
}
