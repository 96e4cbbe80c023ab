import {
  PRODUCT_IMPORT_MAX_PROBLEMS,
  readProductImport,
  type TBrandCode,
  type TProductImportProblem,
  type TProductImportResponse,
} from '@washboard/contracts';
import type { TAuditActor, AuditService } from '../audit/audit.service';
import { AppError } from '../errors';
import type { TBroker } from '../gateway/broker';
import { hashDeviceSecret, newDeviceSecrets } from '../gateway/device-identity';
import { productEntry } from './appliance.service';
import { isUniqueViolation, type ProductImportRepository } from './product-import.repository';

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
   * APPLIANCE_ALREADY_EXISTS when a serial number is taken while the file is written. Each product
   * added is in the audit trail as `product.add` by `actor`, with its row of the file.
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
    const problems: TProductImportProblem[] = [...read.problems];
    const taken = await this.repository.existing(read.products.map((p) => p.product.serialNumber));
    for (const { row, product } of read.products) {
      if (taken.has(product.serialNumber)) problems.push({ row, column: 'serialNumber', reason: 'alreadyExists' });
    }
    if (problems.length > 0) {
      problems.sort((a, b) => a.row - b.row);
      throw new AppError(
        'PRODUCT_IMPORT_INVALID',
        { count: problems.length },
        { total: problems.length, problems: problems.slice(0, PRODUCT_IMPORT_MAX_PROBLEMS) },
      );
    }
    const secrets = newDeviceSecrets(read.products.length);
    const products = read.products.map(({ product }, i) => ({ ...product, deviceSecret: secrets[i] as string }));
    const audit = read.products.map(({ row, product }) => {
      const { serialNumber, modelNumber, gamma, ratingPower, fw00, fw02 } = product;
      const after = { modelNumber, gamma, ratingPower, fw00, fw02, csvRow: row };
      return this.audit.newRecord(actor, productEntry('product.add', serialNumber, null, null, after));
    });
    try {
      await this.repository.insertAll(
        brand,
        products.map((p) => ({ ...p, secretHash: hashDeviceSecret(p.deviceSecret) })),
        audit,
        () => this.broker.provisionDevices(products.map((p) => ({ serial: p.serialNumber, secret: p.deviceSecret }))),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('APPLIANCE_ALREADY_EXISTS');
      throw error;
    }
    return {
      imported: products.length,
      products: products.map((p) => ({ serialNumber: p.serialNumber, modelNumber: p.modelNumber, deviceSecret: p.deviceSecret })),
    };
  }
}
