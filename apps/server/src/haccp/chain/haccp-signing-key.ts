import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { material, writeKeyFile } from '../../auth/signing-keys';
import { StartupError } from '../../startup-error';

/** A published public key of the HACCP close-outs (GET /.well-known/haccp-keys). */
export type THaccpPublicKey = { kid: string; alg: 'Ed25519'; jwk: { kty: string; crv: string; x: string }; pem: string };

/** The server's Ed25519 key that signs the daily close-outs (docs/hygiene.md, "Key handling"). */
export type THaccpSigningKey = {
  kid: string;
  sign(message: string): string;
  /** Whether `signature` (base64) is a signature of `message` by one of the published keys with that id. */
  verify(kid: string, message: string, signature: string): boolean;
  publicKeys: THaccpPublicKey[];
};

const GENERATED_FILE = 'haccp-signing-key.pem';

function parse(text: string, what: string): KeyObject {
  try {
    const key = createPrivateKey(text.trim());
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
    return key;
  } catch (error) {
    throw new StartupError(
      `${what} is not a private Ed25519 key (PKCS#8 PEM): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

function publicOf(privateKey: KeyObject): THaccpPublicKey & { key: KeyObject } {
  const key = createPublicKey(privateKey);
  const der = key.export({ type: 'spki', format: 'der' });
  const jwk = key.export({ format: 'jwk' });
  return {
    // The key's id: the first 16 hex digits of the SHA-256 of its SubjectPublicKeyInfo (DER).
    kid: createHash('sha256').update(der).digest('hex').slice(0, 16),
    alg: 'Ed25519',
    jwk: { kty: String(jwk.kty), crv: String(jwk.crv), x: String(jwk.x) },
    pem: key.export({ type: 'spki', format: 'pem' }).toString(),
    key,
  };
}

/**
 * The close-out signing key: HACCP_SIGNING_KEY(_FILE) when configured (a deployment's secret;
 * required with several instances), else generated on first start into its own file in DATA_DIR
 * (mode 0600; in memory with `memory://`), like the token signing key. HACCP_PREVIOUS_SIGNING_KEY
 * keeps the signatures of a rotated-out key verifiable: its public key stays published.
 */
export async function loadHaccpSigningKey(source: {
  key?: string;
  keyFile?: string;
  previousKey?: string;
  dataDir: string;
}): Promise<THaccpSigningKey> {
  const configured = await material(source.key, source.keyFile, 'HACCP_SIGNING_KEY');
  let privateKey: KeyObject;
  if (configured) {
    privateKey = parse(configured, 'HACCP_SIGNING_KEY');
  } else {
    const file = source.dataDir.startsWith('memory://') ? undefined : path.join(source.dataDir, GENERATED_FILE);
    const stored = file && existsSync(file) ? await readFile(file, 'utf8') : undefined;
    if (stored) {
      privateKey = parse(stored, 'the stored HACCP signing key');
    } else {
      privateKey = generateKeyPairSync('ed25519').privateKey;
      if (file) await writeKeyFile(file, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    }
  }
  const current = publicOf(privateKey);
  const published = [current];
  if (source.previousKey) published.push(publicOf(parse(source.previousKey, 'HACCP_PREVIOUS_SIGNING_KEY')));
  return {
    kid: current.kid,
    sign: (message) => sign(null, Buffer.from(message), privateKey).toString('base64'),
    verify: (kid, message, signature) => {
      const key = published.find((k) => k.kid === kid);
      if (!key) return false;
      try {
        return verify(null, Buffer.from(message), key.key, Buffer.from(signature, 'base64'));
      } catch {
        return false;
      }
    },
    publicKeys: published.map(({ key: _key, ...rest }) => rest),
  };
}
