import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordGrantFields } from '@washboard/contracts';
import { startTestServer, type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, form, PASSWORD, signIn } from '../../test/accounts';
import { FREE_ATTEMPTS, PAIR_ATTEMPTS } from './sign-in-throttle';

/** The slow-down's base for this test (500 ms in production): the spacing doubles from it. */
const BASE_DELAY_MS = 100;

describe('POST /oauth2/token against password guessing', () => {
  let server: TTestServer;
  let admin: Record<string, string>;
  beforeAll(async () => {
    // The test's calls come through a "proxy" on loopback that names the caller's address.
    server = await startTestServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: 'loopback',
      SIGN_IN_DELAY_MS: String(BASE_DELAY_MS),
    });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
  });
  afterAll(() => server.close());

  const attempt = async (email: string, password: string, address: string) => {
    const started = Date.now();
    const res = await server.api('/oauth2/token', {
      ...form(passwordGrantFields(email, password)),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    });
    return { status: res.status, code: ((await res.json()) as { code?: string }).code, ms: Date.now() - started };
  };

  it('stops one address after its failures, but lets the owner in from its own address', async () => {
    const email = 'owner@example.com';
    await activeUser(server, admin, email);
    expect((await attempt(email, PASSWORD, '198.51.100.10')).status).toBe(200);

    const guesses = [];
    for (let i = 0; i <= PAIR_ATTEMPTS; i += 1) guesses.push(await attempt(email, `Guess${i}abcD`, '203.0.113.66'));
    expect(guesses.slice(0, PAIR_ATTEMPTS).every((g) => g.code === 'INVALID_CREDENTIALS')).toBe(true);
    expect(guesses[PAIR_ATTEMPTS]).toMatchObject({ status: 429, code: 'RATE_LIMITED' });

    // Ten wrong passwords from elsewhere lock nobody out: the owner signs in from its usual address at once.
    const owner = await attempt(email, PASSWORD, '198.51.100.10');
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeLessThan(BASE_DELAY_MS * 2 ** (PAIR_ATTEMPTS - FREE_ATTEMPTS - 1));
  });

  it('spaces out guesses spread over many addresses, and lets the owner in from a new one after the wait', async () => {
    const email = 'spread@example.com';
    await activeUser(server, admin, email);
    const attempts = FREE_ATTEMPTS + 3;
    let firstSpaced = 0;
    for (let i = 0; i < attempts; i += 1) {
      if (i === FREE_ATTEMPTS) firstSpaced = Date.now();
      expect((await attempt(email, `Guess${i}abcD`, `192.0.2.${i + 1}`)).code).toBe('INVALID_CREDENTIALS');
    }
    const owner = await attempt(email, PASSWORD, '192.0.2.200');
    expect(owner.status).toBe(200);
    // Each turn comes at least the previous attempt's spacing after the previous turn (base × 1, × 2,
    // × 4 after the free ones), however long the attempts themselves take: the owner's answer comes
    // at least their sum after the first spaced attempt started.
    expect(Date.now() - firstSpaced).toBeGreaterThanOrEqual(BASE_DELAY_MS * (1 + 2 + 4));
    // Signed in: the account starts afresh, guesses from a new address are not held.
    const after = await Promise.all([1, 2, 3].map((i) => attempt(email, `Wrong${i}abcD`, `192.0.2.${210 + i}`)));
    expect(after.every((a) => a.code === 'INVALID_CREDENTIALS')).toBe(true);
  });

  it('makes parallel guesses queue for their slots rather than slip through together', async () => {
    const email = 'parallel@example.com';
    await activeUser(server, admin, email);
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: FREE_ATTEMPTS + 3 }, (_, i) => attempt(email, `Guess${i}abcD`, `192.0.2.${50 + i}`)),
    );
    expect(results.every((r) => r.code === 'INVALID_CREDENTIALS')).toBe(true);
    // Free slots, then spacings of base × 1 and × 2 before the last: it answers after their sum.
    expect(Date.now() - started).toBeGreaterThanOrEqual(BASE_DELAY_MS * (1 + 2) * 0.9);
  });
});
