import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNING_ALG, type TSigningKeys } from './signing-keys';
import { ACCESS_TOKEN_SECONDS, TokenService, VERIFIED_TOKEN_CACHE_SIZE } from './token.service';
import type { TokenRepository } from './token.repository';
import { SessionEvents } from './session-events';
import { inProcessFanout } from '../live/fanout';

const ISSUER = 'http://localhost:8080';

async function keys(): Promise<TSigningKeys> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG);
  return { kid: 'k', privateKey, publicKey, publicJwks: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: SIGNING_ALG }] };
}

async function service(k: TSigningKeys): Promise<{ tokens: TokenService; sessions: SessionEvents }> {
  const sessions = new SessionEvents(inProcessFanout(), ACCESS_TOKEN_SECONDS * 1000);
  await sessions.start({ users: [], families: [] });
  const tokens = new TokenService(k, {} as TokenRepository, ISSUER, sessions, {
    accessTokenSeconds: ACCESS_TOKEN_SECONDS,
    audiences: ['washboard-web', 'washboard-mobile'],
  });
  return { tokens, sessions };
}

function accessToken(k: TSigningKeys, sub: string, seconds = ACCESS_TOKEN_SECONDS) {
  return new SignJWT({
    brand: 'LUMINA',
    email: `${sub}@x.test`,
    role: 'KITCHEN_MANAGER',
    adm: [],
    cid: 'washboard-web',
    scope: '',
    sid: `family-of-${sub}`,
  })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: k.kid, typ: 'at+jwt' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience('washboard-web')
    .setIssuedAt()
    .setExpirationTime(`${seconds}s`)
    .sign(k.privateKey);
}

/** The verified-token cache answers exactly what a fresh verification would, and never past `exp`. */
describe('TokenService.verify with its verified-token cache', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a verified token again without changing it, and refuses it once expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const k = await keys();
    const { tokens } = await service(k);
    const token = await accessToken(k, 'u1');
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ id: 'u1', brand: 'LUMINA', role: 'KITCHEN_MANAGER', clientId: 'washboard-web' });
    expect(await tokens.verify(token)).toEqual(first);
    expect(Object.isFrozen(first)).toBe(true);
    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_SECONDS + 1) * 1000);
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token signed by another key or tampered with, even after the genuine one was verified', async () => {
    const k = await keys();
    const { tokens } = await service(k);
    const token = await accessToken(k, 'u1');
    expect(await tokens.verify(token)).toBeDefined();
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'admin', role: 'ADMIN', iss: ISSUER })).toString('base64url')}.${signature}`;
    expect(await tokens.verify(forged)).toBeUndefined();
    // The cache is found by the signature alone: what the hook asks first must refuse the forgery too.
    expect(tokens.verifiedBefore(forged)).toBeUndefined();
    expect(tokens.verifiedBefore(token)?.user?.id).toBe('u1');
    expect(await tokens.verify(await accessToken(await keys(), 'u2'))).toBeUndefined();
  });

  it('stays bounded: the oldest verified token is verified again after many others', async () => {
    const k = await keys();
    const { tokens } = await service(k);
    const first = await accessToken(k, 'first');
    await tokens.verify(first);
    const others = await Promise.all(Array.from({ length: VERIFIED_TOKEN_CACHE_SIZE }, (_, i) => accessToken(k, `u${i}`)));
    for (const t of others) await tokens.verify(t);
    const size = (tokens as unknown as { verified: Map<string, unknown> }).verified.size;
    expect(size).toBe(VERIFIED_TOKEN_CACHE_SIZE);
    expect((tokens as unknown as { verified: Map<string, unknown> }).verified.has(first)).toBe(false);
    expect(await tokens.verify(first)).toMatchObject({ id: 'first' });
  }, 60_000);

  it('refuses a token without exp, for another audience, or of another issuer', async () => {
    const k = await keys();
    const { tokens } = await service(k);
    const claims = { brand: 'LUMINA', email: 'u@x.test', role: 'ADMIN', adm: [], cid: 'washboard-web', scope: '', sid: 'f' };
    const base = () =>
      new SignJWT(claims).setProtectedHeader({ alg: SIGNING_ALG, kid: k.kid, typ: 'at+jwt' }).setSubject('u').setIssuedAt();
    const everlasting = await base().setIssuer(ISSUER).setAudience('washboard-web').sign(k.privateKey);
    const elsewhere = await base().setIssuer(ISSUER).setAudience('another-api').setExpirationTime('5m').sign(k.privateKey);
    const foreign = await base()
      .setIssuer('https://evil.example')
      .setAudience('washboard-web')
      .setExpirationTime('5m')
      .sign(k.privateKey);
    const noAudience = await base().setIssuer(ISSUER).setExpirationTime('5m').sign(k.privateKey);
    for (const token of [everlasting, elsewhere, foreign, noAudience]) expect(await tokens.verify(token)).toBeUndefined();
    const good = await base().setIssuer(ISSUER).setAudience('washboard-web').setExpirationTime('5m').sign(k.privateKey);
    expect(await tokens.verify(good)).toMatchObject({ id: 'u', sessionId: 'f' });
  });

  it('refuses a token once its user or its session was revoked, even from the cache, but not a later one', async () => {
    // The clock held half-way through a second: a token issued after the revocation but in its second
    // (iat is in whole seconds) is refused. With the real clock the second could roll over between
    // the two, and the token, later by its iat, passed (seen once in CI on a slow host).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-06T10:00:00.500Z') });
    const k = await keys();
    const { tokens, sessions } = await service(k);
    const mine = await accessToken(k, 'u1');
    const other = await accessToken(k, 'u2');
    expect(await tokens.verify(mine)).toBeDefined();
    sessions.revoke('u1', 'deleted');
    expect(await tokens.verify(mine)).toBeUndefined();
    expect(await tokens.verify(other)).toBeDefined();
    sessions.revoke('u2', 'logout', 'family-of-u2');
    expect(await tokens.verify(other)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await tokens.verify(await accessToken(k, 'u1'))).toBeUndefined(); // iat in whole seconds: the same second
    const fresh = await new SignJWT({
      brand: 'LUMINA',
      email: 'u1@x.test',
      role: 'ADMIN',
      adm: [],
      cid: 'washboard-web',
      scope: '',
      sid: 'x',
    })
      .setProtectedHeader({ alg: SIGNING_ALG, kid: k.kid, typ: 'at+jwt' })
      .setSubject('u1')
      .setIssuer(ISSUER)
      .setAudience('washboard-web')
      .setIssuedAt(Date.now() / 1000 + 0.001)
      .setExpirationTime('5m')
      .sign(k.privateKey);
    expect(await tokens.verify(fresh)).toBeDefined();
  });
});
