import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeProtectedHeader, exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/env';
import { createWashboard } from '../app';
import { openDatabase } from '../db/database';
import { settings } from '../db/schema/index';
import { ADMIN, passwordGrant } from '../../test/accounts';
import { testConfig, testServerOf, type TTestServer } from '../../test/harness';

/**
 * A server on an embedded database kept in `dataDir`, so it can be stopped and started again on the
 * same data (these tests are about the key, not the database engine: they use PGlite everywhere).
 */
async function start(dataDir: string, env: Record<string, string> = {}): Promise<TTestServer> {
  const washboard = await createWashboard(
    testConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env }),
  );
  return testServerOf(washboard, await washboard.listen(), '');
}

async function signInToken(server: TTestServer): Promise<string> {
  const res = await passwordGrant(server, ADMIN.email, ADMIN.password);
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const userinfo = (server: TTestServer, token: string) =>
  server.api('/api/v1/account/userinfo', {
    headers: { authorization: `Bearer ${token}`, 'x-subscription-key': server.washboard.clients['washboard-web'] ?? '' },
  });

async function storedSettings(server: TTestServer): Promise<string> {
  const rows = await server.washboard.database.db.select().from(settings);
  return JSON.stringify(rows);
}

describe('the token signing key', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wb-keys-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('is generated into a file of its own (0600), never into the database, and survives a restart', async () => {
    const first = await start(dataDir);
    let token: string;
    try {
      token = await signInToken(first);
      expect(await storedSettings(first)).not.toMatch(/"d":/);
    } finally {
      await first.close();
    }
    const file = path.join(dataDir, 'token-signing-key.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = await start(dataDir);
    try {
      expect((await userinfo(second, token)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('moves a key an earlier version kept in clear in the settings table into the file', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const legacy = { ...(await exportJWK(privateKey)), kid: 'legacy-key', alg: 'ES256', use: 'sig' };
    await unlink(path.join(dataDir, 'token-signing-key.json'));
    const database = await openDatabase({ dataDir });
    await database.db.execute(
      sql`insert into settings (key, value) values ('jwt_signing_key', ${JSON.stringify(legacy)}::jsonb) on conflict (key) do update set value = excluded.value`,
    );
    await database.close();

    const server = await start(dataDir);
    try {
      const token = await signInToken(server);
      expect(decodeProtectedHeader(token).kid).toBe('legacy-key');
      expect(await storedSettings(server)).not.toMatch(/jwt_signing_key|"d":/);
      expect(JSON.parse(await readFile(path.join(dataDir, 'token-signing-key.json'), 'utf8'))).toMatchObject({ d: legacy.d });
    } finally {
      await server.close();
    }
  });

  it('comes from TOKEN_SIGNING_KEY when set, and a rotation keeps the previous key until its tokens expire', async () => {
    const pem = async () => exportPKCS8((await generateKeyPair('ES256', { extractable: true })).privateKey);
    const [oldKey, newKey] = [await pem(), await pem()];
    const before = await start(dataDir, { TOKEN_SIGNING_KEY: oldKey });
    let oldToken: string;
    try {
      oldToken = await signInToken(before);
    } finally {
      await before.close();
    }
    const rotating = await start(dataDir, { TOKEN_SIGNING_KEY: newKey, TOKEN_PREVIOUS_SIGNING_KEY: oldKey });
    try {
      const jwks = (await (await fetch(`${rotating.url}/oauth2/jwks`)).json()) as { keys: { kid: string; d?: string }[] };
      expect(jwks.keys).toHaveLength(2);
      expect(jwks.keys.every((k) => k.d === undefined)).toBe(true);
      expect((await userinfo(rotating, oldToken)).status).toBe(200);
      const newToken = await signInToken(rotating);
      expect(decodeProtectedHeader(newToken).kid).toBe(jwks.keys[0]?.kid);
      expect(decodeProtectedHeader(oldToken).kid).toBe(jwks.keys[1]?.kid);
    } finally {
      await rotating.close();
    }
    const after = await start(dataDir, { TOKEN_SIGNING_KEY: newKey });
    try {
      expect((await userinfo(after, oldToken)).status).toBe(401);
      expect(existsSync(path.join(dataDir, 'token-signing-key.json'))).toBe(true);
    } finally {
      await after.close();
    }
  });

  it('refuses to start with a key that is not a private P-256 key, and never shows it', () => {
    for (const bad of ['-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----', '{"kty":"oct","k":"c2VjcmV0"}']) {
      expect(() => parseConfig({ TOKEN_SIGNING_KEY: bad })).toThrow(/TOKEN_SIGNING_KEY: must be a private EC P-256 key/);
      expect(() => parseConfig({ TOKEN_SIGNING_KEY: bad })).not.toThrow(/nope|c2VjcmV0/);
    }
  });

  it('must be shared by several instances: REDIS_URL without one refuses to start', () => {
    expect(() => parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/TOKEN_SIGNING_KEY: several instances/);
  });
});
