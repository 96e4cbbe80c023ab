/**
 * Renders the legal documents (terms, privacy policy, registration privacy notice) of every
 * language to static PDFs: `<outDir>/<LANG>/<file>.pdf`, LANG being the upper-cased language code.
 *
 *   npx tsx apps/web/scripts/legal-pdfs.ts [outDir]     (default: apps/web/public/legal)
 *
 * The output is reproducible: fonts are the PDF built-in Helvetica family (nothing embedded) and
 * the creation date is fixed to the date of the texts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import PDFDocument from 'pdfkit';
import {
  LEGAL_DOCUMENTS,
  LEGAL_FILES,
  LEGAL_LANGUAGES,
  LEGAL_LOCALES,
  LEGAL_TEXTS,
  LEGAL_VERSION_DATE,
  type TLegalDocument,
  type TLegalLanguage,
} from '../../../packages/contracts/src/legal/index';

export const DEFAULT_OUT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../public/legal');

/** 2 October 2023, the date of the texts: used as CreationDate/ModDate so builds are byte-identical. */
const CREATION_DATE = new Date(`${LEGAL_VERSION_DATE}T00:00:00Z`);

const A4_MARGINS = { top: 62, bottom: 70, left: 62, right: 62 };
const COLOR = {
  text: '#1f2933',
  muted: '#616e7c',
  rule: '#cbd2d9',
  bannerFill: '#fff4e5',
  bannerBorder: '#e8a33d',
  bannerText: '#7a4100',
};
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

// The standard 14 PDF fonts are WinAnsi-encoded: Latin-1 plus these extra code points.
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d,
  0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

/** NFC-normalises and rejects characters the built-in fonts cannot show (they would print as garbage). */
function winAnsi(text: string): string {
  const normalized = text.normalize('NFC');
  for (const char of normalized) {
    const cp = char.codePointAt(0) ?? 0;
    const ok = (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp);
    if (!ok) {
      throw new Error(
        `legal-pdfs: character U+${cp.toString(16).toUpperCase().padStart(4, '0')} ("${char}") cannot be rendered with Helvetica, in: ${text.slice(0, 60)}…`,
      );
    }
  }
  return normalized;
}

/**
 * Print typography for the plain-ASCII punctuation of the texts: apostrophes become ’, straight
 * double quotes become “ ”, and French gets a no-break space inside « » and before : ; ! ?
 */
export function typeset(text: string, lang: TLegalLanguage): string {
  let out = winAnsi(text)
    .replace(/(\p{L})'(?=\p{L})/gu, '$1\u2019')
    .replace(/"([^"]*)"/g, '\u201c$1\u201d');
  if (lang === 'fr') out = out.replace(/« /g, '«\u00a0').replace(/ (»|[:;!?](?=\s|$))/g, '\u00a0$1');
  return out;
}

export function legalPdfFileName(doc: TLegalDocument, lang: TLegalLanguage): string {
  return join(lang.toUpperCase(), LEGAL_FILES[doc]);
}

