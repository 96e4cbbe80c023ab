import type { Worker } from 'node:worker_threads';
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

  it.runIf(process.env.TEST_DB !== 'postgres')("answers 503 once the embedded database's thread stopped", async () => {
    const other = await startTestServer();
    try {
      // As if PGlite had aborted: its thread ends (db/pglite-thread.ts).
      const thread = (other.washboard.database.db as unknown as { $client: { worker: Worker } }).$client;
      await thread.worker.terminate();
      const res = await fetch(`${other.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'unavailable', database: { ok: false }, broker: { ok: true } });
    } finally {
      await other.close();
    }
  });
});
