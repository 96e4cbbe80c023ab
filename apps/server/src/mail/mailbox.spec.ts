import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer, DEMO_START_MS, SHORT_HISTORY } from '../../test/harness';
import { json, registration } from '../../test/accounts';
import { eventually } from '../../test/devices';

const ADMIN = { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'Owner-Passw0rd' };

/** Asks for a reset link for the configured administrator, then tries to read it at /dev/mailbox. */
async function resetLinkVisible(server: TTestServer, headers: Record<string, string> = {}): Promise<boolean> {
  const reset = await server.api(`/api/v2/account/resetPassword/${encodeURIComponent(ADMIN.ADMIN_EMAIL)}`, { method: 'POST' });
  expect(reset.status).toBe(200);
  // The mail is written off the request path: give it time to land.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const res = await server.api('/dev/mailbox', { brand: null, headers });
  if (res.status === 404) return false;
  return ((await res.json()) as TMail[]).some((m) => m.to === ADMIN.ADMIN_EMAIL && /token=/.test(m.text));
}

type TMail = { id: string; brand: string; to: string; subject: string; text: string; status: string; createdAt: string };

describe('GET /dev/mailbox', () => {
  describe('with DEMO=1 (and no SMTP_URL)', () => {
    let server: TTestServer;
    beforeAll(async () => {
      server = await startTestServer({ DEMO: '1', ...SHORT_HISTORY });
    }, DEMO_START_MS);
    afterAll(() => server.close());

    it('lists the outbox newest first, so a demo registration can be finished without a mail server', async () => {
      // The mailbox is a page for people, outside the API: it needs no X-Brand. Codes are mailed off
      // the request path (docs/accounts.md), so each mail is waited for.
      const mailbox = async () => {
        const res = await server.api('/dev/mailbox', { brand: null });
        expect(res.status).toBe(200);
        return (await res.json()) as TMail[];
      };
      expect((await server.api('/api/v2/account/users', json(registration('first@example.com')))).status).toBe(200);
      await eventually(async () => (await mailbox()).length === 1);
      const kestrel = await server.api('/api/v2/account/users', {
        brand: 'KESTREL',
        ...json(registration('second@example.com', { language: 'de' })),
      });
      expect(kestrel.status).toBe(200);
      const mails = await eventually(async () => {
        const all = await mailbox();
        return all.length === 2 && all;
      });
      expect(mails.map((m) => m.to)).toEqual(['second@example.com', 'first@example.com']);
      expect(mails[0]).toMatchObject({ brand: 'KESTREL', status: 'outbox', subject: expect.stringMatching(/Bestätigungscode/) });
      expect(mails[1]).toMatchObject({ brand: 'LUMINA', status: 'outbox' });
      expect(mails[1]?.text).toMatch(/\b\d{4}\b/);
      expect(Date.parse(mails[1]?.createdAt ?? '')).not.toBeNaN();
    });
  });

  describe('from another machine, or through a proxy (DEMO=1)', () => {
    let server: TTestServer;
    beforeAll(async () => {
      server = await startTestServer({ DEMO: '1', TRUST_PROXY: 'loopback', ...SHORT_HISTORY });
    }, DEMO_START_MS);
    afterAll(() => server.close());

    it('does not exist for a caller outside this machine', async () => {
      const res = await server.washboard.app.inject({ url: '/dev/mailbox', remoteAddress: '203.0.113.7' });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ code: string }>().code).toBe('ROUTE_NOT_FOUND');
    });

    it('does not exist for a call a proxy on this machine forwarded, whatever address it claims', async () => {
      const forwarded: Record<string, string>[] = [
        { 'x-forwarded-for': '127.0.0.1' },
        { forwarded: 'for=127.0.0.1' },
        { 'x-real-ip': '127.0.0.1' },
      ];
      for (const headers of forwarded) {
        expect((await server.api('/dev/mailbox', { brand: null, headers })).status).toBe(404);
      }
      expect((await server.api('/dev/mailbox', { brand: null })).status).toBe(200);
    });

    it('does not exist for a page of another site re-pointed at this machine (DNS rebinding)', async () => {
      const status = async (host: string) =>
        (await server.washboard.app.inject({ url: '/dev/mailbox', remoteAddress: '127.0.0.1', headers: { host } })).statusCode;
      for (const host of ['attacker.example', 'attacker.example:8080', '127.0.0.1.nip.io']) {
        expect(await status(host)).toBe(404);
      }
      for (const host of ['localhost:8080', 'lumina.localhost', '[::1]:8080', '127.0.0.1']) {
        expect(await status(host)).toBe(200);
      }
    });
  });

  describe('in a deployment, on a new database with DEMO unset', () => {
    it('never runs with ADMIN_EMAIL: no mailbox, so no reset link of the administrator to read', async () => {
      const server = await startTestServer({ DEMO: '', ...ADMIN });
      try {
        expect(await resetLinkVisible(server)).toBe(false);
        const config = (await (await server.api('/config.json', { brand: null })).json()) as { demo: boolean };
        expect(config.demo).toBe(false);
      } finally {
        await server.close();
      }
    });

    it('never runs with NODE_ENV=production', async () => {
      const server = await startTestServer({ DEMO: '', NODE_ENV: 'production' });
      try {
        expect((await server.api('/dev/mailbox', { brand: null })).status).toBe(404);
        const config = (await (await server.api('/config.json', { brand: null })).json()) as { demo: boolean };
        expect(config.demo).toBe(false);
      } finally {
        await server.close();
      }
    });

    // Nothing set but the length of the demo's seeded history, which the mailbox does not depend on.
    it('runs on the quick start (nothing set): the mailbox answers this machine', { timeout: 90_000 }, async () => {
      const server = await startTestServer({ DEMO: '', ...SHORT_HISTORY });
      try {
        expect((await server.api('/dev/mailbox', { brand: null })).status).toBe(200);
      } finally {
        await server.close();
      }
    });
  });

  describe('without DEMO', () => {
    let server: TTestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(() => server.close());

    it('does not exist: 404, even with mails in the outbox', async () => {
      expect((await server.api('/api/v2/account/users', json(registration('hidden@example.com')))).status).toBe(200);
      for (const brand of [null, 'LUMINA']) {
        const res = await server.api('/dev/mailbox', { brand });
        expect(res.status).toBe(404);
        expect(((await res.json()) as { code: string }).code).toBe('ROUTE_NOT_FOUND');
      }
    });
  });
});
