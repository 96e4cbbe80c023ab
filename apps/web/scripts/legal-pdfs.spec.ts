import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS, LEGAL_LANGUAGES, LEGAL_TEXTS, legalPdfPath } from '../../../packages/contracts/src/legal/index';
import { renderLegalPdf, writeLegalPdfs } from './legal-pdfs';

/** Text of a PDF, with print typography (’ “ ” no-break spaces) and line breaks folded back. */
function pdfText(file: string): string {
  return normalize(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
}

function normalize(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ');
}

describe('legal PDFs', () => {
  let outDir = '';
  let files: string[] = [];

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'washboard-legal-'));
    files = await writeLegalPdfs(outDir);
  }, 60_000);

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('writes 15 PDFs at the paths the web app links to', async () => {
    expect(files).toHaveLength(15);
    const expected = LEGAL_LANGUAGES.flatMap((lang) => LEGAL_DOCUMENTS.map((doc) => legalPdfPath(doc, lang)));
    const actual = files.map((file) => `/legal/${relative(outDir, file).split(/[\\/]/).join('/')}`);
    expect(actual.sort()).toEqual(expected.sort());
    for (const file of files) {
      const head = (await readFile(file)).subarray(0, 5).toString('latin1');
      expect(head, file).toBe('%PDF-');
    }
  });

  it.each(LEGAL_LANGUAGES.flatMap((lang) => LEGAL_DOCUMENTS.map((doc) => [lang, doc] as const)))(
    '%s %s contains its title, the October 2023 version line and every section heading',
    (lang, doc) => {
      const source = LEGAL_TEXTS[lang][doc];
      const text = pdfText(join(outDir, legalPdfPath(doc, lang).replace(/^\/legal\//, '')));
      expect(text).toContain(normalize(source.title));
      expect(text).toContain(source.version);
      expect(source.version).toMatch(/2023/);
      source.sections.forEach((section, index) => {
        expect(text).toContain(normalize(`${index + 1}. ${section.heading}`));
      });
      expect(text).toMatch(/\b1 ?\/ ?\d+\b/); // footer "1 / N"
    },
  );

  it('renders accented characters of the Italian terms', () => {
    const text = pdfText(join(outDir, 'IT', 'terms.pdf'));
    expect(text).toContain("Termini e condizioni d'uso");
    expect(text).toContain('Versione del 2 ottobre 2023');
    expect(text).toContain('Disponibilità e manutenzione');
    expect(text).toContain('Responsabilità');
    expect(text).toContain('Il Servizio è fornito');
  });

  it('renders German and French special characters', () => {
    expect(pdfText(join(outDir, 'DE', 'terms.pdf'))).toContain('Änderungen und Kündigung');
    expect(pdfText(join(outDir, 'DE', 'privacy-policy.pdf'))).toContain('Datenschutzerklärung');
    expect(pdfText(join(outDir, 'FR', 'terms.pdf'))).toContain('produit de rinçage');
    expect(pdfText(join(outDir, 'ES', 'privacy-policy.pdf'))).toContain('Agencia Española de Protección de Datos');
  });

  it('writes the metadata (title, language, creation date)', () => {
    const info = execFileSync('pdfinfo', ['-isodates', join(outDir, 'DE', 'privacy-policy.pdf')], { encoding: 'utf8' });
    expect(info).toMatch(/^Title:\s+Datenschutzerklärung$/m);
    expect(info).toMatch(/^CreationDate:\s+2023-10-02T00:00:00/m);
    expect(info).toMatch(/^Page size:.*\(A4\)/m);
  });

  it('is reproducible', async () => {
    const [a, b] = await Promise.all([renderLegalPdf('terms', 'fr'), renderLegalPdf('terms', 'fr')]);
    expect(a.equals(b)).toBe(true);
    expect(a.toString('latin1')).toContain('/Lang (fr-FR)');
  });
});

describe('legalPdfPath', () => {
  it('uses the upper-cased language code and falls back to Italian', () => {
    expect(legalPdfPath('terms', 'it')).toBe('/legal/IT/terms.pdf');
    expect(legalPdfPath('privacy', 'de')).toBe('/legal/DE/privacy-policy.pdf');
    expect(legalPdfPath('registrationPrivacy', 'ES')).toBe('/legal/ES/registration-privacy-notice.pdf');
    expect(legalPdfPath('privacy', 'en-GB')).toBe('/legal/EN/privacy-policy.pdf');
    expect(legalPdfPath('terms', 'pt')).toBe('/legal/IT/terms.pdf');
    expect(legalPdfPath('terms', '')).toBe('/legal/IT/terms.pdf');
  });

  it('has every document in every language, translated and with 6-10 sections', () => {
    for (const doc of LEGAL_DOCUMENTS) {
      const titles = new Set(LEGAL_LANGUAGES.map((lang) => LEGAL_TEXTS[lang][doc].title));
      expect(titles.size).toBe(LEGAL_LANGUAGES.length);
      for (const lang of LEGAL_LANGUAGES) {
        const { sections } = LEGAL_TEXTS[lang][doc];
        expect(sections.length).toBeGreaterThanOrEqual(6);
        expect(sections.length).toBeLessThanOrEqual(10);
        expect(sections.length).toBe(LEGAL_TEXTS.it[doc].sections.length);
      }
    }
  });
});
