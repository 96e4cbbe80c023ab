import PDFDocument from 'pdfkit';
import {
  applianceDocumentType,
  BRANDS,
  type TApplianceDocumentFile,
  type TApplianceDocumentType,
  type TLanguage,
} from '@washboard/contracts';
import type { TAuthUser } from '../auth/token.service';
import { AppError } from '../errors';
import { translate } from '../i18n/translate';
import type { ApplianceAccess } from './appliance-access';
import type { ApplianceDetailsRepository } from './appliance-details.repository';
import { drawExplodedView, drawPartsTable, drawWiringDiagram } from './document-figures';

/** Rendered documents kept in memory; a deployment has tens of models, five languages and two brands. */
const CACHE_LIMIT = 500;
/** The edition printed on the generic documents (fixed, so a document renders byte-identical). */
const EDITION = new Date('2026-11-01T00:00:00Z');

/** What each document holds after its head: numbered text sections, then optionally a drawing. */
type TContent = { sections: readonly string[]; figure?: typeof drawWiringDiagram };
const CONTENTS: Record<TApplianceDocumentType, TContent> = {
  electricSchema: { sections: ['supply', 'components', 'safety'] },
  userManual: { sections: ['installation', 'use', 'cleaning', 'alarms', 'assistance'] },
  technicalManual: { sections: ['serviceAccess', 'diagnostics', 'maintenance', 'serviceParameters', 'boardReplacement'] },
  wiringDiagram: { sections: ['wiring'], figure: drawWiringDiagram },
  explodedDiagram: { sections: ['exploded'], figure: drawExplodedView },
  spareParts: { sections: ['ordering'], figure: drawPartsTable },
};

const COLOR = { text: '#1f2933', muted: '#616e7c', rule: '#cbd2d9' };

// The built-in Helvetica is WinAnsi-encoded: Latin-1 plus a few typographic characters.
const WIN_ANSI_EXTRA = new Set([0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d]);
function printable(text: string): string {
  return [...text.normalize('NFC')]
    .map((c) => {
      const cp = c.codePointAt(0) ?? 0;
      return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp) ? c : '?';
    })
    .join('');
}

type TDocumentInput = {
  type: TApplianceDocumentType;
  modelNumber: string;
  brand: TAuthUser['brand'];
  range: string;
  lang: TLanguage;
  /** Where spare parts are ordered (`SPARE_PARTS_URL`), named by the spare parts list. */
  sparePartsUrl: string;
};

/** Renders one generic document of a model: title, model, brand, range, a notice, numbered sections, its drawing. */
export function renderApplianceDocument({
  type,
  modelNumber,
  brand,
  range,
  lang,
  sparePartsUrl,
}: TDocumentInput): Promise<Buffer> {
  const t = (key: string, params: Record<string, string> = {}) => printable(translate(lang, key, params));
  const title = t(`device.documents.${type}`);
  const brandTitle = printable(BRANDS[brand].title);
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: 62, bottom: 70, left: 62, right: 62 },
    compress: true,
    lang,
    displayTitle: true,
    info: {
      Title: `${title} - ${printable(modelNumber)}`,
      Author: brandTitle,
      Subject: t('device.documents.pdf.generic', { model: printable(modelNumber) }),
      Creator: 'Washboard',
      Producer: 'PDFKit',
      CreationDate: EDITION,
      ModDate: EDITION,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = pdf.page.margins.left;
  const width = pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
  pdf.fillColor(COLOR.muted).font('Helvetica').fontSize(9).text(brandTitle, left, pdf.page.margins.top, { width });
  pdf.moveDown(1);
  pdf.fillColor(COLOR.text).font('Helvetica-Bold').fontSize(22).text(title, { width });
  pdf.moveDown(0.4);
  const facts: [string, string][] = [
    [t('device.documents.pdf.model'), printable(modelNumber)],
    [t('device.documents.pdf.brand'), brandTitle],
    [t('device.fields.gamma'), printable(range)],
    [t('device.documents.pdf.edition'), EDITION.toISOString().slice(0, 7)],
  ];
  for (const [label, value] of facts) {
    pdf.font('Helvetica-Bold').fontSize(10.5).fillColor(COLOR.text).text(`${label}: `, { continued: true });
    pdf.font('Helvetica').text(value);
  }
  pdf.moveDown(0.8);
  pdf
    .moveTo(left, pdf.y)
    .lineTo(left + width, pdf.y)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke();
  pdf.moveDown(0.8);
  pdf
    .font('Helvetica-Oblique')
    .fontSize(10)
    .fillColor(COLOR.muted)
    .text(t('device.documents.pdf.generic', { model: printable(modelNumber) }), left, pdf.y, { width, lineGap: 2 });
  pdf.moveDown(1.2);
  const { sections, figure } = CONTENTS[type];
  sections.forEach((section, index) => {
    pdf
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(COLOR.text)
      .text(`${index + 1}. ${t(`device.documents.pdf.${section}Title`)}`, left, pdf.y, { width });
    pdf.moveDown(0.3);
    pdf
      .font('Helvetica')
      .fontSize(10.5)
      .text(t(`device.documents.pdf.${section}`, { url: printable(sparePartsUrl) }), left, pdf.y, { width, lineGap: 2.5 });
    pdf.moveDown(1);
  });
  figure?.(pdf, (key) => t(key), left, width);
  pdf.end();
  return done;
}

/**
 * The documents of device-areas §2 (electric schema, user manual; the companion's technical manual,
 * wiring diagram, exploded view and spare parts list) as real PDF files per model:
 * generated on the first request for a model, brand and language, then served from memory. A model
 * is known to a caller only through a machine of that model the caller may see
 * (docs/permissions.md); any other model answers 404, like an unknown one.
 */
export class ApplianceDocumentService {
  private readonly cache = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly repository: ApplianceDetailsRepository,
    private readonly access: ApplianceAccess,
    private readonly sparePartsUrl: string,
  ) {}

  /** The PDF of `file` for `modelNumber` in `lang`; 404 APPLIANCE_NOT_FOUND when the caller sees no machine of that model. */
  async document(user: TAuthUser, modelNumber: string, file: TApplianceDocumentFile, lang: TLanguage): Promise<Buffer> {
    const machine = await this.repository.visibleModel(modelNumber, await this.access.condition(user));
    if (!machine) throw new AppError('APPLIANCE_NOT_FOUND');
    const type = applianceDocumentType(file);
    if (!type) throw new AppError('NOT_FOUND');
    const key = JSON.stringify([user.brand, modelNumber, type, lang]);
    let pdf = this.cache.get(key);
    if (!pdf) {
      if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value ?? '');
      pdf = renderApplianceDocument({
        type,
        modelNumber,
        brand: user.brand,
        range: BRANDS[user.brand].rangeNames[machine.gamma],
        lang,
        sparePartsUrl: this.sparePartsUrl,
      });
      // A failed rendering is not kept: the next request tries again.
      pdf.catch(() => this.cache.delete(key));
      this.cache.set(key, pdf);
    }
    return pdf;
  }
}
