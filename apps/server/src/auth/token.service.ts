import { SignJWT, jwtVerify } from 'jose';
import type { TAdminProfile, TBrandCode, TRole, TTokenResponse } from '@washboard/contracts';
import { AppError } from '../errors';
import type { TUser } from '../account/account.repository';
import { SIGNING_ALG, type TSigningKeys } from './signing-keys';
import { randomToken, sha256 } from './secrets';
import type { TokenRepository } from './token.repository';

/** Access tokens live an hour; the web app refreshes every 50 minutes (3,000,000 ms). */
export const ACCESS_TOKEN_SECONDS = 3600;
/** A refresh token (and so a remembered session) lives 30 days from its last use. */
export const REFRESH_TOKEN_DAYS = 30;
/**
 * A refresh token replaced less than this long ago is still honoured: two tabs of one browser share
 * the stored token and refresh at nearly the same moment, and the slower one must not be taken for
 * a thief. Later reuse revokes the family.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

/** What a verified access token says about its holder. */
export type TAuthUser = {
  id: string;
  brand: TBrandCode;
  email: string;
  role: TRole;
  administrationProfile: TAdminProfile[];
  clientId: string;
};

type TClaims = { brand: TBrandCode; email: string; role: TRole; adm: TAdminProfile[]; cid: string; scope: string };

/** Verified access tokens kept (by their exact text) so a signature is checked once, not per call. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/** Signs, refreshes and verifies the tokens of DESIGN.md §3. */
export class TokenService {
  /**
   * Access tokens whose signature, issuer and type were verified, until their `exp`. A token is
   * stateless (docs/accounts.md: role, company and deletion reach it within its hour), so answering
   * from here changes nothing a fresh verification would decide; brand and subscription key are
   * still checked on every call by `authenticate`. Insertion order makes the oldest go first.
   */
  private readonly verified = new Map<string, { user: TAuthUser; expiresAt: number }>();

  constructor(
    private readonly keys: TSigningKeys,
    private readonly repo: TokenRepository,
    private readonly issuer: string,
  ) {}

  /** New access, id and refresh tokens; `familyId` continues a refresh family. */
  async issue(user: TUser, clientId: string, familyId: string = crypto.randomUUID()): Promise<TTokenResponse> {
    const scope = `openid ${clientId} offline_access`;
    const claims: TClaims = {
      brand: user.brand,
      email: user.email,
      role: user.role,
      adm: user.administrationProfile,
      cid: clientId,
      scope,
    };
    const accessToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: SIGNING_ALG, kid: this.keys.kid, typ: 'at+jwt' })
      .setSubject(user.id)
      .setIssuer(this.issuer)
      .setAudience(clientId)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
      .setJti(crypto.randomUUID())
      .sign(this.keys.privateKey);
    const idToken = await new SignJWT({
      email: user.email,
      given_name: user.firstName,
      family_name: user.lastName,
      locale: user.language,
    })
      .setProtectedHeader({ alg: SIGNING_ALG, kid: this.keys.kid, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(this.issuer)
      .setAudience(clientId)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
      .sign(this.keys.privateKey);
    const refreshToken = randomToken();
    await this.repo.insert({
      userId: user.id,
      familyId,
      tokenHash: sha256(refreshToken),
      clientId,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000),
    });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      id_token: idToken,
      expires_in: ACCESS_TOKEN_SECONDS,
      token_type: 'Bearer',
      scope,
    };
  }

  /**
   * Checks a refresh token and rotates it. A token replaced within the grace window gets a sibling
   * in the same family (its successor's secret is not kept, so it cannot be handed out again). A
   * token reused later, or revoked, revokes its whole family: whoever holds the newer token must
   * sign in again.
   */
  async rotate(
    refreshToken: string,
    clientId: string,
    loadUser: (id: string) => Promise<TUser | undefined>,
  ): Promise<TTokenResponse> {
    const invalid = new AppError('REFRESH_TOKEN_INVALID', 400);
    const stored = await this.repo.findByHash(sha256(refreshToken));
    if (!stored || stored.clientId !== clientId) throw invalid;
    if (stored.revokedAt) {
      await this.repo.revokeFamily(stored.familyId);
      throw invalid;
    }
    if (stored.expiresAt.getTime() <= Date.now()) throw invalid;
    // markReplaced is the race's referee: of two concurrent first uses, exactly one wins, and the
    // other then falls under the grace window like a sequential second use.
    const first = !stored.replacedAt && (await this.repo.markReplaced(stored.id));
    if (!first && !(await this.repo.replacedWithin(stored.id, REFRESH_REUSE_GRACE_SECONDS))) {
      await this.repo.revokeFamily(stored.familyId);
      throw invalid;
    }
    const user = await loadUser(stored.userId);
    if (!user || user.status !== 'ACTIVE') {
      await this.repo.revokeFamily(stored.familyId);
      throw invalid;
    }
    return this.issue(user, clientId, stored.familyId);
  }

  /** Revokes the refresh token's family (logout). Unknown tokens are ignored (RFC 7009). */
  async revoke(refreshToken: string): Promise<void> {
    const stored = await this.repo.findByHash(sha256(refreshToken));
    if (stored) await this.repo.revokeFamily(stored.familyId);
  }

  async revokeUser(userId: string): Promise<void> {
    await this.repo.revokeUser(userId);
  }

  /** The holder of a valid access token, or undefined. */
  async verify(accessToken: string): Promise<TAuthUser | undefined> {
    const cached = this.verified.get(accessToken);
    if (cached) {
      if (cached.expiresAt > Date.now()) return cached.user;
      this.verified.delete(accessToken);
    }
    try {
      const { payload } = await jwtVerify<TClaims>(accessToken, this.keys.publicKey, {
        issuer: this.issuer,
        algorithms: [SIGNING_ALG],
        typ: 'at+jwt',
      });
      if (!payload.sub) return undefined;
      const user: TAuthUser = {
        id: payload.sub,
        brand: payload.brand,
        email: payload.email,
        role: payload.role,
        administrationProfile: payload.adm,
        clientId: payload.cid,
      };
      // jose refused the token if `exp` had passed; a token without `exp` is not kept.
      if (typeof payload.exp === 'number') this.remember(accessToken, user, payload.exp * 1000);
      return user;
    } catch {
      return undefined;
    }
  }

  private remember(accessToken: string, user: TAuthUser, expiresAt: number): void {
    if (this.verified.size >= VERIFIED_TOKEN_CACHE_SIZE) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    // Shared by every call that presents the token: frozen, so no handler can change it for the next.
    Object.freeze(user.administrationProfile);
    this.verified.set(accessToken, { user: Object.freeze(user), expiresAt });
  }
}
