import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from '../../test/harness';
import { json, registration } from '../../test/accounts';

type TMail = { id: string; brand: string; to: string; subject: string; text: string; status: string; createdAt: string };

describe('GET /dev/mailbox', () => {
  describe('with DEMO=1 (and no SMTP_URL)', () => {
    let server: TTestServer;
    beforeAll(async () => {
      server = await startTestServer({ DEMO: '1' });
    });
    afterAll(() => server.close());

    it('lists the outbox newest first, so a demo registration can be finished without a mail server', async () => {
      expect((await server.api('/api/v2/account/users', json(registration('first@example.com')))).status).toBe(200);
      const kestrel = await server.api('/api/v2/account/users', {
        brand: 'KESTREL',
        ...json(registration('second@example.com', { language: 'de' })),
      });
      expect(kestrel.status).toBe(200);

      // The mailbox is a page for people, outside the API: it needs no X-Brand.
      const res = await server.api('/dev/mailbox', { brand: null });
      expect(res.status).toBe(200);
      const mails = (await res.json()) as TMail[];
      expect(mails.map((m) => m.to)).toEqual(['second@example.com', 'first@example.com']);
      expect(mails[0]).toMatchObject({ brand: 'KESTREL', status: 'outbox', subject: expect.stringMatching(/Bestätigungscode/) });
      expect(mails[1]).toMatchObject({ brand: 'LUMINA', status: 'outbox' });
      expect(mails[1]?.text).toMatch(/\b\d{4}\b/);
      expect(Date.parse(mails[1]?.createdAt ?? '')).not.toBeNaN();
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
