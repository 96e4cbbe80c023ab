import {
  COMPANY_CODE_LENGTH,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_MINUTES,
  type TBrandCode,
  type TRegistrationRequest,
} from '@washboard/contracts';
import { AppError } from '../errors';
import type { CompanyRepository } from '../company/company.repository';
import type { CompanyService } from '../company/company.service';
import type { Mailer } from '../mail/mailer';
import type { BackgroundWork } from '../http/background';
import type { TokenService, TAuthUser } from '../auth/token.service';
import { randomDigits, randomToken, sameHash, sha256 } from '../auth/secrets';
import { hashPassword } from './password';
import { mailAccount } from './account-mail';
import type { AccountRepository, TUser } from './account.repository';
import type { SignupCodeRepository } from './signup-code.repository';
import { appLink, type TLinkBase } from '../http/app-link';
import { quoted } from '../mail/quoted';

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

/**
 * Registration and what hangs off it without signing in (spec §4–§5): the account, its e-mailed
 * verification code, password-reset links, and the signup codes that let a new service partner
 * register. Answers that could tell addresses apart are the same for all; mails leave off the request path.
 */
export class RegistrationService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly companies: CompanyRepository,
    private readonly companyService: CompanyService,
    private readonly signupCodes: SignupCodeRepository,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly links: TLinkBase,
    private readonly background: BackgroundWork,
  ) {}

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
        mailAccount(this.mailer, existing, 'emailTaken', { link: appLink(this.links, existing.brand, '/login') }),
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
    await mailAccount(this.mailer, user, 'verificationCode', { code });
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
    if (next === 'PENDING_APPROVAL') {
      await mailAccount(this.mailer, user, 'pendingApproval');
      this.background.run('approval request', () => this.mailApprovers(user));
    }
  }

  /**
   * Tells whoever may decide on `user` that a request waits: the service managers of its company and
   * of the companies above it, or the brand's admins when there are none (a new service partner).
   * What the registrant typed is quoted on one short line: a name cannot add paragraphs or a long
   * message to a mail sent in our name.
   */
  private async mailApprovers(user: TUser): Promise<void> {
    const company = user.companyId ? await this.companies.findById(user.companyId) : undefined;
    const approvers = await this.accounts.approvers(user.brand, company ? await this.companies.lineageIds(company.id) : []);
    const extra = {
      link: appLink(this.links, user.brand, '/pendingusers'),
      applicant: `${quoted(user.firstName, 40)} ${quoted(user.lastName, 40)} (${user.email})`,
      company: quoted(company?.name ?? '', 60),
    };
    for (const approver of approvers) await mailAccount(this.mailer, approver, 'approvalRequested', extra);
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
      const query = new URLSearchParams({ token, email: user.email });
      const link = appLink(this.links, user.brand, `/changepassword?${query.toString()}`);
      await mailAccount(this.mailer, user, 'passwordReset', { link });
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
}
