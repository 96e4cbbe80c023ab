import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from '../../test/harness';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /healthz', () => {
  it('answers while the process is alive, without a brand', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('reports the database and the embedded broker reachable', async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ready',
      database: { ok: true, kind: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite' },
      broker: { ok: true, kind: 'embedded' },
    });
  });

  it('answers 503 once the broker is gone', async () => {
    const other = await startTestServer();
    try {
      await other.washboard.broker.close();
      const res = await fetch(`${other.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'unavailable', database: { ok: true }, broker: { ok: false } });
    } finally {
      await other.close();
    }
  });
});
