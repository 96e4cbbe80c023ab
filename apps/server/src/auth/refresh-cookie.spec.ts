import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE_CLIENT_ID, passwordGrantFields, REFRESH_COOKIE, WEB_CLIENT_ID } from '@washboard/contracts';
import { startTestServer, type TTestServer } from '../../test/harness';
import { ADMIN, form, refreshCookie } from '../../test/accounts';
import { REFRESH_TOKEN_DAYS } from './token.service';

/** Issue 11, item 5: the browser's refresh token lives where no script of the page can read it. */
describe('the refresh token of the web app', () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(() => server.close());

  const grant = (fields: Record<string, string>, cookie?: string) =>
    server.api('/oauth2/token', {
      ...form(fields),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie: `${REFRESH_COOKIE}=${cookie}` } : {}),
      },
    });
  const setCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`)) ?? '';
  const refreshWith = (cookie: string, extra: Record<string, string> = {}) =>
    grant({ grant_type: 'refresh_token', client_id: WEB_CLIENT_ID, ...extra }, cookie);

  it('comes as an HttpOnly, SameSite=Strict, Secure cookie scoped to the token endpoint, never in the body', async () => {
    const res = await grant(passwordGrantFields(ADMIN.email, ADMIN.password));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toHaveProperty('access_token');
    expect(body).not.toHaveProperty('refresh_token');
    const cookie = setCookie(res);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\/oauth2(;|$)/);
    // Without remember-me it ends with the browser.
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
  });

  it('outlives the browser with remember-me, and rotates on every refresh made with the cookie alone', async () => {
    const signedIn = await grant({ ...passwordGrantFields(ADMIN.email, ADMIN.password), remember_me: 'true' });
    expect(setCookie(signedIn)).toMatch(new RegExp(`Max-Age=${REFRESH_TOKEN_DAYS * 86_400}`));
    const first = refreshCookie(signedIn) ?? '';
    const renewed = await refreshWith(first, { remember_me: 'true' });
    expect(renewed.status).toBe(200);
    expect(await renewed.json()).not.toHaveProperty('refresh_token');
    const second = refreshCookie(renewed) ?? '';
    expect(second).not.toBe('');
    expect(second).not.toBe(first);
    expect(setCookie(renewed)).toMatch(/Max-Age=/);
    expect((await refreshWith(second)).status).toBe(200);
  });

  it('is revoked and cleared by a logout that sends only the cookie', async () => {
    const signedIn = await grant(passwordGrantFields(ADMIN.email, ADMIN.password));
    const cookie = refreshCookie(signedIn) ?? '';
    const logout = await server.api('/oauth2/revoke', {
      ...form({ client_id: WEB_CLIENT_ID }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${REFRESH_COOKIE}=${cookie}` },
    });
    expect(logout.status).toBe(200);
    expect(setCookie(logout)).toMatch(new RegExp(`^${REFRESH_COOKIE}=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)`, 'i'));
    expect((await refreshWith(cookie)).status).toBe(400);
  });

  it('cannot be used by another site: the token endpoint needs X-Brand, which a cross-site form cannot send', async () => {
    const signedIn = await grant(passwordGrantFields(ADMIN.email, ADMIN.password));
    const forged = await server.api('/oauth2/token', {
      brand: null,
      ...form({ grant_type: 'refresh_token', client_id: WEB_CLIENT_ID }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `${REFRESH_COOKIE}=${refreshCookie(signedIn) ?? ''}`,
      },
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { code: string }).code).toBe('BRAND_REQUIRED');
  });

  it('stays in the body for the mobile client, which keeps it in its own secure storage', async () => {
    const res = await grant(passwordGrantFields(ADMIN.email, ADMIN.password, MOBILE_CLIENT_ID));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { refresh_token?: string }).refresh_token).toMatch(/^[\w-]{40,}$/);
    expect(setCookie(res)).toBe('');
  });
});
