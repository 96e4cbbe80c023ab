import PDFDocument from 'pdfkit';

/**
 * pdfkit's built-in fonts, set up once per process instead of once per document.
 *
 * For every document pdfkit parses each standard font's metrics again (thousands of kerning pairs
 * into an object keyed by glyph names), and it measures every character by building those names and
 * looking them up in that object. A weekly report's PDF spent a third of its time there
 * (docs/benchmarks.md, "Weekly reports", session 30). Here each font's metrics are read from
 * pdfkit's own tables once, into arrays indexed by character, and every document's font objects
 * share them. Widths, kerning and the encoded text stay exactly pdfkit's (standard-fonts.spec.ts
 * compares them on every catalogue text).
 */

/** What pdfkit's AFM metrics offer its standard fonts (its `AFMFont`). */
type TAfmMetrics = {
  encodeText(text: string): string[];
  characterToGlyph(charCode: number): string;
  widthOfGlyph(glyph: string): number;
  getKernPair(left: string, right: string | undefined): number;
};

/** The document's font bookkeeping pdfkit keeps (its `FontsMixin`). */
type TFontBook = { _fontFamilies: Record<string, object>; _fontCount: number; _font: object };

const CODE_UNITS = 0x10000;

/**
 * A standard font's metrics as arrays: each UTF-16 code unit maps to the glyph pdfkit would draw
 * it with (numbered here), each glyph to its width, each pair of glyphs to its kerning. Same
 * interface as pdfkit's metrics, but with glyph numbers instead of names.
 */
class IndexedMetrics {
  private readonly glyphOf = new Uint16Array(CODE_UNITS);
  private readonly widths: Float64Array;
  private readonly kerning: Float64Array;
  private readonly glyphs: number;
  readonly encodeText: (text: string) => string[];

  constructor(afm: TAfmMetrics) {
    const numbers = new Map<string, number>();
    for (let unit = 0; unit < CODE_UNITS; unit++) {
      const name = afm.characterToGlyph(unit);
      let n = numbers.get(name);
      if (n === undefined) numbers.set(name, (n = numbers.size));
      this.glyphOf[unit] = n;
    }
    const names = [...numbers.keys()];
    this.glyphs = names.length;
    this.widths = Float64Array.from(names, (name) => afm.widthOfGlyph(name));
    this.kerning = new Float64Array(this.glyphs * this.glyphs);
    names.forEach((left, l) => names.forEach((right, r) => (this.kerning[l * this.glyphs + r] = afm.getKernPair(left, right))));
    this.encodeText = afm.encodeText.bind(afm);
  }

  glyphsForString(text: string): number[] {
    const glyphs = new Array<number>(text.length);
    for (let i = 0; i < text.length; i++) glyphs[i] = this.glyphOf[text.charCodeAt(i)] as number;
    return glyphs;
  }

  widthOfGlyph(glyph: number): number {
    return this.widths[glyph] as number;
  }

  advancesForGlyphs(glyphs: number[]): number[] {
    const advances = new Array<number>(glyphs.length);
    const last = glyphs.length - 1;
    for (let i = 0; i < glyphs.length; i++) {
      const left = glyphs[i] as number;
      const kern = i < last ? (this.kerning[left * this.glyphs + (glyphs[i + 1] as number)] as number) : 0;
      advances[i] = (this.widths[left] as number) + kern;
    }
    return advances;
  }
}

/** A font as pdfkit made it for one document: its prototype and its fields, metrics replaced. */
type TTemplate = { prototype: object; fields: Record<string, unknown> };

const templates = new Map<string, TTemplate>();

/** Makes the font `name` once in a document of its own, keeping its class and fields, with indexed metrics. */
function template(name: string): TTemplate {
  let found = templates.get(name);
  if (!found) {
    const sample = new PDFDocument({ autoFirstPage: false }).font(name) as unknown as TFontBook;
    const font = sample._font as Record<string, unknown>;
    const { document: _document, id: _id, dictionary: _dictionary, ...fields } = font;
    found = {
      prototype: Object.getPrototypeOf(font) as object,
      fields: { ...fields, font: new IndexedMetrics(fields.font as TAfmMetrics) },
    };
    templates.set(name, found);
  }
  return found;
}

/**
 * Gives the new document `pdf` (made with `font: null`, so pdfkit set up none) the standard fonts
 * `names`, in that order, sharing metrics with every other document; the first becomes current.
 * Each font is numbered as pdfkit numbers them, and enters the file only if text uses it.
 */
export function useStandardFonts(pdf: PDFKit.PDFDocument, names: string[]): void {
  const book = pdf as unknown as TFontBook;
  for (const name of names) {
    const { prototype, fields } = template(name);
    const font = Object.assign(Object.create(prototype) as object, fields, { document: pdf, id: `F${++book._fontCount}` });
    book._fontFamilies[name] = font;
  }
  pdf.font(names[0] as string);
}
