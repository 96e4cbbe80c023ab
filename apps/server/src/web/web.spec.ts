import { request, type IncomingMessage } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from '../../test/harness';

const PAGE = '<!doctype html><title>Washboard test page</title>';

let server: TTestServer;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'wb-web-'));
  await writeFile(path.join(webDist, 'index.html'), PAGE);
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

  it('keep the JSON 404 on API paths and for missing files, whatever is accepted', async () => {
    await expectJson404(await get('/api/v1/no-such-call', '*/*'));
    await expectJson404(await get('/oauth2/nothing', 'text/html'));
    await expectJson404(await get('/robots.txt', '*/*'));
    // A scraper (Prometheus sends */*) and well-known look-ups must not get the app with a 200.
    await expectJson404(await get('/metrics', '*/*'));
    await expectJson404(await get('/.well-known/security.txt', '*/*'));
  });
});
