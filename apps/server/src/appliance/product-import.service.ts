import { randomUUID } from 'node:crypto';
import {
  PRODUCT_IMPORT_MAX_PROBLEMS,
  readProductImport,
  type TBrandCode,
  type TProductImportProblem,
  type TProductImportRead,
  type TProductImportResponse,
} from '@washboard/contracts';
import type { TAuditActor, AuditService } from '../audit/audit.service';
import { AppError } from '../errors';
import type { TBroker } from '../gateway/broker';
import { BrokerNotAnswering } from '../gateway/broker-not-answering';
import { newDeviceSecrets } from '../gateway/device-identity';
import { isUniqueViolation, type ProductImportRepository } from './product-import.repository';

/** How the trail names an import: its first and last serial numbers, in the file's order. */
function importLabel(products: readonly { serialNumber: string }[]): string {
  const first = products[0]?.serialNumber ?? '';
  const last = products.at(-1)?.serialNumber ?? first;
  return first === last ? first : `${first} … ${last}`;
}

/** Products brought in from a CSV file (docs/administration.md "Add Products"): all of the file or nothing. */
export class ProductImportService {
  constructor(
    private readonly repository: ProductImportRepository,
    private readonly broker: TBroker,
    private readonly audit: AuditService,
  ) {}

  /**
   * Reads `csv`, checks every row (the single product's schema, serial numbers repeated in the file
   * or already taken) and, only when every row is right, writes every product in one transaction
   * and provisions their broker identities before it commits. Answers each product's device secret,
   * stored only as a hash. Refusals: PRODUCT_IMPORT_EMPTY, PRODUCT_IMPORT_COLUMNS,
   * PRODUCT_IMPORT_TOO_MANY_ROWS, PRODUCT_IMPORT_INVALID (the rows at fault), and
   * APPLIANCE_ALREADY_EXISTS when a serial number is taken while the file is written. The import is
   * one record of the audit trail, `product.import` by `actor`, which each product it added points
   * at (the trail's machine filter finds it): one line for the administrator to read, not one per
   * product (docs/administration.md, "Audit trail").
   */
  async importCsv(actor: TAuditActor, csv: string): Promise<TProductImportResponse> {
    const brand: TBrandCode = actor.brand;
    const read = readProductImport(csv);
    if ('fileError' in read) {
      const error = read.fileError;
      if (error.kind === 'empty') throw new AppError('PRODUCT_IMPORT_EMPTY');
      if (error.kind === 'tooManyRows') throw new AppError('PRODUCT_IMPORT_TOO_MANY_ROWS', { max: error.max });
      throw new AppError('PRODUCT_IMPORT_COLUMNS', {
        missing: error.missing.join(', ') || '—',
        unknown: error.unknown.join(', ') || '—',
      });
    }
    // A file with faulty rows names every row at fault, the serial numbers already taken too.
    if (read.problems.length > 0) await this.refuse(read);
    const secrets = newDeviceSecrets(read.products.length);
    const products = read.products.map(({ product }, i) => ({ ...product, deviceSecret: secrets[i] as string }));
    const importId = randomUUID();
    const audit = this.audit.newRecord(actor, {
      action: 'product.import',
      target: { kind: 'import', id: importId, label: importLabel(products) },
      after: { products: products.length, modelNumber: [...new Set(products.map((p) => p.modelNumber))] },
    });
    try {
      await this.repository.insertAll(brand, importId, products, audit, () =>
        this.broker.provisionDevices(products.map((p) => ({ serial: p.serialNumber, secret: p.deviceSecret }))),
      );
    } catch (error) {
      // The transaction wrote nothing (the identities are provisioned before its commit).
      if (error instanceof BrokerNotAnswering) throw new AppError('PRODUCT_IMPORT_BROKER_TIMEOUT');
      if (!isUniqueViolation(error)) throw error;
      // Serial numbers taken are found by the write itself (the products' primary key), which then
      // writes nothing: only then are they looked up, to name their rows.
      await this.refuse(read);
      throw new AppError('APPLIANCE_ALREADY_EXISTS');
    }
    return {
      imported: products.length,
      products: products.map((p) => ({ serialNumber: p.serialNumber, modelNumber: p.modelNumber, deviceSecret: p.deviceSecret })),
    };
  }

  /**
   * Throws PRODUCT_IMPORT_INVALID with the rows of `read` at fault and those whose serial number a
   * product already has, in the file's order; returns when there are none (a serial number taken
   * and freed again meanwhile).
   */
  private async refuse(read: Extract<TProductImportRead, { products: unknown }>): Promise<void> {
    const problems: TProductImportProblem[] = [...read.problems];
    const taken = await this.repository.existing(read.products.map((p) => p.product.serialNumber));
    for (const { row, product } of read.products) {
      if (taken.has(product.serialNumber)) problems.push({ row, column: 'serialNumber', reason: 'alreadyExists' });
    }
    if (problems.length === 0) return;
    problems.sort((a, b) => a.row - b.row);
    throw new AppError(
      'PRODUCT_IMPORT_INVALID',
      { count: problems.length },
      { total: problems.length, problems: problems.slice(0, PRODUCT_IMPORT_MAX_PROBLEMS) },
    );
  }
}
