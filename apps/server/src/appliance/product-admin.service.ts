import { serializerCompiler } from 'fastify-type-provider-zod';
import { CLAIM_CANDIDATES_LIMIT, ZAdminProductsPage, type TAdminProductSort, type TClaimCandidate } from '@washboard/contracts';
import type { AccountRepository } from '../account/account.repository';
import type { AuditService } from '../audit/audit.service';
import type { TAuthUser } from '../auth/token.service';
import { AppError } from '../errors';
import { searchWords } from '../db/like';
import type { DomainEvents } from '../events/domain-events';
import type { TBroker } from '../gateway/broker';
import type { ProductAdminRepository, TProductRow } from './product-admin.repository';
import type { ApplianceReadCache } from './read-cache';

/** A page of the table, serialised (and checked) as the route's own serializer would with its response schema. */
const serializePage = serializerCompiler({ schema: ZAdminProductsPage, method: 'GET', url: '/api/v1/appliance/products' });

type TPageQuery = { q?: string; sort: TAdminProductSort; order: 'asc' | 'desc'; page: number; size: number };

function view(row: TProductRow) {
  return {
    serialNumber: row.serialNumber,
    modelNumber: row.modelNumber,
    gamma: row.gamma,
    brand: row.brand,
    userId: row.userId,
    userEmail: row.userEmail,
    userFirstName: row.userFirstName,
    userLastName: row.userLastName,
    role: row.role,
    companyCode: row.companyCode,
    companyName: row.companyCode ? row.companyName : null,
    productName: row.applianceName,
  };
}

/**
 * The Manage Products tab (spec §2, §6): the brand's products as a table, the accounts a product may
 * be claimed for, and deleting a product. Claiming and unclaiming for an account are
 * `ApplianceService.claim`/`unclaim`. The routes let only ADMIN or the PRODUCTS profile through.
 */
export class ProductAdministrationService {
  constructor(
    private readonly products: ProductAdminRepository,
    private readonly accounts: AccountRepository,
    private readonly broker: TBroker,
    private readonly events: DomainEvents,
    /** Pages are kept until accounts, companies or products change (docs/administration.md). */
    private readonly cache: ApplianceReadCache,
    private readonly audit: AuditService,
  ) {}

  private key(caller: TAuthUser, query: TPageQuery): string {
    return `products\u0000${caller.brand}\u0000${query.q ?? ''}\u0000${query.sort}\u0000${query.order}\u0000${query.page}\u0000${query.size}`;
  }

  /** A kept page as JSON, or undefined: the route then answers without waiting for a promise. */
  keptPageJson(caller: TAuthUser, query: TPageQuery): Buffer | undefined {
    return this.cache.keptTable(this.key(caller, query));
  }

  /** One page of the table as the JSON the route answers: searched, sorted and counted in SQL. */
  async pageJson(caller: TAuthUser, query: TPageQuery): Promise<Buffer> {
    return this.cache.table(this.key(caller, query), async () => {
      const { rows, total } = await this.products.page(caller.brand, {
        words: searchWords(query.q),
        sort: query.sort,
        order: query.order,
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      return Buffer.from(serializePage({ items: rows.map(view), total, page: query.page, size: query.size }));
    });
  }

  /** Kitchen managers and service users of the brand whose columns hold every word of `q` (the claim picker). */
  async claimCandidates(caller: TAuthUser, q?: string): Promise<TClaimCandidate[]> {
    const rows = await this.accounts.claimCandidates(caller.brand, searchWords(q), CLAIM_CANDIDATES_LIMIT);
    return rows.map((u) => ({
      id: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
      companyName: u.companyName,
    }));
  }

  /**
   * Deletes a product of the caller's brand ("Product Deleted"): its MQTT identity is revoked (an
   * open connection ends), nobody holds it any more, and its records stay for the HACCP retention
   * period (`ProductAdminRepository.delete`). 404 APPLIANCE_NOT_FOUND for an unknown or already
   * deleted product.
   */
  async deleteProduct(caller: TAuthUser, serialNumber: string): Promise<void> {
    const outcome = await this.products.delete(caller.brand, serialNumber, (t, { importId, ...was }) =>
      this.audit.record(
        caller,
        {
          action: 'product.delete',
          target: { kind: 'product', id: serialNumber, label: serialNumber },
          serialNumber,
          // The import that added it, which the trail's machine filter still finds once the product is erased.
          before: importId ? { ...was, importId } : was,
          after: null,
        },
        t,
      ),
    );
    if (outcome === 'missing') throw new AppError('APPLIANCE_NOT_FOUND');
    this.events.emit('deviceRevoked', { serial: serialNumber });
    await this.broker.revokeDevice(serialNumber);
    this.events.emit('appliancesChanged', { brand: caller.brand, serials: [serialNumber] });
  }
}
