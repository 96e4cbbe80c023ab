import { SignJWT, createLocalJWKSet, jwtVerify } from 'jose';
import {
  BRANDS,
  NOTIFICATION_PREFERENCES,
  type TBrandCode,
  type TLanguage,
  type TNotificationPreference,
} from '@washboard/contracts';
import { SIGNING_ALG, type TSigningKeys } from '../auth/signing-keys';
import type { AccountRepository } from '../account/account.repository';

const TOKEN_TYPE = 'unsubscribe+jwt';
const AUDIENCE = 'unsubscribe';
/** A mail's link keeps working this long (a year and a month: last year's weekly report too). */
const LIFETIME_SECONDS = 400 * 24 * 3600;

/** Whose preference a valid link changes, as the confirmation page shows it. */
export type TUnsubscribeTarget = {
  userId: string;
  email: string;
  brand: TBrandCode;
  language: TLanguage;
  preference: TNotificationPreference;
};

function isPreference(value: unknown): value is TNotificationPreference {
  return typeof value === 'string' && (NOTIFICATION_PREFERENCES as readonly string[]).includes(value);
}

/**
 * The unsubscribe links of notification mails (docs/notifications.md, "Unsubscribe"): a token signed
 * with the server's token key names the account and the profile flag; nobody can make one for
 * another account. A GET only shows what a POST would change; the POST turns the flag off.
 */
export class UnsubscribeService {
  private readonly verificationKeys: ReturnType<typeof createLocalJWKSet>;

  constructor(
    private readonly keys: TSigningKeys,
    private readonly issuer: string,
    private readonly accounts: AccountRepository,
  ) {
    this.verificationKeys = createLocalJWKSet({ keys: keys.publicJwks });
  }

  /** The one-click link turning `preference` off for `userId`. */
  async link(userId: string, preference: TNotificationPreference): Promise<string> {
    const token = await new SignJWT({ pref: preference })
      .setProtectedHeader({ alg: SIGNING_ALG, kid: this.keys.kid, typ: TOKEN_TYPE })
      .setSubject(userId)
      .setIssuer(this.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + LIFETIME_SECONDS)
      .sign(this.keys.privateKey);
    const url = new URL('/api/v1/unsubscribe', `${this.issuer}/`);
    url.searchParams.set('token', token);
    return url.toString();
  }

  /** The account and flag a token names; undefined for a tampered, expired or foreign token or a deleted account. */
  async target(token: string): Promise<TUnsubscribeTarget | undefined> {
    let subject: string | undefined;
    let preference: unknown;
    try {
      const { payload } = await jwtVerify(token, this.verificationKeys, {
        issuer: this.issuer,
        audience: AUDIENCE,
        algorithms: [SIGNING_ALG],
        typ: TOKEN_TYPE,
        requiredClaims: ['sub', 'exp'],
      });
      subject = payload.sub;
      preference = payload.pref;
    } catch {
      return undefined;
    }
    if (!subject || !isPreference(preference)) return undefined;
    const user = await this.accounts.findById(subject);
    if (!user || user.status === 'DELETED' || !(user.brand in BRANDS)) return undefined;
    return { userId: user.id, email: user.email, brand: user.brand, language: user.language, preference };
  }

  /** Turns the token's flag off (the profile shows it off); undefined when the token is not valid. */
  async unsubscribe(token: string): Promise<TUnsubscribeTarget | undefined> {
    const target = await this.target(token);
    if (target) await this.accounts.update(target.userId, { [target.preference]: false });
    return target;
  }
}
