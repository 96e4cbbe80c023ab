import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from '../test/harness';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('X-Brand on API calls', () => {
  it('refuses a call without X-Brand with a translated {code, message}', async () => {
    const res = await server.api('/api/v1/account/userinfo', { brand: null });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('BRAND_REQUIRED');
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    const english = await server.api('/api/v1/account/userinfo', {
      brand: null,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    const englishBody = (await english.json()) as { message: string };
    expect(englishBody.message).not.toBe(body.message);
    expect(englishBody.message).toMatch(/X-Brand/);
  });

  it('refuses an unknown or lower-case brand', async () => {
    for (const brand of ['ACME', 'lumina']) {
      const res = await server.api('/api/v1/account/userinfo', { brand });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('BRAND_UNKNOWN');
    }
  });

  it('answers the signing keys without X-Brand, but not a path that only begins like an exempt one', async () => {
    const keys = await server.api('/oauth2/jwks?fresh=1', { brand: null });
    expect(keys.status).toBe(200);
    expect(((await keys.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);
    for (const path of ['/oauth2/jwksx', '/api/v1/livestock', '/api/v1/unsubscribed']) {
      const res = await server.api(path, { brand: null });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('BRAND_REQUIRED');
    }
  });

  it('lets a branded call through to routing', async () => {
    const res = await server.api('/api/v1/no-such-call');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('ROUTE_NOT_FOUND');
  });
});

describe('GET /openapi.json', () => {
  it('describes the API as OpenAPI 3.1 from the route schemas', async () => {
    const res = await fetch(`${server.url}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz', '/config.json']));
    expect(doc.components.schemas).toHaveProperty('RuntimeConfig');
  });

  it('is browsable at /docs', async () => {
    const res = await fetch(`${server.url}/docs/`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger-ui');
  });
});

describe('GET /config.json', () => {
  it('gives the web app its client id, a generated subscription key and the brand mapping', async () => {
    const res = await fetch(`${server.url}/config.json`);
    const config = (await res.json()) as { clientId: string; subscriptionKey: string; defaultBrand: string };
    expect(config.clientId).toBe('washboard-web');
    expect(config.subscriptionKey).toMatch(/^[0-9a-f]{32}$/);
    expect(config.defaultBrand).toBe('LUMINA');
    expect(server.washboard.clients['washboard-web']).toBe(config.subscriptionKey);
  });
});

describe('unknown paths', () => {
  it('answer a JSON 404 when the web app is not built', async () => {
    const res = await fetch(`${server.url}/devices`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('ROUTE_NOT_FOUND');
  });
});
