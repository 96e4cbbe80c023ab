import { z } from 'zod';
import { ZCreateProductRequest, type TCreateProductRequest } from './appliance.schema';
import {
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_IMPORT_MAX_ROWS,
  PRODUCT_IMPORT_REASONS,
  PRODUCT_IMPORT_REQUIRED_COLUMNS,
  parseCsv,
  type TProductImportColumn,
  type TProductImportProblem,
  type TProductImportReason,
} from './product-import.rules';

/** A refused row of an import, as the API answers it. */
export const ZProductImportProblem = z
  .object({
    row: z.number().int().describe('The row as a spreadsheet numbers it: the header is row 1'),
    column: z.enum(PRODUCT_IMPORT_COLUMNS).nullable(),
    reason: z.enum(PRODUCT_IMPORT_REASONS),
  })
  .meta({ id: 'ProductImportProblem' });

/** 422 of `POST /api/v1/appliance/products/import`: nothing was written; the rows at fault (at most 500) and their total. */
export const ZProductImportRefusal = z
  .object({
    code: z.literal('PRODUCT_IMPORT_INVALID'),
    message: z.string(),
    total: z.number().int(),
    problems: z.array(ZProductImportProblem),
  })
  .meta({ id: 'ProductImportRefusal' });
export type TProductImportRefusal = z.infer<typeof ZProductImportRefusal>;

/** 200 of `POST /api/v1/appliance/products/import`: every product of the file, with its device secret (shown this once only). */
export const ZProductImportResponse = z
  .object({
    imported: z.number().int(),
    products: z.array(z.object({ serialNumber: z.string(), modelNumber: z.string(), deviceSecret: z.string() })),
  })
  .meta({ id: 'ProductImportResponse' });
export type TProductImportResponse = z.infer<typeof ZProductImportResponse>;

/** What is wrong with an import file as a whole (before its rows are read). */
export type TProductImportFileError =
  { kind: 'empty' } | { kind: 'columns'; missing: string[]; unknown: string[] } | { kind: 'tooManyRows'; max: number };

/** An import file read: its valid products (with their row) and the refused rows, or what is wrong with the file. */
export type TProductImportRead =
  | { fileError: TProductImportFileError }
  | { products: { row: number; product: TCreateProductRequest }[]; problems: TProductImportProblem[] };

/** Cells written as people write them: the range's name in any case ("G-EVO" for `ge`), codes in upper case. */
function normalised(column: TProductImportColumn, value: string): string {
  const v = value.trim();
  if (column === 'gamma') {
    const lower = v.toLowerCase().replace(/[\s_-]/g, '');
    return lower === 'gevo' ? 'ge' : lower;
  }
  if (column === 'type') return v.toLowerCase();
  if (column === 'ratingPower' || column === 'country') return v.toUpperCase();
  return v;
}

function reasonOf(issue: z.core.$ZodIssue, empty: boolean): TProductImportReason {
  if (empty) return 'required';
  if (issue.code === 'too_big') return 'tooLong';
  if (issue.code === 'invalid_value') return 'notAllowed';
  return 'invalid';
}

/**
 * Reads an import file: its header names the columns (any order, any case), each row is checked
 * with the single product's schema (`ZCreateProductRequest`) and against the rows above it for a
 * repeated serial number. Whether a serial number already exists is the server's to check.
 */
export function readProductImport(text: string): TProductImportRead {
  const rows = parseCsv(text);
  const [header, ...body] = rows;
  if (!header) return { fileError: { kind: 'empty' } };
  const byName = new Map<string, TProductImportColumn>(PRODUCT_IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const columns = header.cells.map((name) => byName.get(name.trim().toLowerCase()));
  // Unknown names, and a name given twice, are refused: which of two cells would count?
  const unknown = header.cells
    .filter((_, i) => columns[i] === undefined || columns.indexOf(columns[i]) !== i)
    .map((n) => n.trim());
  const missing = PRODUCT_IMPORT_REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (unknown.length || missing.length) {
    return { fileError: { kind: 'columns', missing, unknown } };
  }
  if (body.length === 0) return { fileError: { kind: 'empty' } };
  if (body.length > PRODUCT_IMPORT_MAX_ROWS) return { fileError: { kind: 'tooManyRows', max: PRODUCT_IMPORT_MAX_ROWS } };
  const products: { row: number; product: TCreateProductRequest }[] = [];
  const problems: TProductImportProblem[] = [];
  const seen = new Set<string>();
  for (const { line, cells } of body) {
    if (cells.length !== columns.length) {
      problems.push({ row: line, column: null, reason: 'cellCount' });
      continue;
    }
    const input: Record<string, string> = {};
    columns.forEach((column, i) => {
      const value = column ? normalised(column, cells[i] ?? '') : '';
      if (column && value !== '') input[column] = value;
    });
    const parsed = ZCreateProductRequest.safeParse(input);
    if (!parsed.success) {
      const faulty = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = issue.path[0] as TProductImportColumn;
        if (faulty.has(column)) continue;
        faulty.add(column);
        problems.push({ row: line, column, reason: reasonOf(issue, input[column] === undefined) });
      }
      continue;
    }
    if (seen.has(parsed.data.serialNumber)) {
      problems.push({ row: line, column: 'serialNumber', reason: 'duplicateInFile' });
      continue;
    }
    seen.add(parsed.data.serialNumber);
    products.push({ row: line, product: parsed.data });
  }
  return { products, problems };
}
