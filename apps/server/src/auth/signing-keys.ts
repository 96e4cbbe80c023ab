import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, importPKCS8, type CryptoKey, type JWK } from 'jose';
import type { SettingsRepository } from '../settings/settings.repository';
import { StartupError } from '../startup-error';

export const SIGNING_ALG = 'ES256';

export type TSigningKeys = {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public keys that verify tokens: the signing key's, and the previous key's during a rotation. */
  publicJwks: JWK[];
};

/** Where the key comes from (docs/operations.md, "Token signing key"). */
export type TKeySource = {
  /** TOKEN_SIGNING_KEY: a private EC P-256 key as PKCS#8 PEM or as a JWK (JSON). */
  key?: string;
  /** TOKEN_SIGNING_KEY_FILE: a file holding such a key. */
  keyFile?: string;
  /** TOKEN_PREVIOUS_SIGNING_KEY(_FILE): the key being rotated out; its tokens verify until they expire. */
  previousKey?: string;
  previousKeyFile?: string;
  /** DATA_DIR: where a generated key is kept when none is configured (`memory://`: nowhere). */
  dataDir: string;
};

/** The settings row where earlier versions kept the key in clear; moved out at start. */
const LEGACY_SETTING = 'jwt_signing_key';
const GENERATED_FILE = 'token-signing-key.json';

async function parseKey(material: string, what: string): Promise<{ privateJwk: JWK; privateKey: CryptoKey }> {
  try {
    const text = material.trim();
    const privateKey = text.startsWith('{')
      ? ((await importJWK(JSON.parse(text) as JWK, SIGNING_ALG)) as CryptoKey)
      : await importPKCS8(text, SIGNING_ALG, { extractable: true });
    const privateJwk = text.startsWith('{') ? (JSON.parse(text) as JWK) : await exportJWK(privateKey);
    if (privateJwk.kty !== 'EC' || privateJwk.crv !== 'P-256' || !privateJwk.d) throw new Error('not a private P-256 key');
    return { privateJwk, privateKey };
  } catch (error) {
    throw new StartupError(
      `${what} is not a private EC P-256 key (PKCS#8 PEM or JWK): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

export async function material(inline: string | undefined, file: string | undefined, what: string): Promise<string | undefined> {
  if (inline) return inline;
  if (!file) return undefined;
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new StartupError(`Cannot read ${what} (${file}): ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

async function publicOf(privateJwk: JWK): Promise<JWK> {
  const { d: _private, ...rest } = privateJwk;
  const kid = rest.kid ?? (await calculateJwkThumbprint(rest));
  return { kty: rest.kty, crv: rest.crv, x: rest.x, y: rest.y, kid, alg: SIGNING_ALG, use: 'sig' };
}

async function generated(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: SIGNING_ALG, use: 'sig' };
}

/** Writes a key (a JWK, or PEM text) readable by this user only, atomically. */
export async function writeKeyFile(file: string, jwk: JWK | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, typeof jwk === 'string' ? jwk : JSON.stringify(jwk), { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, file);
}

/**
 * The ES256 key pair that signs access and id tokens. It never sits in clear in the database: it
 * comes from TOKEN_SIGNING_KEY(_FILE) (a deployment's secret), or is generated on first start into
 * a file of its own in DATA_DIR (mode 0600; in memory with `memory://`). A key that an earlier
 * version kept in the settings table is moved into that file, or dropped when a key is configured,
 * and its row deleted. The previous key of a rotation, when given, stays in JWKS and verifies the
 * tokens it signed until they expire.
 */
export async function loadSigningKeys(settings: SettingsRepository, source: TKeySource): Promise<TSigningKeys> {
  const configured = await material(source.key, source.keyFile, 'TOKEN_SIGNING_KEY');
  const legacy = await settings.get<JWK>(LEGACY_SETTING);
  let privateJwk: JWK;
  let privateKey: CryptoKey;
  if (configured) {
    ({ privateJwk, privateKey } = await parseKey(configured, 'TOKEN_SIGNING_KEY'));
  } else {
    const file = source.dataDir.startsWith('memory://') ? undefined : path.join(source.dataDir, GENERATED_FILE);
    const stored = file && existsSync(file) ? await readFile(file, 'utf8') : undefined;
    const jwk = stored ? (JSON.parse(stored) as JWK) : (legacy ?? (await generated()));
    if (file && !stored) await writeKeyFile(file, jwk);
    ({ privateJwk, privateKey } = await parseKey(JSON.stringify(jwk), 'the stored signing key'));
  }
  if (legacy) await settings.delete(LEGACY_SETTING);
  const current = await publicOf(privateJwk);
  const publicJwks = [current];
  const previous = await material(source.previousKey, source.previousKeyFile, 'TOKEN_PREVIOUS_SIGNING_KEY');
  if (previous) publicJwks.push(await publicOf((await parseKey(previous, 'TOKEN_PREVIOUS_SIGNING_KEY')).privateJwk));
  return {
    kid: current.kid ?? 'key',
    privateKey,
    publicKey: (await importJWK(current, SIGNING_ALG)) as CryptoKey,
    publicJwks,
  };
}
