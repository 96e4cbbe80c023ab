import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_CODES, BRANDS, SUPPORTED_LANGUAGES } from '@washboard/contracts';
import { startTestServer, type TTestServer, DEMO_START_MS, SHORT_HISTORY } from '../../test/harness';
import { translate } from '../i18n/translate';
import { mailAccent } from './mail-theme';
import { PREVIEW_KINDS } from './mail-preview';

describe('GET /dev/mail-preview', () => {
  describe('with DEMO=1', () => {
    let server: TTestServer;
    // The demo seeds its month of history first (about 16 s on a quiet machine).
    beforeAll(async () => {
      server = await startTestServer({ DEMO: '1', ...SHORT_HISTORY });
    }, DEMO_START_MS);
    afterAll(() => server.close());

    const get = (path: string) => server.api(path, { brand: null });

    it('lists every kind of mail with its subject in the chosen language, linking its HTML and its text', async () => {
      const res = await get('/dev/mail-preview?lang=de&brand=KESTREL');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await res.text();
      expect(page).toContain(BRANDS.KESTREL.title);
      for (const kind of PREVIEW_KINDS) {
        expect(page).toContain(`/dev/mail-preview/${kind}?lang=de&amp;brand=KESTREL&amp;format=html`);
        expect(page).toContain(`/dev/mail-preview/${kind}?lang=de&amp;brand=KESTREL&amp;format=text`);
      }
      expect(page).toContain(translate('de', 'mail.passwordReset.subject', { brand: BRANDS.KESTREL.title }));
    });

    it('renders every kind in every language, as HTML in the brand’s look and as plain text', async () => {
      for (const lang of SUPPORTED_LANGUAGES) {
        const greeting = translate(lang, 'mail.greeting', { firstName: 'Ada' });
        for (const kind of PREVIEW_KINDS) {
          const brand = BRAND_CODES[PREVIEW_KINDS.indexOf(kind) % BRAND_CODES.length] ?? 'LUMINA';
          const html = await get(`/dev/mail-preview/${kind}?lang=${lang}&brand=${brand}`);
          expect(html.status, `${kind} ${lang}`).toBe(200);
          const page = await html.text();
          expect(page).toContain(`lang="${lang}"`);
          expect(page).toContain(BRANDS[brand].title);
          expect(page).toContain(mailAccent(brand));

          const text = await get(`/dev/mail-preview/${kind}?lang=${lang}&brand=${brand}&format=text`);
          expect(text.status, `${kind} ${lang} text`).toBe(200);
          expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
          const body = await text.text();
          expect(body).toMatch(/^Subject: \S/);
          expect(body).toContain(greeting);
          expect(body).not.toMatch(/<[a-z]/i);
        }
      }
    }, 60_000);

    it('ends a notification mail’s text with its unsubscribe link, and an account mail’s without one', async () => {
      const report = await (await get('/dev/mail-preview/weeklyReport?lang=fr&format=text')).text();
      expect(report).toMatch(/--\n[^\n]*\/api\/v1\/unsubscribe\?token=/);
      const reset = await (await get('/dev/mail-preview/passwordReset?lang=fr&format=text')).text();
      expect(reset).not.toContain('/api/v1/unsubscribe');
    });

    it('refuses a language or kind that does not exist', async () => {
      expect((await get('/dev/mail-preview/alarm?lang=xx')).status).toBe(400);
      expect((await get('/dev/mail-preview/newsletter')).status).toBe(400);
    });

    it('does not exist for a caller outside this machine', async () => {
      const res = await server.washboard.app.inject({ url: '/dev/mail-preview/alarm', remoteAddress: '203.0.113.7' });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('in a deployment', () => {
    const deployments: Record<string, string>[] = [
      { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'Owner-Passw0rd' },
      { NODE_ENV: 'production' },
      { DEMO: '0' },
    ];
    for (const env of deployments) {
      it(`does not exist with ${Object.keys(env).join(', ')}: 404`, { timeout: 90_000 }, async () => {
        const server = await startTestServer({ DEMO: '', ...env });
        try {
          for (const path of ['/dev/mail-preview', '/dev/mail-preview/alarm?lang=en&format=text']) {
            const res = await server.api(path, { brand: null });
            expect(res.status).toBe(404);
            expect(((await res.json()) as { code: string }).code).toBe('ROUTE_NOT_FOUND');
          }
        } finally {
          await server.close();
        }
      });
    }
  });
});
