import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import type { SettingsRepository } from '../settings/settings.repository';

export const SIGNING_ALG = 'ES256';

export type TSigningKeys = { kid: string; privateKey: CryptoKey; publicKey: CryptoKey; publicJwk: JWK };

/** The ES256 key pair that signs access and id tokens: generated on first start, kept in the database. */
export async function loadSigningKeys(settings: SettingsRepository): Promise<TSigningKeys> {
  const generate = async () => {
    const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const jwk = await exportJWK(privateKey);
    return { ...jwk, kid: crypto.randomUUID(), alg: SIGNING_ALG, use: 'sig' };
  };
  const candidate = await generate();
  const stored = await settings.getOrCreate<JWK>('jwt_signing_key', () => candidate);
  const { d: _private, ...publicJwk } = stored;
  const privateKey = (await importJWK(stored, SIGNING_ALG)) as CryptoKey;
  const publicKey = (await importJWK(publicJwk, SIGNING_ALG)) as CryptoKey;
  return { kid: stored.kid ?? 'key', privateKey, publicKey, publicJwk };
}
