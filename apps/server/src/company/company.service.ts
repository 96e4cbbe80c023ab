import {
  COMPANY_CODE_LENGTH,
  hasAdminProfile,
  type TBrandCode,
  type TCompany as TCompanyView,
  type TCompanyNode,
  type TCompanyTreeNode,
  type TRelatedCompanies,
} from '@washboard/contracts';
import { AppError } from '../errors';
import type { AccountRepository } from '../account/account.repository';
import type { TAuthUser } from '../auth/token.service';
import { randomDigits } from '../auth/secrets';
import type { AuditService, TAuditActor, TAuditEntry } from '../audit/audit.service';
import type { Transactions } from '../db/transaction';
import type { CompanyRepository, TCompany } from './company.repository';

/** An audit entry about `company` (its code; labelled with its name as it was). */
function companyEntry(
  action: TAuditEntry['action'],
  company: TCompany,
  before: TAuditEntry['before'],
  after: TAuditEntry['after'],
): TAuditEntry {
  return { action, target: { kind: 'company', id: company.code, label: company.name }, before, after };
}

function view(company: TCompany): TCompanyView {
  return { code: company.code, name: company.name, parentCode: company.parentCode };
}

/**
 * Companies as trees, children in the order given: below `root` only, or one tree per company
 * without a (known) parent. Codes are unique and a parent must exist when a company is created, so
 * the data has no cycles; the visited set keeps a damaged row from looping forever all the same.
 */
function forest<TIn extends TCompany, TOut>(all: TIn[], grow: (company: TIn, children: TOut[]) => TOut, root?: TIn): TOut[] {
  const byParent = new Map<string, TIn[]>();
  for (const company of all) {
    if (!company.parentCode) continue;
    byParent.set(company.parentCode, [...(byParent.get(company.parentCode) ?? []), company]);
  }
  const visited = new Set<string>();
  const node = (company: TIn): TOut => {
    visited.add(company.code);
    const children = (byParent.get(company.code) ?? []).filter((c) => !visited.has(c.code));
    return grow(company, children.map(node));
  };
  if (root) return [node(root)];
  const codes = new Set(all.map((c) => c.code));
  return all.filter((c) => !c.parentCode || !codes.has(c.parentCode)).map(node);
}

/** The company calls of spec §7: creation, the caller's related companies, the hierarchy, rename, delete. */
export class CompanyService {
  constructor(
    private readonly companies: CompanyRepository,
    private readonly accounts: AccountRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
  ) {}

  /** Every company of the brand (the administration's list): code, name and the company above it. */
  async ofBrand(brand: TBrandCode): Promise<TCompanyView[]> {
    return (await this.companies.list(brand)).map((c) => ({ code: c.code, name: c.name, parentCode: c.parentCode }));
  }

  /**
   * Creates a company under the company `parentCode` of the brand (404 when there is none), with
   * `code` (409 when taken) or a fresh six-digit code (retrying on the rare collision). Made by an
   * administrator (`actor`), the creation is recorded in the audit trail; a registration's or the
   * demo's is not.
   */
  async createCompany(
    brand: TBrandCode,
    name: string,
    parentCode: string | null,
    code?: string,
    actor?: TAuditActor,
  ): Promise<TCompany> {
    if (parentCode && !(await this.companies.findByCode(brand, parentCode))) throw new AppError('NOT_FOUND');
    if (code && (await this.companies.findByCode(brand, code))) throw new AppError('CONFLICT');
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = code ?? randomDigits(COMPANY_CODE_LENGTH);
      if (!code && (candidate.startsWith('0') || (await this.companies.findByCode(brand, candidate)))) continue;
      return this.transactions.run(async (t) => {
        const company = await this.companies.in(t).insert({ brand, name, code: candidate, parentCode });
        if (actor) await this.audit.record(actor, companyEntry('company.create', company, null, { name, parentCode }), t);
        return company;
      });
    }
    throw new Error('no free company code');
  }

  /**
   * The caller's company, the service partner above it and the companies directly below it. A
   * caller without a company (a kitchen manager, usually an admin) gets nulls and no children.
   */
  async related(caller: TAuthUser): Promise<TRelatedCompanies> {
    const company = await this.companyOf(caller);
    if (!company) return { company: null, parent: null, children: [] };
    const parent = company.parentCode ? await this.companies.findByCode(caller.brand, company.parentCode) : undefined;
    const children = await this.companies.children(caller.brand, company.code);
    return { company: view(company), parent: parent ? view(parent) : null, children: children.map(view) };
  }

  /**
   * The caller's company with everything below it, as a one-tree forest (none without a company).
   * An ADMIN or a holder of the COMPANIES profile, who manage every company of the brand, get the
   * brand's whole forest: one tree per company without a (known) parent.
   */
  async hierarchy(caller: TAuthUser): Promise<TCompanyNode[]> {
    const all = await this.companies.list(caller.brand);
    const grow = (company: TCompany, children: TCompanyNode[]): TCompanyNode => ({ ...view(company), children });
    if (hasAdminProfile(caller, 'COMPANIES')) return forest(all, grow);
    const own = await this.companyOf(caller);
    const root = own && all.find((c) => c.id === own.id);
    return root ? forest(all, grow, root) : [];
  }

  /**
   * The administration's tree: every company of the brand, each with its accounts (not DELETED)
   * and the machines it services, one tree per company without a (known) parent.
   */
  async tree(brand: TBrandCode): Promise<TCompanyTreeNode[]> {
    const all = await this.companies.listWithCounts(brand);
    return forest(all, (company, children) => ({ ...view(company), users: company.users, machines: company.machines, children }));
  }

  /** Renames a company of the caller's brand. */
  async rename(caller: TAuthUser, code: string, name: string): Promise<void> {
    const company = await this.companies.findByCode(caller.brand, code);
    if (!company) throw new AppError('COMPANY_NOT_FOUND');
    await this.transactions.run(async (t) => {
      await this.companies.in(t).rename(company.id, name);
      await this.audit.record(caller, companyEntry('company.rename', company, { name: company.name }, { name }), t);
    });
  }

  /**
   * Deletes a company of the caller's brand, refused (409) while accounts or companies below it
   * still reference it: they would be left pointing at nothing.
   */
  async remove(caller: TAuthUser, code: string): Promise<void> {
    const company = await this.companies.findByCode(caller.brand, code);
    if (!company) throw new AppError('COMPANY_NOT_FOUND');
    await this.transactions.run(async (t) => {
      const outcome = await this.companies.in(t).deleteIfUnused(company);
      if (outcome === 'users') throw new AppError('COMPANY_HAS_USERS');
      if (outcome === 'children') throw new AppError('COMPANY_HAS_CHILDREN');
      if (outcome === 'appliances') throw new AppError('COMPANY_NOT_EMPTY');
      const before = { name: company.name, parentCode: company.parentCode };
      await this.audit.record(caller, companyEntry('company.delete', company, before, null), t);
    });
  }

  private async companyOf(caller: TAuthUser): Promise<TCompany | undefined> {
    const me = await this.accounts.findById(caller.id);
    return me?.companyId ? this.companies.findById(me.companyId) : undefined;
  }
}
