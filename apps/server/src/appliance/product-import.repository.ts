import type { TBrandCode, TCreateProductRequest } from '@washboard/contracts';
import { insertAuditRecords, type TNewAuditRecord } from '../audit/audit.repository';
import type { TDatabase } from '../db/database';
import type { TApplianceChanges } from './appliance.repository';

/** A product of an import as stored: the request's fields and its device secret's hash. */
export type TImportedProduct = TCreateProductRequest & { secretHash: string };

/** A text value in COPY's text format: backslash, tab and line breaks escaped. */
function copyText(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] ?? c);
}

/** Rows per COPY chunk handed to the database (one string of ~100 kB each). */
const CHUNK_ROWS = 1_000;

function* copyRows(brand: TBrandCode, products: readonly TImportedProduct[]): Generator<string> {
  for (let start = 0; start < products.length; start += CHUNK_ROWS) {
    let chunk = '';
    for (const p of products.slice(start, start + CHUNK_ROWS)) {
      chunk +=
        [
          p.serialNumber,
          brand,
          copyText(p.modelNumber),
          copyText(p.revision ?? 'A'),
          p.gamma,
          p.type ?? 'undercounter',
          p.ratingPower,
          copyText(p.fw00),
          copyText(p.fw02),
          p.secretHash,
          p.country ?? '\\N',
        ].join('\t') + '\n';
    }
    yield chunk;
  }
}

/** The SQL of a bulk product import: which serial numbers exist, and the products written by COPY in one transaction. */
export class ProductImportRepository {
  constructor(
    private readonly database: TDatabase,
    private readonly changed: TApplianceChanges,
  ) {}

  /** Those of `serials` that a product (of any brand: the serial number is the MQTT identity) already has. */
  async existing(serials: readonly string[]): Promise<Set<string>> {
    if (serials.length === 0) return new Set();
    const { rows } = await this.database.transaction((sql) =>
      sql.query<{ serial_number: string }>('SELECT serial_number FROM appliances WHERE serial_number = ANY($1::text[])', [
        serials,
      ]),
    );
    return new Set(rows.map((r) => r.serial_number));
  }

  /**
   * Writes every product and its (offline) state row in one transaction: all or nothing. The
   * products go in by one COPY and the state rows by one array statement; `beforeCommit` runs last
   * inside the transaction (the broker identities), so its failure writes nothing either. A serial
   * number taken meanwhile fails the COPY (unique violation, SQLSTATE 23505). The audit records
   * (one per product) commit with the products.
   */
  async insertAll(
    brand: TBrandCode,
    products: readonly TImportedProduct[],
    audit: readonly TNewAuditRecord[],
    beforeCommit: () => Promise<void>,
  ): Promise<void> {
    try {
      await this.database.transaction(async (sql) => {
        await sql.copyFrom(
          'COPY appliances (serial_number, brand, model_number, revision, gamma, type, rating_power, fw00, fw02, secret_hash, country) FROM STDIN',
          copyRows(brand, products),
        );
        await sql.query('INSERT INTO appliance_states (serial_number) SELECT unnest($1::text[])', [
          products.map((p) => p.serialNumber),
        ]);
        await insertAuditRecords(sql, audit);
        await beforeCommit();
      });
    } finally {
      this.changed.access();
      this.changed.state();
    }
  }
}

/** True for PostgreSQL's unique violation (a serial number taken between the check and the write). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
