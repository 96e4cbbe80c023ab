import { SignJWT, createLocalJWKSet, jwtVerify } from 'jose';
import type { TAdminProfile, TBrandCode, TRole, TTokenResponse } from '@washboard/contracts';
import { AppError } from '../errors';
import type { TUser } from '../account/account.repository';
import { SIGNING_ALG, type TSigningKeys } from './signing-keys';
import { randomToken, sha256 } from './secrets';
import type { TokenRepository } from './token.repository';
import type { SessionEvents, TRevocationReason } from './session-events';

/**
 * Access tokens live ten minutes at most (ACCESS_TOKEN_SECONDS may shorten it): a stolen one is
 * worth little for long, and a revocation list needs to remember no longer. The web app refreshes a
 * minute before `expires_in` runs out (docs/accounts.md).
 */
export const ACCESS_TOKEN_SECONDS = 600;
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
  /** The refresh family the token came from: one signed-in device or browser. */
  sessionId: string;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
};

type TClaims = {
  brand: TBrandCode;
  email: string;
  role: TRole;
  adm: TAdminProfile[];
  cid: string;
  scope: string;
  /** the refresh family (session) */
  sid: string;
};

/** Verified access tokens kept (by their exact text) so a signature is checked once, not per call. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/**
 * A verified token's key in the cache: its signature, the text after the last dot. Hashing the whole
 * token (about 800 characters, a new string on every call) for the map was a twentieth of a small
 * read; the signature is a tenth of it and as unique.
 */
function cacheKey(accessToken: string): string {
  return accessToken.slice(accessToken.lastIndexOf('.') + 1);
}

/** Signs, refreshes and verifies the tokens of DESIGN.md §3. */
export class TokenService {
  /**
   * Access tokens whose signature, claims and type were verified, until their `exp`. Answering from
   * here changes nothing a fresh verification would decide: the revocation list is still asked on
   * every call, and brand and subscription key are checked by `authenticate`. Insertion order makes
   * the oldest go first.
   */
  private readonly verified = new Map<string, { token: string; user: TAuthUser; issuedAtMs: number }>();

  /** The current key and, during a rotation, the previous one, chosen by the token's `kid`. */
  private readonly verificationKeys: ReturnType<typeof createLocalJWKSet>;

