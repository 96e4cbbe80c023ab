import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNING_ALG, type TSigningKeys } from './signing-keys';
import { ACCESS_TOKEN_SECONDS, TokenService, VERIFIED_TOKEN_CACHE_SIZE } from './token.service';
import type { TokenRepository } from './token.repository';

const ISSUER = 'http://localhost:8080';

async function keys(): Promise<TSigningKeys> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG);
  return { kid: 'k', privateKey, publicKey, publicJwk: await exportJWK(publicKey) };
}

function accessToken(k: TSigningKeys, sub: string, seconds = ACCESS_TOKEN_SECONDS) {
  return new SignJWT({
    brand: 'LUMINA',
    email: `${sub}@x.test`,
    role: 'KITCHEN_MANAGER',
    adm: [],
    cid: 'washboard-web',
    scope: '',
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
    const tokens = new TokenService(k, {} as TokenRepository, ISSUER);
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
    const tokens = new TokenService(k, {} as TokenRepository, ISSUER);
    const token = await accessToken(k, 'u1');
    expect(await tokens.verify(token)).toBeDefined();
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'admin', role: 'ADMIN', iss: ISSUER })).toString('base64url')}.${signature}`;
    expect(await tokens.verify(forged)).toBeUndefined();
    expect(await tokens.verify(await accessToken(await keys(), 'u2'))).toBeUndefined();
  });

  it('stays bounded: the oldest verified token is verified again after many others', async () => {
    const k = await keys();
    const tokens = new TokenService(k, {} as TokenRepository, ISSUER);
    const first = await accessToken(k, 'first');
    await tokens.verify(first);
    const others = await Promise.all(Array.from({ length: VERIFIED_TOKEN_CACHE_SIZE }, (_, i) => accessToken(k, `u${i}`)));
    for (const t of others) await tokens.verify(t);
    const size = (tokens as unknown as { verified: Map<string, unknown> }).verified.size;
    expect(size).toBe(VERIFIED_TOKEN_CACHE_SIZE);
    expect((tokens as unknown as { verified: Map<string, unknown> }).verified.has(first)).toBe(false);
    expect(await tokens.verify(first)).toMatchObject({ id: 'first' });
  }, 60_000);
});
