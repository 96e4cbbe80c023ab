import { request, type IncomingMessage } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from '../../test/harness';

const PAGE = '<!doctype html><title>Washboard test page</title>';
const COMPANION = '<!doctype html><title>Washboard companion test page</title>';
const SCRIPT = `console.log(${JSON.stringify('Washboard '.repeat(200))});`;

let server: TTestServer;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'wb-web-'));
  await writeFile(path.join(webDist, 'index.html'), PAGE);
  await mkdir(path.join(webDist, 'app'));
  await writeFile(path.join(webDist, 'app', 'index.html'), COMPANION);
  // As the build writes them: each text file with its Brotli and gzip copies.
  await mkdir(path.join(webDist, 'assets'));
  for (const [file, text] of [
    ['index.html', PAGE],
    ['assets/main-abc123.js', SCRIPT],
  ] as const) {
    await writeFile(path.join(webDist, `${file}.br`), brotliCompressSync(text));
    await writeFile(path.join(webDist, `${file}.gz`), gzipSync(text));
  }
  await writeFile(path.join(webDist, 'assets/main-abc123.js'), SCRIPT);
  server = await startTestServer({ WEB_DIST: webDist });
});
afterAll(async () => {
  await server.close();
  await rm(webDist, { recursive: true, force: true });
});

async function get(pathname: string, accept?: string): Promise<Response> {
  return server.api(pathname, { headers: accept === undefined ? {} : { accept } });
}

async function expectApp(res: Response): Promise<void> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(await res.text()).toBe(PAGE);
}

async function expectJson404(res: Response): Promise<void> {
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(((await res.json()) as { code: string }).code).toBe('ROUTE_NOT_FOUND');
}

describe('GET / and the app’s own pages', () => {
  it('serve the app to a browser', async () => {
    await expectApp(await get('/', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'));
    await expectApp(await get('/devices', 'text/html'));
  });

  it('serve the app to a client that asks for anything, as curl does', async () => {
    await expectApp(await get('/', '*/*'));
    await expectApp(await get('/?brand=KESTREL', '*/*'));
    await expectApp(await get('/devices', '*/*'));
  });

  it('serve the app to a client that sends no Accept at all', async () => {
    // fetch adds `Accept: */*`; a raw request shows what a bare client gets.
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      request(`${server.url}/`, resolve).on('error', reject).end(),
    );
    res.resume();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('keep the JSON 404 for a client that asks for JSON', async () => {
    await expectJson404(await get('/', 'application/json'));
    await expectJson404(await get('/devices', 'application/json, */*;q=0.5'));
  });

  it('serve an inspector link’s page with no referrer and no indexing; other pages may be indexed', async () => {
    const res = await get(`/inspect/${'A'.repeat(43)}`, 'text/html');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    await expectApp(res);
    expect((await get('/devices', 'text/html')).headers.get('x-robots-tag')).toBeNull();
  });

  it('keep the JSON 404 on API paths and for missing files, whatever is accepted', async () => {
    await expectJson404(await get('/api/v1/no-such-call', '*/*'));
    await expectJson404(await get('/oauth2/nothing', 'text/html'));
    await expectJson404(await get('/robots.txt', '*/*'));
    // A scraper (Prometheus sends */*) and well-known look-ups must not get the app with a 200.
    await expectJson404(await get('/metrics', '*/*'));
    await expectJson404(await get('/.well-known/security.txt', '*/*'));
  });
});

describe('GET /app/… (the companion)', () => {
  it('serves the companion’s page for its own paths, deep links included', async () => {
    for (const pathname of ['/app/', '/app/devices', '/app/device/SN-1/alarms?x=1']) {
      const res = await get(pathname, 'text/html');
      expect(res.status, pathname).toBe(200);
      expect(await res.text()).toBe(COMPANION);
    }
  });

  it('sends its bare name into its scope, keeping the query', async () => {
    const res = await server.api('/app?brand=KESTREL', { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/app/?brand=KESTREL');
  });

  it('leaves the dashboard’s paths to the dashboard and a missing file a 404', async () => {
    await expectApp(await get('/apples', 'text/html'));
    await expectJson404(await get('/app/missing.js', '*/*'));
  });
});

describe('the built files', () => {
  it('are sent compressed as the browser accepts, the hashed ones cached for a year, the pages revalidated', async () => {
    for (const [encoding, expected] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const script = await server.api('/assets/main-abc123.js', { headers: { 'accept-encoding': encoding } });
      expect(script.status).toBe(200);
      expect(script.headers.get('content-encoding')).toBe(expected);
      expect(script.headers.get('content-type')).toMatch(/^application\/javascript/);
      expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(script.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await script.text()).toBe(SCRIPT);
      const page = await server.api('/devices', { headers: { accept: 'text/html', 'accept-encoding': encoding } });
      expect(page.headers.get('content-encoding')).toBe(expected);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toBe(PAGE);
    }
  });
});
