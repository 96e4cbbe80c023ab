import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then refuses new ones and closes broker and database', async () => {
    const server = await startTestServer({}, { listen: false });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived: () => void = () => {};
    const inHandler = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    server.washboard.app.get('/test/slow', async () => {
      arrived();
      await gate;
      return { finished: true };
    });
    const port = await server.washboard.listen();
    const inFlight = fetch(`http://127.0.0.1:${port}/test/slow`);
    // In flight means the handler has it: a fixed wait let a busy machine start the close first.
    await inHandler;
    const closed = server.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ finished: true });
    await closed;
    expect(server.washboard.broker.isReady()).toBe(false);
    expect(await server.washboard.database.ping()).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it('closes a request that outlasts half the grace, naming it without its secrets, then still closes broker and database', async () => {
    const server = await startTestServer({ SHUTDOWN_GRACE_SECONDS: '1' }, { listen: false });
    let arrived: () => void = () => {};
    const inHandler = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    // An inspector link's token, and a token in the query: the forced request's name reaches the log.
    server.washboard.app.get('/test/stuck/inspect/:token', async () => {
      arrived();
      await new Promise(() => {});
    });
    const port = await server.washboard.listen();
    // Settled with what happened (the error is expected, and must not go unhandled meanwhile).
    const stuck = fetch(`http://127.0.0.1:${port}/test/stuck/inspect/s3cret-link-token?token=s3cret`).then(
      (res) => res.status,
      (error: unknown) => error,
    );
    await inHandler;
    const started = performance.now();
    const closed = server.close();
    expect(server.washboard.shutdownStep).toBe('http requests: GET /test/stuck/inspect/[redacted]?token=[redacted]');
    await closed;
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await stuck).toBeInstanceOf(TypeError);
    expect(server.washboard.forcedRequests).toEqual(['GET /test/stuck/inspect/[redacted]?token=[redacted]']);
    expect(server.washboard.broker.isReady()).toBe(false);
    expect(await server.washboard.database.ping()).toBe(false);
  });
});
