import { canManageCustomers, type TBrandCode } from '@washboard/contracts';
import { AppError } from '../errors';
import type { TAuthUser } from '../auth/token.service';
import type { AccountRepository } from '../account/account.repository';
import type { CompanyRepository, TCompany } from './company.repository';

/** The companies whose records (customers, settings profiles) a caller manages: ids, or the whole brand. */
export type TManagedCompanies = string[] | 'brand';

/**
 * What a service user manages of its company's records (docs/customers.md): a SERVICE user those of
 * its own company, a SERVICE_MANAGER those of its company and every company below it, an ADMIN the
 * brand's. Kitchen managers manage none (403).
 */
export class CompanyScope {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly companies: CompanyRepository,
  ) {}

  /** The companies `user` manages; 403 FORBIDDEN for a role that manages none. */
  async managed(user: Pick<TAuthUser, 'id' | 'brand' | 'role'>): Promise<TManagedCompanies> {
    if (!canManageCustomers(user)) throw new AppError('FORBIDDEN');
    if (user.role === 'ADMIN') return 'brand';
    const own = await this.own(user);
    if (!own) return [];
    if (user.role === 'SERVICE') return [own.id];
    return this.companies.subtreeIds(user.brand, own.code);
  }

  /**
   * The company a new record goes to: `code` when given and managed by `user` (else 404
   * COMPANY_NOT_FOUND), else the caller's own company (409 COMPANY_REQUIRED without one).
   */
  async target(user: Pick<TAuthUser, 'id' | 'brand' | 'role'>, code: string | undefined): Promise<TCompany> {
    const managed = await this.managed(user);
    if (code === undefined) {
      const own = await this.own(user);
      if (!own) throw new AppError('COMPANY_REQUIRED');
      return own;
    }
    const company = await this.companies.findByCode(user.brand, code);
    if (!company || !includes(managed, company.id)) throw new AppError('COMPANY_NOT_FOUND');
    return company;
  }

  /** Ids of the company with `code` and of every company above it: the companies that serve its machines. */
  async servingIds(brand: TBrandCode, code: string | null): Promise<string[]> {
    const company = code ? await this.companies.findByCode(brand, code) : undefined;
    return company ? this.companies.lineageIds(company.id) : [];
  }

  private async own(user: Pick<TAuthUser, 'id'>): Promise<TCompany | undefined> {
    const me = await this.accounts.findById(user.id);
    return me?.companyId ? this.companies.findById(me.companyId) : undefined;
  }
}

/** True when `companyId` is among the managed companies. */
export function includes(managed: TManagedCompanies, companyId: string): boolean {
  return managed === 'brand' || managed.includes(companyId);
}
