import {
  isServiceRole,
  SERVICE_PIN_MAX_ATTEMPTS,
  SERVICE_PIN_RESET_MINUTES,
  SERVICE_SESSION_MINUTES,
  type TServicePinState,
  type TServiceSession,
} from '@washboard/contracts';
import { AppError } from '../errors';
import type { TAuthUser } from '../auth/token.service';
import { randomToken, sha256 } from '../auth/secrets';
import { hashPassword, verifyPassword } from '../account/password';
import { mailAccount } from '../account/account-mail';
import type { AccountRepository } from '../account/account.repository';
import type { Mailer } from '../mail/mailer';
import { appLink, type TLinkBase } from '../http/app-link';
import type { AuditService, TAuditEntry } from '../audit/audit.service';
import type { ServicePinRepository } from './service-pin.repository';

/** The least time between two PIN reset mails of one account. */
const RESET_MAIL_GAP_MS = 60_000;

/**
 * The service PIN and the service sessions it opens (docs/service-menu.md). Each service account
 * (SERVICE, SERVICE_MANAGER, ADMIN) sets a PIN of 4–6 digits, kept as an argon2id hash like a
 * password; entering it opens a service session of SERVICE_SESSION_MINUTES, carried by an opaque
 * token the client sends in `X-Service-Session` (kept hashed, one per account). SERVICE_PIN_MAX_ATTEMPTS
 * wrong PINs in a row lock it until it is reset through an e-mailed link.
 */
export class ServicePinService {
  constructor(
    private readonly pins: ServicePinRepository,
    private readonly accounts: AccountRepository,
    private readonly mailer: Mailer,
    private readonly audit: AuditService,
    private readonly links: TLinkBase,
  ) {}

  /** Whether the caller has a PIN, whether it is locked and how many tries are left. */
  async state(user: TAuthUser): Promise<TServicePinState> {
    requireServiceRole(user);
    const row = await this.pins.find(user.id);
    if (!row) return { isSet: false, locked: false, attemptsLeft: SERVICE_PIN_MAX_ATTEMPTS };
    return {
      isSet: true,
      locked: row.lockedAt !== null,
      attemptsLeft: Math.max(0, SERVICE_PIN_MAX_ATTEMPTS - row.failedAttempts),
    };
  }

  /**
   * Sets the caller's PIN. A first PIN needs nothing more; changing one needs an open service
   * session (the old PIN was just entered), so a borrowed signed-in phone cannot change it.
   */
  async set(user: TAuthUser, pin: string, sessionToken: string | undefined): Promise<void> {
    requireServiceRole(user);
    const row = await this.pins.find(user.id);
    if (row) await this.requireSession(user, sessionToken);
    await this.pins.set(user.id, await hashPassword(pin));
    await this.record(user, 'service.pin-set');
  }

  /**
   * Opens a service session with the right PIN. Each try is counted before the PIN is checked
   * (parallel guesses cannot pass the limit); a right one starts the count again, and the last
   * allowed wrong one locks the PIN.
   */
  async open(user: TAuthUser, pin: string): Promise<TServiceSession> {
    requireServiceRole(user);
    const row = await this.pins.find(user.id);
    if (!row) throw new AppError('SERVICE_PIN_NOT_SET');
    const reserved = await this.pins.reserveAttempt(user.id, SERVICE_PIN_MAX_ATTEMPTS);
    if (!reserved) throw new AppError('SERVICE_PIN_LOCKED');
    if (!(await verifyPassword(reserved.pinHash, pin))) {
      if (reserved.attempt >= SERVICE_PIN_MAX_ATTEMPTS) {
        await this.pins.lock(user.id);
        await this.record(user, 'service.pin-locked');
        throw new AppError('SERVICE_PIN_LOCKED');
      }
      const attemptsLeft = SERVICE_PIN_MAX_ATTEMPTS - reserved.attempt;
      throw new AppError('WRONG_PIN', { attemptsLeft }, { attemptsLeft });
    }
    const token = randomToken();
    const expiresAt = new Date(Date.now() + SERVICE_SESSION_MINUTES * 60_000);
    if (!(await this.pins.openSession(user.id, sha256(token), expiresAt))) throw new AppError('SERVICE_PIN_LOCKED');
    return { token, expiresAt: expiresAt.toISOString() };
  }

  /** Ends the caller's service session. */
  async close(user: TAuthUser): Promise<void> {
    requireServiceRole(user);
    await this.pins.closeSession(user.id);
  }

  /** Throws SERVICE_SESSION_REQUIRED unless `token` is the caller's live service session. */
  async requireSession(user: TAuthUser, token: string | undefined): Promise<void> {
    requireServiceRole(user);
    if (!token || !(await this.pins.sessionLive(user.id, sha256(token)))) throw new AppError('SERVICE_SESSION_REQUIRED');
  }

  /** Mails the caller a link to set a new PIN (the companion's reset screen); nothing without a PIN. */
  async forgot(user: TAuthUser): Promise<void> {
    requireServiceRole(user);
    const row = await this.pins.find(user.id);
    const account = await this.accounts.findById(user.id);
    if (!row || !account) throw new AppError('SERVICE_PIN_NOT_SET');
    const token = randomToken();
    const expiresAt = new Date(Date.now() + SERVICE_PIN_RESET_MINUTES * 60_000);
    // One link a minute: asking again sooner sends nothing more (the last mail is on its way).
    if (!(await this.pins.setResetToken(user.id, sha256(token), expiresAt, RESET_MAIL_GAP_MS))) return;
    const link = appLink(this.links, account.brand, `/app/service/pin-reset?${new URLSearchParams({ token }).toString()}`);
    await mailAccount(this.mailer, account, 'servicePinReset', { link });
  }

  /** Sets a new PIN from the caller's live reset link: the lock and the tries are gone. */
  async reset(user: TAuthUser, token: string, pin: string): Promise<void> {
    requireServiceRole(user);
    if (!(await this.pins.resetTokenLive(user.id, sha256(token)))) throw new AppError('SERVICE_PIN_RESET_INVALID');
    await this.pins.set(user.id, await hashPassword(pin));
    await this.record(user, 'service.pin-reset');
  }

  private record(user: TAuthUser, action: Extract<TAuditEntry['action'], `service.${string}`>): Promise<void> {
    return this.audit.record(user, { action, target: { kind: 'account', id: user.id, label: user.email }, account: user.email });
  }
}

/** Only service roles have a PIN (a kitchen manager gets 403). */
function requireServiceRole(user: TAuthUser): void {
  if (!isServiceRole(user.role)) throw new AppError('FORBIDDEN');
}
