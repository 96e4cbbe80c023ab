import { serializerCompiler } from 'fastify-type-provider-zod';
import {
  PASSWORD_PATTERN,
  ZAdminUsersPage,
  type TAdminProfile,
  type TAdminUser,
  type TAdminUsersPage,
  type TAdminUserSort,
  type TBrandCode,
  type TLanguage,
  type TPendingUser,
  type TRole,
  type TUserStatus,
} from '@washboard/contracts';
import { AppError } from '../errors';
import { searchWords } from '../db/like';
import type { CompanyRepository } from '../company/company.repository';
import type { Mailer } from '../mail/mailer';
import type { SessionEvents } from '../auth/session-events';
import type { AuditService, TAuditEntry } from '../audit/audit.service';
import type { Transactions, TTransaction } from '../db/transaction';
import type { TokenService, TAuthUser } from '../auth/token.service';
import { hashPassword } from './password';
import { mailAccount } from './account-mail';
import type { AccountRepository, TUser, TUserWithCompany } from './account.repository';
import type { ApplianceReadCache } from '../appliance/read-cache';
import type { InspectorLinkRepository } from '../haccp/inspector/inspector-link.repository';
import { recordLinkRevocations } from '../appliance/appliance.service';

type TUsersPageQuery = {
  q?: string;
  status?: Exclude<TUserStatus, 'DELETED'>;
  role?: TRole;
  sort: TAdminUserSort;
  order: 'asc' | 'desc';
  page: number;
  size: number;
};

/** A page of the user table, serialised (and checked) as the route's own serializer would with its response schema. */
const serializeUsersPage = serializerCompiler({ schema: ZAdminUsersPage, method: 'GET', url: '/api/v1/account/users/page' });

function usersPageKey(caller: TAuthUser, q: TUsersPageQuery): string {
  return ['users', caller.brand, q.q ?? '', q.status ?? '', q.role ?? '', q.sort, q.order, q.page, q.size].join('\u0000');
}

/** An audit entry about the account `user`: the changed values before and after. */
function accountEntry(
  action: TAuditEntry['action'],
  user: TUserWithCompany,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): TAuditEntry {
  return { action, target: { kind: 'account', id: user.id, label: user.email }, account: user.email, before, after };
}

function adminView(u: TUserWithCompany): TAdminUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    status: u.status,
    companyCode: u.companyCode,
    companyName: u.companyName,
    role: u.role,
    country: u.country,
    mobile: u.mobile,
    phone: u.phone,
    administrationProfile: u.administrationProfile,
    createdAt: u.createdAt.toISOString(),
  };
}

/**
 * Other people's accounts (spec §6–§7): approving pending users, the administration's user table and
 * its changes, and accounts an operator creates ready to use. The access rules beyond the route's
 * role or profile check live here (docs/accounts.md).
 */
