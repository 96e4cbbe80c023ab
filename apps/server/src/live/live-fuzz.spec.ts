import fc from 'fast-check';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE_UNAUTHORIZED, ZLiveWatch } from '@washboard/contracts';
import { ADMIN, signIn } from '../../test/accounts';
import { startTestServer, type TTestServer } from '../../test/harness';
import { openLive } from '../../test/live';

/**
 * The push channel (WebSocket), which the API's fuzzer leaves out (http/api-fuzz.spec.ts), sent
 * what fast-check makes up: as the first message, which must authenticate, and after it, where
 * only a `watch` is understood. Whatever comes, the server refuses it as the protocol says and
 * stays up (one first message, `null`, once ended the process).
 */

const SEED = 7;

/** Text a socket may be sent: JSON of any shape, near-misses of the protocol's messages, and not JSON at all. */
const messages = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        type: fc.oneof(fc.constantFrom('auth', 'watch', 'ready', 'error'), fc.jsonValue()),
        token: fc.oneof(fc.string(), fc.jsonValue()),
        brand: fc.oneof(fc.constantFrom('LUMINA', 'KESTREL', 'lumina'), fc.jsonValue()),
        subscriptionKey: fc.jsonValue(),
        serials: fc.oneof(fc.constant(null), fc.array(fc.string(), { maxLength: 5 }), fc.jsonValue()),
      },
      { requiredKeys: [] },
    )
    .map((message) => JSON.stringify(message)),
  fc.string(),
  fc.constantFrom('{"type":"auth"', '[' + '['.repeat(3000) + ']'.repeat(3000) + ']', '{"__proto__":{"type":"auth"}}'),
);

/** The JSON a text holds; `undefined` if it is none. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

describe('the push channel, sent anything', () => {
  let server: TTestServer;
  let admin: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
  });
  afterAll(() => server.close());

  const url = () => `${server.url.replace('http', 'ws')}/api/v1/live`;

  it('closes with "unauthorized" on any first message that is no valid sign-in, and stays up', async () => {
    await fc.assert(
      fc.asyncProperty(messages, async (first) => {
        const socket = new WebSocket(url());
        const closed = new Promise<number>((resolve) => socket.on('close', resolve));
        socket.on('open', () => socket.send(first));
        expect(await closed).toBe(LIVE_CLOSE_UNAUTHORIZED);
      }),
      { numRuns: 150, seed: SEED },
    );
    expect((await server.api('/healthz')).status).toBe(200);
  });

  it('answers anything but a watch after sign-in with an error, keeping the socket open', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(messages, { minLength: 1, maxLength: 8 }), async (sent) => {
        const live = await openLive(server, admin);
        try {
          const answered = live.errors.length;
          for (const text of sent) live.socket.send(text);
          live.socket.send('not a watch');
          // Each message that is no watch (by the contract's schema) is answered with an error, in
          // order: the last one's answer says every one before it was read.
          const refused = sent.filter((text) => !ZLiveWatch.safeParse(parsed(text)).success).length + 1;
          await expect.poll(() => live.errors.length - answered).toBe(refused);
          expect(live.errors.every((code) => code === 'BAD_MESSAGE')).toBe(true);
          expect(live.socket.readyState).toBe(WebSocket.OPEN);
        } finally {
          live.socket.close();
        }
      }),
      { numRuns: 40, seed: SEED },
    );
    expect((await server.api('/healthz')).status).toBe(200);
  });
});
