import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text';
import { PDF_FONT, renderPdf } from './pdf-document';

const info = { title: 'T', subject: 'S', author: 'A', locale: 'fr-FR', createdAt: new Date('2026-11-27T12:00:00Z') };

describe('renderPdf', () => {
  it("draws French numbers' narrow no-break spaces as spaces, not as a wrong glyph", async () => {
    const number = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(1612.5);
    expect(number).toContain('\u202F');
    const pdf = await renderPdf(info, async (doc) => {
      doc.font(PDF_FONT.regular).fontSize(10);
      const width = doc.widthOfString(`${number} l`);
      doc.text(`${number} l`, 40, 40, { width: width + 1, lineBreak: false });
    });
    const text = pdfText(pdf).replace(/\u00A0/g, ' ');
    expect(text).toContain('1 612,5 l');
    expect(text).not.toContain('/');
  });
});