export class UserAdministrationService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly companies: CompanyRepository,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly sessions: SessionEvents,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
    private readonly inspectorLinks: Pick<InspectorLinkRepository, 'revokeCreatedBy'>,
    /** Pages of the user table are kept until accounts, companies or products change (docs/administration.md). */
    private readonly cache?: ApplianceReadCache,
  ) {}

  /**
   * Creates an account that is ACTIVE from the start: one the operator hands out (the demo's), not
   * a registration, so no code is mailed. The password rule of registration applies; a service role
   * joins the company `companyCode` of the brand, other roles belong to none. 409 CONFLICT when the
   * address already has an account of the brand.
   */
  async createActiveAccount(
    brand: TBrandCode,
    account: {
      email: string;
      password: string;
      role: TRole;
      companyCode?: string;
      administrationProfile?: TAdminProfile[];
      firstName: string;
      lastName: string;
      language: TLanguage;
    },
  ): Promise<TUser> {
    if (!PASSWORD_PATTERN.test(account.password)) throw new AppError('VALIDATION_FAILED', { fields: 'password' });
    const serviceRole = account.role === 'SERVICE' || account.role === 'SERVICE_MANAGER';
    if (serviceRole !== (account.companyCode !== undefined)) throw new AppError('ROLE_NOT_ALLOWED');
    const company = account.companyCode === undefined ? undefined : await this.companyOfBrand(brand, account.companyCode);
    if (await this.accounts.findByEmail(brand, account.email)) throw new AppError('CONFLICT');
    return this.accounts.insert({
      brand,
      email: account.email,
      passwordHash: await hashPassword(account.password),
      role: account.role,
      status: 'ACTIVE',
      administrationProfile: account.administrationProfile ?? [],
      companyId: company?.id ?? null,
      firstName: account.firstName,
      lastName: account.lastName,
      language: account.language,
    });
  }

  /** Pending users the caller may decide on: an admin all of the brand, a service manager its company tree. */
  async pendingUsers(caller: TAuthUser): Promise<TPendingUser[]> {
    const rows = await this.accounts.pending(caller.brand, await this.decidableCompanies(caller));
    return rows.map((u) => ({
      id: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
      companyName: u.companyName,
      companyCode: u.companyCode,
      createdAt: u.createdAt.toISOString(),
    }));
  }

  /** Accepts (with a role) or rejects a pending user, and mails them either way. */
  async decide(caller: TAuthUser, pendingUserId: string, accepted: boolean, role?: 'SERVICE' | 'SERVICE_MANAGER'): Promise<void> {
    const user = await this.accounts.findById(pendingUserId);
    if (!user || user.brand !== caller.brand || user.status !== 'PENDING_APPROVAL') throw new AppError('USER_NOT_PENDING');
    const allowed = await this.decidableCompanies(caller);
    if (allowed && (!user.companyId || !allowed.includes(user.companyId))) throw new AppError('USER_NOT_PENDING');
    const moved = accepted
      ? await this.accounts.transition(user.id, 'PENDING_APPROVAL', 'ACTIVE', role ? { role } : {})
      : await this.accounts.transition(user.id, 'PENDING_APPROVAL', 'DELETED');
    if (!moved) throw new AppError('USER_NOT_PENDING');
    await mailAccount(this.mailer, user, accepted ? 'accountApproved' : 'accountRejected');
  }

  /**
   * The administration's user table: every account of the caller's brand except DELETED ones;
   * `q` keeps the rows where each of its words appears in some column.
   */
  async listUsers(caller: TAuthUser, q?: string): Promise<TAdminUser[]> {
    const rows = await this.accounts.adminList(caller.brand, searchWords(q));
    return rows.map(adminView);
  }

  /**
   * One page of the same table, filtered by status and role and sorted by `sort`: what the
   * administration screen shows for a brand of tens of thousands of accounts.
   */
  async usersPage(caller: TAuthUser, query: TUsersPageQuery): Promise<TAdminUsersPage> {
    const { rows, total } = await this.accounts.adminPage(caller.brand, {
      words: searchWords(query.q),
      status: query.status,
      role: query.role,
      sort: query.sort,
      order: query.order,
      offset: (query.page - 1) * query.size,
      limit: query.size,
    });
    return { items: rows.map(adminView), total, page: query.page, size: query.size };
  }

  /** A kept page of the user table as JSON, or undefined: the route then answers without waiting for a promise. */
  keptUsersPageJson(caller: TAuthUser, query: TUsersPageQuery): Buffer | undefined {
    return this.cache?.keptTable(usersPageKey(caller, query));
  }

  /** `usersPage` as the JSON the route answers, kept until the next change of accounts or companies. */
  async usersPageJson(caller: TAuthUser, query: TUsersPageQuery): Promise<Buffer> {
    const build = async () => Buffer.from(serializeUsersPage(await this.usersPage(caller, query)));
    return this.cache ? this.cache.table(usersPageKey(caller, query), build) : build();
  }

  /** Deletes an account (status DELETED): it can no longer sign in and its sessions end now. */
  async deleteUser(caller: TAuthUser, userId: string): Promise<void> {
    const user = await this.manageableUser(caller, userId);
    await this.transactions.run(async (t) => {
      if (!(await this.accounts.in(t).markDeleted(user.id))) throw new AppError('USER_NOT_FOUND');
      await this.audit.record(caller, accountEntry('account.delete', user, { status: user.status }, { status: 'DELETED' }), t);
      await this.revokeInspectorLinks(t, caller, user.id);
    });
    await this.tokens.revokeUser(user.id, 'deleted');
  }

  /**
   * The account's inspector links that still work are revoked by `caller` (each audited): a link is
   * the disclosure of whoever made it, with the access they had then, and an account deleted or
   * given another role or company no longer answers for it (docs/hygiene.md, "Inspector links").
   */
  private async revokeInspectorLinks(t: TTransaction, caller: TAuthUser, userId: string): Promise<void> {
    const revoked = await this.inspectorLinks.revokeCreatedBy(t, userId, caller.id);
    await recordLinkRevocations(this.audit, t, caller, revoked, 'creator-changed');
  }

  /**
   * Gives an account another role, and the company `companyCode` when given. Only an ADMIN makes
   * admins; a service role needs a company, either the one the user has or the one given.
   */
  async updateRole(caller: TAuthUser, userId: string, targetRole: TRole, companyCode?: string): Promise<void> {
    if (targetRole === 'ADMIN' && caller.role !== 'ADMIN') throw new AppError('FORBIDDEN');
    const user = await this.manageableUser(caller, userId);
    const company = companyCode === undefined ? undefined : await this.companyOfBrand(caller.brand, companyCode);
    const needsCompany = targetRole === 'SERVICE' || targetRole === 'SERVICE_MANAGER';
    if (needsCompany && !company && !user.companyId) throw new AppError('ROLE_NOT_ALLOWED');
    await this.transactions.run(async (t) => {
      await this.accounts.in(t).update(user.id, company ? { role: targetRole, companyId: company.id } : { role: targetRole });
      const entry =
        company && company.code !== user.companyCode
          ? accountEntry(
              'account.role',
              user,
              { role: user.role, company: user.companyCode },
              { role: targetRole, company: company.code },
            )
          : accountEntry('account.role', user, { role: user.role }, { role: targetRole });
      await this.audit.record(caller, entry, t);
      if (targetRole !== user.role || (company && company.id !== user.companyId))
        await this.revokeInspectorLinks(t, caller, user.id);
    });
    // The role rides in the access token: the user's tokens end now and the next refresh carries the new one.
    this.tokens.endAccessTokens(user.id);
  }

  /** Activates an INACTIVE or PENDING_APPROVAL account on an admin's word, and tells the user. */
  async activateUser(caller: TAuthUser, userId: string): Promise<void> {
    const user = await this.manageableUser(caller, userId);
    if (user.status === 'ACTIVE') throw new AppError('USER_ALREADY_ACTIVE');
    // The status is re-checked in the update: a concurrent change (a rejection, say) wins.
    await this.transactions.run(async (t) => {
      if (!(await this.accounts.in(t).transition(user.id, user.status, 'ACTIVE'))) throw new AppError('CONFLICT');
      await this.audit.record(caller, accountEntry('account.activate', user, { status: user.status }, { status: 'ACTIVE' }), t);
    });
    await mailAccount(this.mailer, user, 'accountApproved');
  }

  /** Moves an account to the company `companyCode` of the same brand. */
  async updateCompany(caller: TAuthUser, userId: string, companyCode: string): Promise<void> {
    const user = await this.manageableUser(caller, userId);
    const company = await this.companyOfBrand(caller.brand, companyCode);
    await this.transactions.run(async (t) => {
      await this.accounts.in(t).update(user.id, { companyId: company.id });
      const before = { company: user.companyCode, companyName: user.companyName };
      await this.audit.record(
        caller,
        accountEntry('account.company', user, before, { company: company.code, companyName: company.name }),
        t,
      );
      if (company.id !== user.companyId) await this.revokeInspectorLinks(t, caller, user.id);
    });
    this.sessions.accessChanged(user.id);
  }

  /**
   * Replaces an account's administration profiles. A caller who is not an ADMIN may only grant or
   * withdraw profiles it holds itself, so the ACCOUNTS profile cannot hand out more than it has.
   */
  async updateAdministrationProfile(caller: TAuthUser, userId: string, profiles: TAdminProfile[]): Promise<void> {
    const user = await this.manageableUser(caller, userId);
    if (caller.role !== 'ADMIN') {
      const changed = [
        ...profiles.filter((p) => !user.administrationProfile.includes(p)),
        ...user.administrationProfile.filter((p) => !profiles.includes(p)),
      ];
      if (changed.some((p) => !caller.administrationProfile.includes(p))) throw new AppError('FORBIDDEN');
    }
    await this.transactions.run(async (t) => {
      await this.accounts.in(t).update(user.id, { administrationProfile: profiles });
      const entry = accountEntry(
        'account.profiles',
        user,
        { administrationProfile: user.administrationProfile },
        { administrationProfile: [...new Set(profiles)] },
      );
      await this.audit.record(caller, entry, t);
    });
    this.tokens.endAccessTokens(user.id);
  }

  /**
   * The account an administration call may act on: of the caller's brand and not DELETED (else
   * 404, as if it did not exist), not the caller's own, and an ADMIN only for an ADMIN.
   */
  private async manageableUser(caller: TAuthUser, userId: string): Promise<TUserWithCompany> {
    const user = await this.accounts.findById(userId);
    if (!user || user.brand !== caller.brand || user.status === 'DELETED') throw new AppError('USER_NOT_FOUND');
    if (user.id === caller.id) throw new AppError('OWN_ACCOUNT_NOT_ALLOWED');
    if (user.role === 'ADMIN' && caller.role !== 'ADMIN') throw new AppError('FORBIDDEN');
    return user;
  }

  private async companyOfBrand(brand: TBrandCode, code: string) {
    const company = await this.companies.findByCode(brand, code);
    if (!company) throw new AppError('COMPANY_NOT_FOUND');
    return company;
  }

  /** undefined: every company of the brand (admin); else the ids of the caller's company tree. */
  private async decidableCompanies(caller: TAuthUser): Promise<string[] | undefined> {
    if (caller.role === 'ADMIN') return undefined;
    if (caller.role !== 'SERVICE_MANAGER') throw new AppError('FORBIDDEN');
    const me = await this.accounts.findById(caller.id);
    if (!me?.companyCode) return [];
    return this.companies.subtreeIds(caller.brand, me.companyCode);
  }
}