  constructor(
    private readonly keys: TSigningKeys,
    private readonly repo: TokenRepository,
    private readonly issuer: string,
    private readonly sessions: SessionEvents,
    private readonly options: { accessTokenSeconds: number; audiences: string[] },
  ) {
    this.verificationKeys = createLocalJWKSet({ keys: keys.publicJwks });
  }

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
      sid: familyId,
    };
    // `iat` keeps its milliseconds (NumericDate allows fractions), so a token issued just after a
    // revocation is told apart from one issued just before it.
    const issuedAt = Date.now() / 1000;
    const lifetime = this.options.accessTokenSeconds;
    const accessToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: SIGNING_ALG, kid: this.keys.kid, typ: 'at+jwt' })
      .setSubject(user.id)
      .setIssuer(this.issuer)
      .setAudience(clientId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.floor(issuedAt) + lifetime)
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
      .setExpirationTime(Math.floor(issuedAt) + lifetime)
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
      expires_in: lifetime,
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
    const invalid = new AppError('REFRESH_TOKEN_INVALID');
    const stored = await this.repo.findByHash(sha256(refreshToken));
    if (!stored || stored.clientId !== clientId) throw invalid;
    if (stored.revokedAt) {
      await this.revokeFamily(stored.userId, stored.familyId, 'reuse');
      throw invalid;
    }
    if (stored.expiresAt.getTime() <= Date.now()) throw invalid;
    // markReplaced is the race's referee: of two concurrent first uses, exactly one wins, and the
    // other then falls under the grace window like a sequential second use.
    const first = !stored.replacedAt && (await this.repo.markReplaced(stored.id));
    if (!first && !(await this.repo.replacedWithin(stored.id, REFRESH_REUSE_GRACE_SECONDS))) {
      await this.revokeFamily(stored.userId, stored.familyId, 'reuse');
      throw invalid;
    }
    const user = await loadUser(stored.userId);
    if (!user || user.status !== 'ACTIVE') {
      await this.revokeFamily(stored.userId, stored.familyId, 'deleted');
      throw invalid;
    }
    return this.issue(user, clientId, stored.familyId);
  }

  /** Logout: the refresh token's family and its live access tokens end. Unknown tokens are ignored (RFC 7009). */
  async revoke(refreshToken: string): Promise<void> {
    const stored = await this.repo.findByHash(sha256(refreshToken));
    if (stored) await this.revokeFamily(stored.userId, stored.familyId, 'logout');
  }

  /** Every session of the user ends: refresh tokens and live access tokens, in every instance. */
  async revokeUser(userId: string, reason: TRevocationReason): Promise<void> {
    await this.repo.revokeUser(userId);
    this.sessions.revoke(userId, reason);
  }

  /**
   * The user's live access tokens end, its refresh tokens stay: the next refresh reloads the account
   * and carries its new role and profiles (a rights change takes effect now, without a sign-out).
   */
  endAccessTokens(userId: string): void {
    this.sessions.revoke(userId, 'rights');
  }

  private async revokeFamily(userId: string, familyId: string, reason: TRevocationReason): Promise<void> {
    await this.repo.revokeFamily(familyId);
    this.sessions.revoke(userId, reason, familyId);
  }

  /**
   * The holder of a valid access token, or undefined: signed by our key, of our issuer and a known
   * client, with `exp`, `iat` and `sub`, not expired and not revoked.
   */
  /**
   * What `verify` would answer, without a promise, for a token verified before: `{ user }` (no user
   * if its session was revoked since), or undefined when the token is not known or has expired.
   */
  verifiedBefore(accessToken: string): { user: TAuthUser | undefined } | undefined {
    const cached = this.verified.get(cacheKey(accessToken));
    // The key is only the signature: the whole text must match, or a known signature could carry
    // any header and claims.
    if (cached?.token !== accessToken) return undefined;
    if (cached.user.expiresAt > Date.now()) return { user: this.unlessRevoked(cached.user, cached.issuedAtMs) };
    this.verified.delete(cacheKey(accessToken));
    return undefined;
  }

  async verify(accessToken: string): Promise<TAuthUser | undefined> {
    const known = this.verifiedBefore(accessToken);
    if (known) return known.user;
    try {
      const { payload } = await jwtVerify<TClaims>(accessToken, this.verificationKeys, {
        issuer: this.issuer,
        audience: this.options.audiences,
        algorithms: [SIGNING_ALG],
        typ: 'at+jwt',
        requiredClaims: ['exp', 'iat', 'sub', 'aud', 'iss'],
      });
      const { sub, exp, iat } = payload;
      if (!sub || exp === undefined || iat === undefined || typeof payload.sid !== 'string') return undefined;
      if (payload.aud !== payload.cid && !(Array.isArray(payload.aud) && payload.aud.includes(payload.cid))) return undefined;
      const user: TAuthUser = {
        id: sub,
        brand: payload.brand,
        email: payload.email,
        role: payload.role,
        administrationProfile: payload.adm,
        clientId: payload.cid,
        sessionId: payload.sid,
        expiresAt: exp * 1000,
      };
      this.remember(accessToken, user, iat * 1000);
      return this.unlessRevoked(user, iat * 1000);
    } catch {
      return undefined;
    }
  }

  private unlessRevoked(user: TAuthUser, issuedAtMs: number): TAuthUser | undefined {
    return this.sessions.isRevoked(user.id, user.sessionId, issuedAtMs) ? undefined : user;
  }

  private remember(accessToken: string, user: TAuthUser, issuedAtMs: number): void {
    if (this.verified.size >= VERIFIED_TOKEN_CACHE_SIZE) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    // Shared by every call that presents the token: frozen, so no handler can change it for the next.
    Object.freeze(user.administrationProfile);
    this.verified.set(cacheKey(accessToken), { token: accessToken, user: Object.freeze(user), issuedAtMs });
  }
}
