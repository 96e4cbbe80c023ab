import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { catalogues, SUPPORTED_LANGUAGES } from '@washboard/contracts';
import { PDF_FONT } from './pdf-document';
import { useStandardFonts } from './standard-fonts';

type TFont = { encode(text: string): [string[], unknown[]]; widthOfString(text: string, size: number): number };
const current = (pdf: PDFKit.PDFDocument) => (pdf as unknown as { _font: TFont })._font;

/** Every text of the five catalogues, and characters outside WinAnsi (drawn as .notdef). */
function texts(): string[] {
  const all: string[] = ['AVAWAToTy, 1 612,5 l · 82 °C – “ok” … €', '漢字 🙂 \u202F\u2009 \u0000\u007F'];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') all.push(node);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  SUPPORTED_LANGUAGES.forEach((lang) => walk(catalogues[lang]));
  return all;
}

describe('useStandardFonts', () => {
  it("measures, kerns and encodes every catalogue text exactly as pdfkit's own fonts do", () => {
    const stock = new PDFDocument({ autoFirstPage: false });
    const shared = new PDFDocument({ autoFirstPage: false, font: '' });
    useStandardFonts(shared, [PDF_FONT.regular, PDF_FONT.bold]);
    const strings = texts();
    expect(strings.length).toBeGreaterThan(1_000);
    for (const name of [PDF_FONT.regular, PDF_FONT.bold]) {
      const [theirs, ours] = [current(stock.font(name)), current(shared.font(name))];
      for (const text of strings) {
        expect(ours.widthOfString(text, 9.5), text).toBe(theirs.widthOfString(text, 9.5));
        expect(ours.encode(text), text).toEqual(theirs.encode(text));
      }
    }
  });

  it('numbers the fonts as pdfkit does and gives each document font objects of its own', () => {
    const [a, b] = [new PDFDocument({ font: '' }), new PDFDocument({ font: '' })];
    useStandardFonts(a, [PDF_FONT.regular, PDF_FONT.bold]);
    useStandardFonts(b, [PDF_FONT.regular, PDF_FONT.bold]);
    const ids = (pdf: PDFKit.PDFDocument) =>
      [PDF_FONT.regular, PDF_FONT.bold].map((name) => (current(pdf.font(name)) as unknown as { id: string }).id);
    expect(ids(a)).toEqual(['F1', 'F2']);
    expect(ids(b)).toEqual(['F1', 'F2']);
    expect(current(a.font(PDF_FONT.bold))).not.toBe(current(b.font(PDF_FONT.bold)));
    expect((current(a) as unknown as { document: unknown }).document).toBe(a);
  });
});