/** Renders one document to a PDF in memory. */
export function renderLegalPdf(doc: TLegalDocument, lang: TLegalLanguage): Promise<Buffer> {
  const text = LEGAL_TEXTS[lang][doc];
  const locale = LEGAL_LOCALES[lang];
  const t = (value: string) => typeset(value, lang);

  const pdf = new PDFDocument({
    size: 'A4',
    margins: A4_MARGINS,
    bufferPages: true,
    compress: true,
    lang: locale.locale,
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: t(text.title),
      Subject: t(`${text.title} · ${text.version}`),
      Author: 'Washboard (Lumina Professional, Kestrel Wash Systems)',
      Keywords: `washboard, legal, ${doc}, ${lang}, ${LEGAL_VERSION_DATE}`,
      Creator: 'Washboard legal-pdfs',
      Producer: 'PDFKit',
      CreationDate: CREATION_DATE,
      ModDate: CREATION_DATE,
    },
  });

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolvePdf, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolvePdf(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = pdf.page.margins.left;
  const width = pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
  const bottomLimit = () => pdf.page.height - pdf.page.margins.bottom;

  // Header: product line, title, version line.
  pdf.fillColor(COLOR.muted).font(FONT.regular).fontSize(8.5);
  pdf.text(t(locale.product), left, pdf.page.margins.top, { width, characterSpacing: 0.2 });
  pdf.text(t(locale.brands), { width });
  pdf.moveDown(1.2);
  pdf.fillColor(COLOR.text).font(FONT.bold).fontSize(20).text(t(text.title), { width, lineGap: 2 });
  pdf.moveDown(0.25);
  pdf.fillColor(COLOR.muted).font(FONT.regular).fontSize(10.5).text(t(text.version), { width });
  pdf.moveDown(1);

  // Banner: SAMPLE wording, not legal advice.
  const pad = 10;
  const innerWidth = width - 2 * pad - 4;
  const bannerHeading = t(locale.banner.heading);
  const bannerText = t(locale.banner.text);
  pdf.font(FONT.bold).fontSize(9.5);
  const headingHeight = pdf.heightOfString(bannerHeading, { width: innerWidth });
  pdf.font(FONT.regular).fontSize(9.5);
  const bodyHeight = pdf.heightOfString(bannerText, { width: innerWidth, lineGap: 1.5 });
  const bannerTop = pdf.y;
  const bannerHeight = pad + headingHeight + 3 + bodyHeight + pad;
  pdf.save();
  pdf.roundedRect(left, bannerTop, width, bannerHeight, 4).fill(COLOR.bannerFill);
  pdf.roundedRect(left, bannerTop, width, bannerHeight, 4).clip();
  pdf.rect(left, bannerTop, 4, bannerHeight).fill(COLOR.bannerBorder);
  pdf.restore();
  pdf.save();
  pdf.roundedRect(left, bannerTop, width, bannerHeight, 4).lineWidth(0.75).stroke(COLOR.bannerBorder);
  pdf.restore();
  pdf.fillColor(COLOR.bannerText).font(FONT.bold).fontSize(9.5);
  pdf.text(bannerHeading, left + 4 + pad, bannerTop + pad, { width: innerWidth, characterSpacing: 0.4 });
  pdf.moveDown(0.2);
  pdf
    .font(FONT.regular)
    .fontSize(9.5)
    .text(bannerText, left + 4 + pad, pdf.y, { width: innerWidth, lineGap: 1.5 });
  pdf.x = left;
  pdf.y = bannerTop + bannerHeight + 22;

  // Numbered sections.
  const bodyOptions = { width, lineGap: 2.5, align: 'left' as const };
  text.sections.forEach((section, index) => {
    const heading = t(`${index + 1}. ${section.heading}`);
    const first = t(section.paragraphs[0] ?? '');
    pdf.font(FONT.bold).fontSize(11.5);
    const needed =
      pdf.heightOfString(heading, { width }) +
      6 +
      Math.min(3 * 15, pdf.font(FONT.regular).fontSize(10).heightOfString(first, bodyOptions));
    if (pdf.y + needed > bottomLimit()) pdf.addPage();

    pdf.fillColor(COLOR.text).font(FONT.bold).fontSize(11.5).text(heading, left, pdf.y, { width });
    pdf.moveDown(0.35);
    pdf.font(FONT.regular).fontSize(10).fillColor(COLOR.text);
    section.paragraphs.forEach((paragraph, p) => {
      if (p > 0) pdf.moveDown(0.5);
      pdf.text(t(paragraph), left, pdf.y, bodyOptions);
    });
    pdf.moveDown(1.1);
  });

  // Footer on every page: rule, document title and version, page "n / N".
  const range = pdf.bufferedPageRange();
  const footerLabel = t(`${text.title} · ${text.version}`);
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const bottomMargin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0; // writing inside the margin must not trigger a page break
    const y = pdf.page.height - 44;
    pdf.save();
    pdf
      .moveTo(left, y - 8)
      .lineTo(left + width, y - 8)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    pdf.restore();
    pdf.font(FONT.regular).fontSize(8).fillColor(COLOR.muted);
    pdf.text(footerLabel, left, y, { width: width - 60, lineBreak: false, ellipsis: true });
    pdf.text(`${i - range.start + 1} / ${range.count}`, left + width - 60, y, {
      width: 60,
      align: 'right',
      lineBreak: false,
    });
    pdf.page.margins.bottom = bottomMargin;
  }

  pdf.end();
  return done;
}

/** Writes all documents of all languages below `outDir`; returns the written paths. */
export async function writeLegalPdfs(outDir: string = DEFAULT_OUT_DIR): Promise<string[]> {
  const written: string[] = [];
  for (const lang of LEGAL_LANGUAGES) {
    await mkdir(join(outDir, lang.toUpperCase()), { recursive: true });
    for (const doc of LEGAL_DOCUMENTS) {
      const file = join(outDir, legalPdfFileName(doc, lang));
      await writeFile(file, await renderLegalPdf(doc, lang));
      written.push(file);
    }
  }
  return written;
}

const invokedAsCli = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;

if (invokedAsCli) {
  const outDir = resolve(process.argv[2] ?? DEFAULT_OUT_DIR);
  writeLegalPdfs(outDir).then(
    (files) => console.log(`legal-pdfs: wrote ${files.length} PDFs to ${outDir}`),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
