import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const scratch = mkdtempSync(join(tmpdir(), 'washboard-pdf-'));

/** The text of a PDF (optionally one page) as poppler's pdftotext extracts it, in reading layout. */
export function pdfText(pdf: Buffer, page?: number): string {
  const file = join(scratch, `${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  const pages = page ? ['-f', String(page), '-l', String(page)] : [];
  return execFileSync('pdftotext', ['-layout', ...pages, file, '-'], { encoding: 'utf8' });
}
