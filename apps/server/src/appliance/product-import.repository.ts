import type { TBrandCode, TCreateProductRequest } from '@washboard/contracts';
import { insertAuditRecords, type TNewAuditRecord } from '../audit/audit.repository';
import type { TDatabase } from '../db/database';
import { copyRows } from '../db/copy-text';
import { hashDeviceSecret } from '../gateway/device-identity';
import type { TApplianceChanges } from './appliance.repository';

/** A product of an import: the request's fields and its device secret (stored as its hash). */
export type TImportedProduct = TCreateProductRequest & { deviceSecret: string };

/**
 * A product's row of the COPY, in the statement's column order. The secret is hashed here, as its
 * chunk is made: the database parses the chunk before meanwhile (10,000 hashes took 15–35 ms in a
 * step of their own before the COPY).
 */
function productRow(brand: TBrandCode, importId: string, p: TImportedProduct): (string | undefined)[] {
  return [
    p.serialNumber,
    brand,
    p.modelNumber,
    p.revision ?? 'A',
    p.gamma,
    p.type ?? 'undercounter',
    p.ratingPower,
    p.fw00,
    p.fw02,
    hashDeviceSecret(p.deviceSecret),
    p.country,
    importId,
  ];
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
   * products, each keeping `importId`, and their state rows go in by COPY; `beforeCommit` runs last
   * inside the transaction (the broker identities), so its failure writes nothing either. A serial
   * number taken meanwhile fails the COPY (unique violation, SQLSTATE 23505). The import's one audit
   * record commits with the products.
   */
  async insertAll(
    brand: TBrandCode,
    importId: string,
    products: readonly TImportedProduct[],
    audit: TNewAuditRecord,
    beforeCommit: () => Promise<void>,
  ): Promise<void> {
    try {
      await this.database.transaction(async (sql) => {
        await sql.copyFrom(
          'COPY appliances (serial_number, brand, model_number, revision, gamma, type, rating_power, fw00, fw02, secret_hash, country, import_id) FROM STDIN',
          copyRows(products, (p) => productRow(brand, importId, p)),
        );
        await sql.copyFrom(
          'COPY appliance_states (serial_number) FROM STDIN',
          copyRows(products, (p) => [p.serialNumber]),
        );
        await insertAuditRecords(sql, [audit]);
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
