import {
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_MINUTES,
  COMPANY_CODE_LENGTH,
  PASSWORD_PATTERN,
  type TAdminProfile,
  type TAdminUser,
  type TBrandCode,
  type TLanguage,
  type TPendingUser,
  type TRegistrationRequest,
  type TRole,
  type TUpdateUserRequest,
  type TUserProfile,
} from '@washboard/contracts';
import { AppError } from '../errors';
import type { CompanyRepository } from '../company/company.repository';
import type { CompanyService } from '../company/company.service';
import type { Mailer } from '../mail/mailer';
import type { BackgroundWork } from '../http/background';
import type { SessionEvents } from '../auth/session-events';
import { renderMail, type TMailKind } from '../mail/mail-templates';
import type { TokenService, TAuthUser } from '../auth/token.service';
import { randomDigits, randomToken, sameHash, sha256 } from '../auth/secrets';
import { hashPassword, verifyPassword } from './password';
import type { AccountRepository, TUser, TUserWithCompany } from './account.repository';
import type { SignupCodeRepository } from './signup-code.repository';

/** A reset link is valid for an hour. */
const RESET_LINK_MINUTES = 60;
/** A signup code for a new service partner is valid for 14 days. */
const SIGNUP_CODE_DAYS = 14;

/** Verification codes are four digits: salting with the account id keeps equal codes apart. */
function codeHash(userId: string, code: string): string {
  return sha256(`${userId}:${code}`);
}
function signupCodeHash(brand: TBrandCode, code: string): string {
  return sha256(`signup:${brand}:${code}`);
}

/** Registration, verification, passwords, profile and approval: the rules of spec §4–§6. */
export class AccountService {
  /** A hash to verify against when the account does not exist, so both take the same time. */
  private readonly dummyHash = hashPassword('Dummy-password-1');

  constructor(
    private readonly accounts: AccountRepository,
    private readonly companies: CompanyRepository,
    private readonly companyService: CompanyService,
    private readonly signupCodes: SignupCodeRepository,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly background: BackgroundWork,
    private readonly sessions: SessionEvents,
  ) {}

