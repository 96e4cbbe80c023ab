import net from 'node:net';
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from '../../test/harness';
import { ADMIN, form, json, signIn } from '../../test/accounts';
import { createProduct } from '../../test/devices';
import { loggerOptions } from '../logger';

const adminEnv = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

/** A token request the server refuses at once (unknown client): cheap, and rate limited per address. */
const cheapTokenCall = (server: TTestServer, forwardedFor: string) =>
  server.api('/oauth2/token', {
    ...form({ grant_type: 'password', username: 'x@example.com', password: 'x', client_id: 'nobody' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
  });

describe('client addresses (TRUST_PROXY)', () => {
  it('ignores X-Forwarded-For by default: a client cannot dodge the per-address limits', async () => {
    const server = await startTestServer({ RATE_LIMIT_SCALE: '1' });
    try {
      const statuses: number[] = [];
      // The token endpoint allows 30 calls a minute per address; each call claims another address.
      for (let i = 0; i < 31; i += 1) statuses.push((await cheapTokenCall(server, `198.51.100.${i + 1}`)).status);
      expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('believes X-Forwarded-For from a proxy it was told to trust', async () => {
    const server = await startTestServer({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: '127.0.0.1' });
    try {
      for (let i = 0; i < 31; i += 1) expect((await cheapTokenCall(server, `198.51.100.${i + 1}`)).status).toBe(400);
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) statuses.push((await cheapTokenCall(server, '203.0.113.9')).status);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await server.close();
    }
  });
});

describe('hostile input', () => {
  let server: TTestServer;
  let admin: Record<string, string>;
  let serial: string;
  beforeAll(async () => {
    server = await startTestServer(adminEnv);
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    ({ serialNumber: serial } = await createProduct(server, admin));
  });
  afterAll(() => server.close());

  const expectRefusedInput = async (res: Response) => {
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
  };

  it('refuses a NUL character or half a surrogate pair in a body, a query or a path with 400, and stores nothing', async () => {
    for (const applianceName of ['Line\u00001', 'Line\ud8001', 'Line\udc00']) {
      await expectRefusedInput(
        await server.api(`/api/v1/appliance/updateAppliance?serialNumber=${serial}`, { ...json({ applianceName }, admin) }),
      );
    }
    await expectRefusedInput(await server.api('/api/v1/appliance/unclaim?userEmail=%00', { method: 'POST', headers: admin }));
    await expectRefusedInput(await server.api('/api/v1/appliance/documents/%00/user-manual.pdf', { headers: admin }));
    await expectRefusedInput(await server.api('/api/v2/account/users', json({ email: 'a\u0000@example.com' })));
    await expectRefusedInput(
      await server.api('/oauth2/token', form({ grant_type: 'password', username: 'a@b.it', password: '\u0000', client_id: 'x' })),
    );
    const details = await server.api(`/api/v1/appliance/getApplianceDetail/${serial}`, { headers: admin });
    const stored = await details.text();
    expect(stored).not.toContain('\\u0000');
    expect(stored).not.toMatch(/Line\\ud8|Line\\udc|\uFFFD/i);
  });

  it('signs in no client but its own: not one named after a property every object has', async () => {
    for (const client_id of ['constructor', '__proto__', 'toString']) {
      const res = await server.api(
        '/oauth2/token',
        form({ grant_type: 'password', username: ADMIN.email, password: ADMIN.password, client_id }),
      );
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([400, 'INVALID_CREDENTIALS']);
    }
  });

  it('refuses an address of most of a megabyte at once, and goes on serving', async () => {
    // A run of dots made the address pattern backtrack for minutes, the whole server frozen.
    const email = `a@${'.'.repeat(900_000)}@`;
    const res = await server.api('/api/v2/account/users', json({ email, password: 'Password1', role: 'KITCHEN_MANAGER' }));
    await expectRefusedInput(res);
    expect((await server.api('/healthz')).status).toBe(200);
  });

  it('answers a caller without a token 401 before looking at what it sent', async () => {
    const calls: [string, RequestInit][] = [
      ['/api/v1/appliance/updateAppliance', json({ applianceName: 42 })],
      ['/api/v1/appliance/unclaim?userEmail=not-an-address', { method: 'POST' }],
      ['/api/v1/account/updateUser', json({ language: 'klingon' })],
      ['/api/v1/event-hub-listener/event/%00/events?startDate=yesterday', {}],
    ];
    for (const [path, init] of calls) {
      const res = await server.api(path, init);
      expect(res.status, path).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('UNAUTHORIZED');
    }
  });

  it('sends HSTS only over HTTPS, and lets the page connect only to its own origin', async () => {
    const res = await server.api('/config.json', { brand: null });
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
  });

  it("gives API answers the API's headers (nothing loaded, framed or sniffed) and pages the full policy", async () => {
    for (const res of [
      await server.api(`/api/v1/appliance/getApplianceDetail/${serial}`, { headers: admin }),
      await server.api('/api/v1/appliance/devices'),
    ]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
    const page = await server.api('/config.json', { brand: null });
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('HTTPS behind a trusted proxy', () => {
  it('sends HSTS when the proxy says the call came over HTTPS', async () => {
    const server = await startTestServer({ TRUST_PROXY: 'loopback' });
    try {
      const https = await server.api('/config.json', { brand: null, headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      const plain = await server.api('/config.json', { brand: null });
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await server.close();
    }
  });
});

describe('the embedded broker and HOST', () => {
  it('listens only on the interface HOST names', async () => {
    const server = await startTestServer({ HOST: '127.0.0.2' });
    try {
      const port = server.washboard.broker.port ?? 0;
      const reachable = (host: string) =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect({ host, port });
          socket.once('connect', () => {
            socket.destroy();
            resolve(true);
          });
          socket.once('error', () => resolve(false));
        });
      expect(await reachable('127.0.0.2')).toBe(true);
      expect(await reachable('127.0.0.1')).toBe(false);
    } finally {
      await server.close();
    }
  });
});

describe('logs of failed queries', () => {
  it('keep the SQL but never the values a user sent', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { ...(loggerOptions('info') as object), stream } });
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    app.get('/x', async (request) => {
      request.log.error(
        {
          err: new DrizzleQueryError(
            'update users set password_hash = $1 where email = $2',
            ['$argon2id$secret', 'who@example.com'],
            cause,
          ),
        },
        'query failed',
      );
      return {};
    });
    await app.inject({ url: '/x' });
    await app.close();
    const all = lines.join('');
    expect(all).toContain('update users set password_hash = $1');
    expect(all).toContain('0x00');
    expect(all).not.toContain('$argon2id$secret');
    expect(all).not.toContain('who@example.com');
  });
});
