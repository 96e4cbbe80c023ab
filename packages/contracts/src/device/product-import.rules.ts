/**
 * Bulk import of products from a CSV file (Add Products, docs/administration.md "Add Products"):
 * the columns, the caps, the CSV reading and writing shared by the server and the web app.
 */

/** The columns every import file must have: the spec's product fields. */
export const PRODUCT_IMPORT_REQUIRED_COLUMNS = ['serialNumber', 'modelNumber', 'fw00', 'fw02', 'gamma', 'ratingPower'] as const;
/** The columns of an import file: the required ones, then the optional ones. */
export const PRODUCT_IMPORT_COLUMNS = [...PRODUCT_IMPORT_REQUIRED_COLUMNS, 'revision', 'type', 'country'] as const;
export type TProductImportColumn = (typeof PRODUCT_IMPORT_COLUMNS)[number];

/** The most products one file may bring (a factory batch; the benchmark imports 10,000). */
export const PRODUCT_IMPORT_MAX_ROWS = 20_000;
/** The largest import file, in bytes (20,000 rows of the template are about 1.3 MB). */
export const PRODUCT_IMPORT_MAX_BYTES = 4 * 1024 * 1024;
/** The refused rows an answer lists at most (the total is always given). */
export const PRODUCT_IMPORT_MAX_PROBLEMS = 500;

/** Why a row (or one of its cells) was refused; each has its text in `admin.import.reasons`. */
export const PRODUCT_IMPORT_REASONS = [
  'required',
  'invalid',
  'tooLong',
  'notAllowed',
  'duplicateInFile',
  'alreadyExists',
  'cellCount',
] as const;
export type TProductImportReason = (typeof PRODUCT_IMPORT_REASONS)[number];

/** One refusal: the row as a spreadsheet numbers it (the header is row 1) and the column, when one is at fault. */
export type TProductImportProblem = { row: number; column: TProductImportColumn | null; reason: TProductImportReason };

/**
 * The cells of a CSV text (RFC 4180: quoted cells may hold the separator, quotes doubled, line
 * breaks). The separator is the comma, or the semicolon when the first line has more semicolons than
 * commas (spreadsheets in Italian, French, German and Spanish save that way). A byte-order mark is
 * dropped; blank lines are skipped. Each row keeps the line it starts on.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  // Where an unquoted cell's run of ordinary characters ends.
  const special = separator === ';' ? /[;"\r\n]/g : /[,"\r\n]/g;
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line += 1;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else {
      // This character and the ordinary ones after it, at once (a quote inside a cell is one of them).
      special.lastIndex = i + 1;
      const end = special.exec(source)?.index ?? source.length;
      cell += source.slice(i, end);
      i = end - 1;
    }
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/** A cell as CSV writes it: quoted when it holds a separator, a quote or a line break. */
function csvCell(value: string): string {
  return /[",;\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** CSV text of a header and rows (comma-separated, CRLF line ends as RFC 4180 asks). */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The template offered for download: the columns and one example product. */
export function productImportTemplate(): string {
  return toCsv(PRODUCT_IMPORT_COLUMNS, [['SN00012345', 'WB-500', '1.0.0', '1.0.0', 'infinity', 'M3', 'A', 'undercounter', 'IT']]);
}

/** The file for the factory's provisioning line: each new product's serial number, device secret and model. */
export function productSecretsCsv(
  products: readonly { serialNumber: string; deviceSecret: string; modelNumber: string }[],
): string {
  return toCsv(
    ['serialNumber', 'deviceSecret', 'modelNumber'],
    products.map((p) => [p.serialNumber, p.deviceSecret, p.modelNumber]),
  );
}
