import { passwordGrantFields } from '@washboard/contracts';
import { startServer } from '../e2e/fixtures/server';

const ADMIN = { email: 'bench-admin@washboard.test', password: 'Bench12345' };

/**
 * Password sign-in end to end as the web app does it: token endpoint (argon2id verify, ES256 signing,
 * refresh token stored) then userinfo. Median of 40 after 5 warm-up rounds (budget: 150 ms).
 */
export async function signIn() {
  const server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  try {
    const config = (await (await fetch(`${server.url}/config.json`)).json()) as { subscriptionKey: string };
    const once = async () => {
      const started = performance.now();
      const token = await fetch(`${server.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-brand': 'LUMINA' },
        body: new URLSearchParams(passwordGrantFields(ADMIN.email, ADMIN.password)),
      });
      if (token.status !== 200) throw new Error(`sign-in failed: ${token.status}`);
      const { access_token } = (await token.json()) as { access_token: string };
      const info = await fetch(`${server.url}/api/v1/account/userinfo`, {
        headers: { authorization: `Bearer ${access_token}`, 'x-subscription-key': config.subscriptionKey, 'x-brand': 'LUMINA' },
      });
      if (info.status !== 200) throw new Error(`userinfo failed: ${info.status}`);
      await info.arrayBuffer();
      return performance.now() - started;
    };
    for (let i = 0; i < 5; i += 1) await once();
    const times: number[] = [];
    for (let i = 0; i < 40; i += 1) times.push(await once());
    times.sort((a, b) => a - b);
    return {
      name: 'password sign-in end to end (token + userinfo), median',
      figure: times[20] ?? 0,
      unit: 'ms',
      limit: 150,
      better: 'lower' as const,
      note: `p90 ${(times[36] ?? 0).toFixed(1)} ms; argon2id m=19456 KiB, t=2, p=1`,
    };
  } finally {
    await server.stop();
  }
}