  /** Password grant: the account of `brand` with this e-mail and password, if it may sign in. */
  async signIn(brand: TBrandCode, email: string, password: string, clientId: string) {
    const user = await this.accounts.findByEmail(brand, email);
    const ok = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), password);
    if (!user || !ok || user.status === 'DELETED') throw new AppError('INVALID_CREDENTIALS');
    if (user.status === 'INACTIVE') throw new AppError('ACCOUNT_INACTIVE');
    if (user.status === 'PENDING_APPROVAL') throw new AppError('ACCOUNT_PENDING_APPROVAL');
    return this.tokens.issue(user, clientId);
  }

  refresh(refreshToken: string, clientId: string) {
    return this.tokens.rotate(refreshToken, clientId, (id) => this.accounts.findById(id));
  }

  /** Logout: the refresh token's family is revoked. */
  revoke(refreshToken: string) {
    return this.tokens.revoke(refreshToken);
  }

  /**
   * Creates an INACTIVE account and mails its verification code. SERVICE joins the company of
   * `companyCode`; SERVICE_MANAGER founds `companyName` under the service partner `parentCompanyCode`,
   * or as a new service partner with a `signupCode`.
   *
   * An address that already has an account gets the same answer (no enumeration); its owner gets a
   * mail saying someone tried to register with it. Every check the answer depends on runs first, the
   * same way for both; mails leave off the request path.
   */
  async register(brand: TBrandCode, request: TRegistrationRequest): Promise<void> {
    const passwordHash = await hashPassword(request.password);
    let parentCode: string | null = null;
    let companyId: string | undefined;
    if (request.role === 'SERVICE') {
      const company = await this.companies.findByCode(brand, request.companyCode ?? '');
      if (!company) throw new AppError('COMPANY_CODE_UNKNOWN');
      companyId = company.id;
    } else if (request.role === 'SERVICE_MANAGER') {
      if (request.parentCompanyCode) {
        const partner = await this.companies.findByCode(brand, request.parentCompanyCode);
        if (!partner) throw new AppError('PARENT_COMPANY_CODE_UNKNOWN');
        parentCode = partner.code;
      } else if (!(await this.signupCodes.isLive(brand, signupCodeHash(brand, request.signupCode ?? '')))) {
        throw new AppError('SIGNUP_CODE_UNKNOWN');
      }
    }
    const existing = await this.accounts.findByEmail(brand, request.email);
    if (existing) {
      this.background.run('registration of a taken address', () =>
        this.mail(existing, 'emailTaken', { link: new URL('/login', this.publicUrl).toString() }),
      );
      return;
    }
    if (request.role === 'SERVICE_MANAGER') {
      if (!parentCode && !(await this.signupCodes.use(brand, signupCodeHash(brand, request.signupCode ?? '')))) {
        throw new AppError('SIGNUP_CODE_UNKNOWN');
      }
      const company = await this.companyService.createCompany(brand, request.companyName ?? '', parentCode);
      companyId = company.id;
    }
    const user = await this.accounts.insert({
      brand,
      email: request.email,
      passwordHash,
      role: request.role,
      status: 'INACTIVE',
      companyId,
      firstName: request.firstName,
      lastName: request.lastName,
      language: request.language,
      userDetails: { ...request.userDetails, acceptedAt: new Date().toISOString() },
    });
    this.background.run('verification code', () => this.sendCode(user));
  }

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

  /**
   * Mails a new code to an INACTIVE account; silent for any other address, and answered before the
   * address is even looked up, so neither the answer nor its time tells them apart.
   */
  resendCode(brand: TBrandCode, email: string): void {
    this.background.run('verification code again', async () => {
      const user = await this.accounts.findByEmail(brand, email);
      if (user?.status === 'INACTIVE') await this.sendCode(user);
    });
  }

  private async sendCode(user: TUser): Promise<void> {
    const code = randomDigits(VERIFICATION_CODE_LENGTH);
    await this.accounts.replaceVerificationCode(
      user.id,
      codeHash(user.id, code),
      new Date(Date.now() + VERIFICATION_CODE_TTL_MINUTES * 60_000),
    );
    await this.mail(user, 'verificationCode', { code });
  }

  /**
   * Checks the e-mailed code of the account `email`. Right: kitchen managers become ACTIVE, service
   * roles PENDING_APPROVAL. Wrong five times: the code is void and a new one must be requested.
   */
  async checkCode(brand: TBrandCode, email: string, code: string): Promise<void> {
    const user = await this.accounts.findByEmail(brand, email);
    if (!user || user.status !== 'INACTIVE') throw new AppError('VERIFICATION_CODE_INVALID');
    const live = await this.accounts.liveVerificationCode(user.id);
    if (!live) throw new AppError('VERIFICATION_CODE_INVALID');
    if (live.failedAttempts >= VERIFICATION_CODE_MAX_ATTEMPTS) throw new AppError('VERIFICATION_CODE_VOID');
    if (live.expiresAt.getTime() <= Date.now()) throw new AppError('VERIFICATION_CODE_EXPIRED');
    if (!sameHash(live.codeHash, codeHash(user.id, code))) {
      const failed = await this.accounts.failVerificationCode(live.id);
      throw new AppError(failed >= VERIFICATION_CODE_MAX_ATTEMPTS ? 'VERIFICATION_CODE_VOID' : 'VERIFICATION_CODE_INVALID');
    }
    await this.accounts.consumeVerificationCode(live.id);
    const next = user.role === 'KITCHEN_MANAGER' ? 'ACTIVE' : 'PENDING_APPROVAL';
    await this.accounts.transition(user.id, 'INACTIVE', next);
    if (next === 'PENDING_APPROVAL') await this.mail(user, 'pendingApproval');
  }

  /**
   * Mails a reset link when the address has an account. The caller is answered before the address is
   * looked up: the same answer in the same time for every address.
   */
  requestReset(brand: TBrandCode, email: string): void {
    this.background.run('password reset link', async () => {
      const user = await this.accounts.findByEmail(brand, email);
      if (!user || user.status === 'DELETED') return;
      const token = randomToken();
      await this.accounts.insertResetToken(user.id, sha256(token), new Date(Date.now() + RESET_LINK_MINUTES * 60_000));
      const link = new URL('/changepassword', this.publicUrl);
      link.searchParams.set('token', token);
      link.searchParams.set('email', user.email);
      await this.mail(user, 'passwordReset', { link: link.toString() });
    });
  }

  /** Sets a new password from a reset link; every session of the account ends. */
  async resetPassword(brand: TBrandCode, email: string, token: string, newPassword: string): Promise<void> {
    const user = await this.accounts.findByEmail(brand, email);
    const invalid = new AppError('RESET_TOKEN_INVALID');
    if (!user || user.status === 'DELETED') throw invalid;
    const userId = await this.accounts.useResetToken(sha256(token));
    if (userId !== user.id) throw invalid;
    await this.accounts.update(user.id, { passwordHash: await hashPassword(newPassword) });
    await this.tokens.revokeUser(user.id, 'password');
  }

  /** Signed-in password change; the current password is required. */
  async changePassword(caller: TAuthUser, currentPassword: string, newPassword: string): Promise<void> {
    const user = await this.accounts.findById(caller.id);
    if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) throw new AppError('INVALID_CREDENTIALS');
    await this.accounts.update(user.id, { passwordHash: await hashPassword(newPassword) });
  }

  async profile(caller: TAuthUser): Promise<TUserProfile> {
    const user = await this.accounts.findById(caller.id);
    if (!user || user.status === 'DELETED') throw new AppError('UNAUTHORIZED');
    return toProfile(user);
  }

  async updateProfile(caller: TAuthUser, changes: TUpdateUserRequest): Promise<TUserProfile> {
    await this.accounts.update(caller.id, changes);
    return this.profile(caller);
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
    await this.mail(user, accepted ? 'accountApproved' : 'accountRejected');
  }

  /** Issues a one-time six-digit code for a new service partner (wizard step 9). */
  async issueSignupCode(caller: TAuthUser): Promise<{ signupCode: string; expiresAt: string }> {
    const expiresAt = new Date(Date.now() + SIGNUP_CODE_DAYS * 86_400_000);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const code = randomDigits(COMPANY_CODE_LENGTH);
      if (await this.signupCodes.isLive(caller.brand, signupCodeHash(caller.brand, code))) continue;
      if (await this.signupCodes.insert(caller.brand, signupCodeHash(caller.brand, code), expiresAt, caller.id)) {
        return { signupCode: code, expiresAt: expiresAt.toISOString() };
      }
    }
    throw new Error('no free signup code');
  }

  /**
   * The administration's user table: every account of the caller's brand except DELETED ones;
   * `q` keeps the rows where each of its words appears in some column.
   */
  async listUsers(caller: TAuthUser, q?: string): Promise<TAdminUser[]> {
    const words = (q ?? '').split(/\s+/).filter(Boolean);
    const rows = await this.accounts.adminList(caller.brand, words);
    return rows.map((u) => ({
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
    }));
  }

  /** Deletes an account (status DELETED): it can no longer sign in and its sessions end now. */
  async deleteUser(caller: TAuthUser, userId: string): Promise<void> {
    const user = await this.manageableUser(caller, userId);
    if (!(await this.accounts.markDeleted(user.id))) throw new AppError('USER_NOT_FOUND');
    await this.tokens.revokeUser(user.id, 'deleted');
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
    await this.accounts.update(user.id, company ? { role: targetRole, companyId: company.id } : { role: targetRole });
    // The role rides in the access token: the user's tokens end now and the next refresh carries the new one.
    this.tokens.endAccessTokens(user.id);
  }

  /** Activates an INACTIVE or PENDING_APPROVAL account on an admin's word, and tells the user. */
  async activateUser(caller: TAuthUser, userId: string): Promise<void> {
    const user = await this.manageableUser(caller, userId);
    if (user.status === 'ACTIVE') throw new AppError('USER_ALREADY_ACTIVE');
    // The status is re-checked in the update: a concurrent change (a rejection, say) wins.
    if (!(await this.accounts.transition(user.id, user.status, 'ACTIVE'))) throw new AppError('CONFLICT');
    await this.mail(user, 'accountApproved');
  }

  /** Moves an account to the company `companyCode` of the same brand. */
  async updateCompany(caller: TAuthUser, userId: string, companyCode: string): Promise<void> {
    const user = await this.manageableUser(caller, userId);
    const company = await this.companyOfBrand(caller.brand, companyCode);
    await this.accounts.update(user.id, { companyId: company.id });
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
    await this.accounts.update(user.id, { administrationProfile: profiles });
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

  private async mail(user: TUser, kind: TMailKind, extra: { code?: string; link?: string } = {}): Promise<void> {
    await this.mailer.enqueue(
      user.brand,
      user.email,
      renderMail(kind, { brand: user.brand, lang: user.language as TLanguage, firstName: user.firstName, ...extra }),
    );
  }
}

export function toProfile(user: TUserWithCompany): TUserProfile {
  return {
    idpUserId: user.id,
    email: user.email,
    brand: user.brand,
    role: user.role,
    status: user.status,
    administrationProfile: user.administrationProfile,
    companyCode: user.companyCode,
    companyName: user.companyName,
    firstName: user.firstName,
    lastName: user.lastName,
    address: user.address,
    houseNumber: user.houseNumber,
    city: user.city,
    postalCode: user.postalCode,
    country: user.country,
    phone: user.phone,
    mobile: user.mobile,
    language: user.language,
    weeklyReport: user.weeklyReport,
    thresholdNotifications: user.thresholdNotifications,
    alarmNotifications: user.alarmNotifications,
    userDetails: user.userDetails ?? null,
  };
}
