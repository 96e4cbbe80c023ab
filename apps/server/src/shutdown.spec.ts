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
});
