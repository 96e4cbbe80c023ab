import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from '../../test/harness';
import { codeOf, linkOf, plainText, startMailCatcher, type TMailCatcher } from '../../test/mail-catcher';
import { form, json, PASSWORD, passwordGrant, registration, signIn, tokensOf } from '../../test/accounts';
import { sql } from 'drizzle-orm';
import { sha256 } from '../auth/secrets';
import { REFRESH_REUSE_GRACE_SECONDS } from '../auth/token.service';

const ADMIN = { email: 'admin@washboard.test', password: 'Admin12345' };
let server: TTestServer;
let mail: TMailCatcher;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({
    SMTP_URL: mail.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: 'http://wb.test',
  });
  admin = await signIn(server, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await server.close();
  await mail.close();
});

async function codeFor(email: string): Promise<string> {
  return codeOf(await mail.waitFor(email, (m) => /\b\d{4}\b/.test(plainText(m))));
}

async function verify(email: string, code: string) {
  return server.api(`/api/v2/account/email-verification/checkVerificationCode?mail=${encodeURIComponent(email)}&code=${code}`);
}

function refresh(token: string) {
  return server.api(
    '/oauth2/token',
    form({ grant_type: 'refresh_token', refresh_token: token, client_id: 'washboard-web', response_type: 'id_token' }),
  );
}

/** Moves the moment `token` was replaced `seconds` into the past, as if the reuse came that much later. */
async function ageReplacement(token: string, seconds: number): Promise<void> {
  await server.washboard.database.db.execute(
    sql`update refresh_tokens set replaced_at = replaced_at - make_interval(secs => ${seconds}) where token_hash = ${sha256(token)}`,
  );
}

async function createCompany(name: string, parentCode?: string): Promise<string> {
  const res = await server.api('/api/v1/account/companies', json({ name, parentCode }, admin.headers));
  expect(res.status).toBe(200);
  return ((await res.json()) as { code: string }).code;
}

describe('POST /api/v2/account/users (registration)', () => {
  it('creates an inactive kitchen manager, mails a code in their language, and activates on the right code', async () => {
    const email = 'km1@example.com';
    const res = await server.api('/api/v2/account/users', json(registration(email)));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: '200' });
    const message = await mail.waitFor(email);
    expect(message.text).toMatch(/Subject: Your Lumina Professional verification code/);

    const refused = await passwordGrant(server, email, PASSWORD);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('ACCOUNT_INACTIVE');

    expect((await verify(email, codeOf(message))).status).toBe(200);
    const { headers } = await signIn(server, email, PASSWORD);
    const profile = (await (await server.api('/api/v1/account/userinfo', { headers })).json()) as Record<string, unknown>;
    expect(profile).toMatchObject({ email, role: 'KITCHEN_MANAGER', status: 'ACTIVE', language: 'en', firstName: 'Anna' });
  });

  it('answers a taken address like a new one, mails its owner instead, and keeps the account as it was', async () => {
    const email = 'twice@example.com';
    expect((await server.api('/api/v2/account/users', json(registration(email)))).status).toBe(200);
    await verify(email, await codeFor(email));
    const again = await server.api(
      '/api/v2/account/users',
      json(registration(email.toUpperCase(), { password: 'Intrud3rPass' })),
    );
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ code: '200' });
    const notice = await mail.waitFor(email, (m) => /tried to register/.test(m.text));
    expect(plainText(notice)).toMatch(/^http:\/\/wb\.test\/login\r?$/m);
    // The owner's account is untouched: its password still signs in, the intruder's does not.
    await signIn(server, email, PASSWORD);
    expect((await passwordGrant(server, email, 'Intrud3rPass')).status).toBe(400);
    // The same address is free in the other brand.
    expect((await server.api('/api/v2/account/users', { brand: 'KESTREL', ...json(registration(email)) })).status).toBe(200);
    expect(await mail.waitFor(email, (m) => /Kestrel/.test(m.text) && /\b\d{4}\b/.test(plainText(m)))).toBeDefined();
  });

  it('mails one address a few times a quarter of an hour, whoever asks, and greets with one short line', async () => {
    // A stranger could register someone else's address again and again, each time mailing it a
    // greeting of their own words.
    const email = 'often@example.com';
    const name = 'your account is locked\nvisit evil.example/fix at once, then reply';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await server.api('/api/v2/account/users', json(registration(email, { firstName: name })))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const first = await mail.waitFor(email);
    const greeting =
      plainText(first)
        .split(/\r?\n/)
        .find((line) => line.includes('your account is locked')) ?? '';
    expect(greeting).not.toContain('reply');
    expect(plainText(first)).not.toMatch(/^visit evil/m);
  });

  it('checks a company code before the address, so a taken address cannot be told apart by its errors', async () => {
    const res = await server.api(
      '/api/v2/account/users',
      json(registration(ADMIN.email, { role: 'SERVICE', companyCode: '999999' })),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('COMPANY_CODE_UNKNOWN');
  });

  it('rejects bad input with a clear 400 and stores nothing', async () => {
    const email = 'bad@example.com';
    for (const bad of [
      { password: 'short' },
      // Eight characters or more, but each lacking one kind the rule asks for.
      { password: 'no-upper-case-1' },
      { password: 'NO-LOWER-CASE-1' },
      { password: 'No-Digits-At-All' },
      { firstName: 'A' },
      { email: 'not-an-email' },
      { userDetails: { tnc: { check_1: true, check_2: false }, privacy: { check_1: true, check_2: false } } },
      { role: 'ADMIN' },
      { role: 'SERVICE' },
    ]) {
      const res = await server.api('/api/v2/account/users', json(registration(email, bad)));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message.length).toBeGreaterThan(10);
    }
    expect((await passwordGrant(server, email, PASSWORD)).status).toBe(400);
    expect(mail.mails.some((m) => m.to === email)).toBe(false);
  });

  it('refuses unknown company, partner and signup codes and creates nothing', async () => {
    const cases = [
      [{ role: 'SERVICE', companyCode: '999991' }, 'COMPANY_CODE_UNKNOWN'],
      [{ role: 'SERVICE_MANAGER', companyName: 'Acme', parentCompanyCode: '999992' }, 'PARENT_COMPANY_CODE_UNKNOWN'],
      [{ role: 'SERVICE_MANAGER', companyName: 'Acme', signupCode: '999993' }, 'SIGNUP_CODE_UNKNOWN'],
    ] as const;
    for (const [extra, code] of cases) {
      const res = await server.api('/api/v2/account/users', json(registration('nocode@example.com', extra)));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe(code);
    }
    const ok = await server.api('/api/v2/account/users', json(registration('nocode@example.com')));
    expect(ok.status).toBe(200);
  });
});

describe('GET /api/v2/account/email-verification/checkVerificationCode', () => {
  it('voids the code after five wrong tries, even for the right code afterwards; a resent code works', async () => {
    const email = 'tries@example.com';
    await server.api('/api/v2/account/users', json(registration(email)));
    const code = await codeFor(email);
    const wrong = code === '0000' ? '1111' : '0000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) answers.push(((await (await verify(email, wrong)).json()) as { code: string }).code);
    expect(answers).toEqual([
      'VERIFICATION_CODE_INVALID',
      'VERIFICATION_CODE_INVALID',
      'VERIFICATION_CODE_INVALID',
      'VERIFICATION_CODE_INVALID',
      'VERIFICATION_CODE_VOID',
    ]);
    const late = await verify(email, code);
    expect(late.status).toBe(400);
    expect(((await late.json()) as { code: string }).code).toBe('VERIFICATION_CODE_VOID');

    const before = mail.mails.length;
    const resend = await server.api(`/api/v2/account/email-verification/sendVerificationCode?mail=${email}`);
    expect(resend.status).toBe(200);
    const fresh = codeOf(await mail.waitFor(email, () => mail.mails.length > before));
    expect((await verify(email, fresh)).status).toBe(200);
  });

  it('needs the e-mail with the code: the same code on another account is refused', async () => {
    await server.api('/api/v2/account/users', json(registration('pair-a@example.com')));
    await server.api('/api/v2/account/users', json(registration('pair-b@example.com')));
    const codeA = await codeFor('pair-a@example.com');
    const res = await verify('pair-b@example.com', codeA);
    // The chance that both got the same code is 1 in 10,000; then the answer is 200 and says nothing.
    if (codeA !== (await codeFor('pair-b@example.com'))) expect(res.status).toBe(400);
  });
});

describe('service users and approval', () => {
  it('a service technician becomes PENDING_APPROVAL, is refused sign-in, and is approved by the service manager of its tree only', async () => {
    const partnerCode = await createCompany('Partner North');
    // Service manager founding a company under the partner.
    const manager = 'sm-north@example.com';
    await server.api(
      '/api/v2/account/users',
      json(registration(manager, { role: 'SERVICE_MANAGER', companyName: 'North Service', parentCompanyCode: partnerCode })),
    );
    expect((await verify(manager, await codeFor(manager))).status).toBe(200);
    // Nobody manages the partner yet: the brand's admins are asked, with a link to Authorizations.
    const askAdmin = await mail.waitFor(ADMIN.email, (m) => plainText(m).includes(manager));
    expect(plainText(askAdmin)).toContain('North Service');
    expect(plainText(askAdmin)).toMatch(/^http:\/\/wb\.test\/pendingusers\r?$/m);
    const adminList = (await (await server.api('/api/v1/account/pendingUsers', { headers: admin.headers })).json()) as {
      id: string;
      email: string;
      companyCode: string;
    }[];
    const managerRow = adminList.find((u) => u.email === manager);
    expect(managerRow).toBeDefined();
    const northCode = managerRow?.companyCode ?? '';
    const approve = await server.api(
      `/api/v1/account/activateService?pendingUserId=${managerRow?.id}&accepted=true&role=SERVICE_MANAGER`,
      { headers: admin.headers },
    );
    expect(approve.status).toBe(200);
    await mail.waitFor(manager, (m) => /approved/.test(m.text));

    // A technician of the manager's company, and one of another tree.
    const tech = 'tech-north@example.com';
    await server.api('/api/v2/account/users', json(registration(tech, { role: 'SERVICE', companyCode: northCode })));
    expect((await verify(tech, await codeFor(tech))).status).toBe(200);
    await mail.waitFor(tech, (m) => /3 working days/.test(m.text));
    // Now the manager of the technician's company decides, and is the one asked.
    const askManager = await mail.waitFor(manager, (m) => plainText(m).includes(tech));
    expect(plainText(askManager)).toMatch(/waits for your approval/);
    const pending = await passwordGrant(server, tech, PASSWORD);
    expect(((await pending.json()) as { code: string }).code).toBe('ACCOUNT_PENDING_APPROVAL');

    const southCode = await createCompany('South Service');
    const outsider = 'tech-south@example.com';
    await server.api('/api/v2/account/users', json(registration(outsider, { role: 'SERVICE', companyCode: southCode })));
    expect((await verify(outsider, await codeFor(outsider))).status).toBe(200);
    await mail.waitFor(ADMIN.email, (m) => plainText(m).includes(outsider));
    // Each request went to those who decide on it, and to nobody else.
    expect(mail.mails.filter((m) => m.to === ADMIN.email && plainText(m).includes(tech))).toEqual([]);
    expect(mail.mails.filter((m) => m.to === manager && plainText(m).includes(outsider))).toEqual([]);

    const sm = await signIn(server, manager, PASSWORD);
    const visible = (await (await server.api('/api/v1/account/pendingUsers', { headers: sm.headers })).json()) as {
      id: string;
      email: string;
    }[];
    expect(visible.map((u) => u.email)).toEqual([tech]);
    const adminView = (await (await server.api('/api/v1/account/pendingUsers', { headers: admin.headers })).json()) as {
      id: string;
      email: string;
    }[];
    const outsiderId = adminView.find((u) => u.email === outsider)?.id;
    const foreign = await server.api(`/api/v1/account/activateService?pendingUserId=${outsiderId}&accepted=true&role=SERVICE`, {
      headers: sm.headers,
    });
    expect(foreign.status).toBe(404);

    const ok = await server.api(`/api/v1/account/activateService?pendingUserId=${visible[0]?.id}&accepted=true&role=SERVICE`, {
      headers: sm.headers,
    });
    expect(ok.status).toBe(200);
    await signIn(server, tech, PASSWORD);

    const reject = await server.api(`/api/v1/account/activateService?pendingUserId=${outsiderId}&accepted=false`, {
      headers: admin.headers,
    });
    expect(reject.status).toBe(200);
    await mail.waitFor(outsider, (m) => /denied/.test(m.text));
    const deleted = await passwordGrant(server, outsider, PASSWORD);
    expect(((await deleted.json()) as { code: string }).code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses the authorizations list to a kitchen manager', async () => {
    const email = 'km-auth@example.com';
    await server.api('/api/v2/account/users', json(registration(email)));
    await verify(email, await codeFor(email));
    const km = await signIn(server, email, PASSWORD);
    expect((await server.api('/api/v1/account/pendingUsers', { headers: km.headers })).status).toBe(403);
  });

  it('a signup code issued by an admin registers a new service partner, once', async () => {
    const issued = (await (
      await server.api('/api/v1/account/signup-codes', { method: 'POST', headers: admin.headers })
    ).json()) as { signupCode: string };
    expect(issued.signupCode).toMatch(/^\d{6}$/);
    const body = (email: string) =>
      json(registration(email, { role: 'SERVICE_MANAGER', companyName: 'New Partner', signupCode: issued.signupCode }));
    expect((await server.api('/api/v2/account/users', body('partner@example.com'))).status).toBe(200);
    const reuse = await server.api('/api/v2/account/users', body('partner2@example.com'));
    expect(((await reuse.json()) as { code: string }).code).toBe('SIGNUP_CODE_UNKNOWN');
  });
});

describe('POST /oauth2/token', () => {
  it('answers invalid credentials alike for a wrong password, an unknown account and another brand', async () => {
    for (const [email, password, brand] of [
      [ADMIN.email, 'Wrong12345', 'LUMINA'],
      ['nobody@example.com', PASSWORD, 'LUMINA'],
    ] as const) {
      const res = await passwordGrant(server, email, password, brand);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('INVALID_CREDENTIALS');
    }
    const km = 'brand-only@example.com';
    await server.api('/api/v2/account/users', json(registration(km)));
    await verify(km, await codeFor(km));
    const other = await passwordGrant(server, km, PASSWORD, 'KESTREL');
    expect(((await other.json()) as { code: string }).code).toBe('INVALID_CREDENTIALS');
  });

  it('issues an ES256 access token verifiable with /oauth2/jwks, usable only with its brand and key', async () => {
    const jwks = (await (await fetch(`${server.url}/oauth2/jwks`)).json()) as {
      keys: { kty: string; alg: string; d?: string }[];
    };
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256' });
    expect(jwks.keys[0]?.d).toBeUndefined();
    expect((await server.api('/api/v1/account/userinfo', { headers: admin.headers })).status).toBe(200);
    expect((await server.api('/api/v1/account/userinfo', { brand: 'KESTREL', headers: admin.headers })).status).toBe(401);
    expect(
      (await server.api('/api/v1/account/userinfo', { headers: { ...admin.headers, 'x-subscription-key': 'nope' } })).status,
    ).toBe(401);
    expect(
      (await server.api('/api/v1/account/userinfo', { headers: { ...admin.headers, authorization: 'Bearer forged' } })).status,
    ).toBe(401);
  });

  it('rotates refresh tokens, and a reused refresh token revokes the whole family', async () => {
    const { tokens } = await signIn(server, ADMIN.email, ADMIN.password);
    const first = await refresh(tokens.refresh_token);
    expect(first.status).toBe(200);
    const rotated = await tokensOf(first);
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);

    // A reuse within seconds is a second tab (tested below); this one comes after the grace window.
    await ageReplacement(tokens.refresh_token, REFRESH_REUSE_GRACE_SECONDS + 1);
    const reuse = await refresh(tokens.refresh_token);
    expect(reuse.status).toBe(400);
    expect(((await reuse.json()) as { code: string }).code).toBe('REFRESH_TOKEN_INVALID');
    // The newer token of the same family is dead too.
    expect((await refresh(rotated.refresh_token)).status).toBe(400);
  });

  it('lets two tabs refresh with the same token within the grace window, each getting a live token of the family', async () => {
    const { tokens } = await signIn(server, ADMIN.email, ADMIN.password);
    const first = await refresh(tokens.refresh_token);
    const second = await refresh(tokens.refresh_token);
    expect([first.status, second.status]).toEqual([200, 200]);
    const a = await tokensOf(first);
    const b = await tokensOf(second);
    expect(a.refresh_token).not.toBe(b.refresh_token);
    const headers = (t: string) => ({ authorization: `Bearer ${t}`, 'x-subscription-key': admin.headers['x-subscription-key'] });
    expect((await server.api('/api/v1/account/userinfo', { headers: headers(b.access_token) })).status).toBe(200);
    // Both tabs go on refreshing on their own.
    expect((await refresh(a.refresh_token)).status).toBe(200);
    expect((await refresh(b.refresh_token)).status).toBe(200);
  });

  it('lets two simultaneous refreshes with the same token both succeed', async () => {
    const { tokens } = await signIn(server, ADMIN.email, ADMIN.password);
    const answers = await Promise.all([
      refresh(tokens.refresh_token),
      refresh(tokens.refresh_token),
      refresh(tokens.refresh_token),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const issued = await Promise.all(answers.map(async (r) => (await tokensOf(r)).refresh_token));
    expect(new Set(issued).size).toBe(3);
    for (const token of issued) expect((await refresh(token)).status).toBe(200);
  });

  it('revokes the family when the token comes back after the grace window, siblings included', async () => {
    const { tokens } = await signIn(server, ADMIN.email, ADMIN.password);
    const a = await tokensOf(await refresh(tokens.refresh_token));
    const b = await tokensOf(await refresh(tokens.refresh_token));
    await ageReplacement(tokens.refresh_token, REFRESH_REUSE_GRACE_SECONDS + 1);
    const late = await refresh(tokens.refresh_token);
    expect(late.status).toBe(400);
    expect(((await late.json()) as { code: string }).code).toBe('REFRESH_TOKEN_INVALID');
    expect((await refresh(a.refresh_token)).status).toBe(400);
    expect((await refresh(b.refresh_token)).status).toBe(400);
  });

  it('gives no grace after logout: the replaced token of a revoked family stays dead', async () => {
    const { tokens } = await signIn(server, ADMIN.email, ADMIN.password);
    const a = await tokensOf(await refresh(tokens.refresh_token));
    expect((await server.api('/oauth2/revoke', form({ token: a.refresh_token, client_id: 'washboard-web' }))).status).toBe(200);
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
  });

  it('logout revokes the refresh token', async () => {
    const { tokens } = await signIn(server, ADMIN.email, ADMIN.password);
    expect((await server.api('/oauth2/revoke', form({ token: tokens.refresh_token, client_id: 'washboard-web' }))).status).toBe(
      200,
    );
    const res = await server.api(
      '/oauth2/token',
      form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'washboard-web' }),
    );
    expect(res.status).toBe(400);
  });

  it('limits repeated sign-in attempts per account and address', async () => {
    const email = 'limited@example.com';
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) codes.push((await passwordGrant(server, email, 'Wrong12345')).status);
    expect(codes.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('passwords', () => {
  it('resets a forgotten password through the e-mailed link; unknown addresses get the same answer and no mail', async () => {
    const email = 'forgot@example.com';
    await server.api('/api/v2/account/users', json(registration(email)));
    await verify(email, await codeFor(email));
    const unknown = await server.api('/api/v2/account/resetPassword/ghost@example.com', { method: 'POST' });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ code: '200' });

    expect((await server.api(`/api/v2/account/resetPassword/${email}`, { method: 'POST' })).status).toBe(200);
    const link = linkOf(await mail.waitFor(email, (m) => /changepassword/.test(m.text)));
    expect(link.origin).toBe('http://wb.test');
    expect(link.searchParams.get('email')).toBe(email);
    const token = link.searchParams.get('token') ?? '';
    const change = (password: string) =>
      server.api(`/api/v2/account/changePassword/${email}`, {
        method: 'POST',
        headers: { verificationcode: token, newpassword: password },
      });
    expect((await change('weak')).status).toBe(400);
    expect((await change('NewPassw0rd')).status).toBe(200);
    expect((await change('OtherPassw0rd')).status).toBe(400);
    await signIn(server, email, 'NewPassw0rd');
    expect(mail.mails.some((m) => m.to === 'ghost@example.com')).toBe(false);
  });

  it("leads a Kestrel reader's reset link to the Kestrel dashboard, where the account exists", async () => {
    // One host for both brands (PUBLIC_URL http://wb.test maps to none): the link must name the brand,
    // or the page would ask the Lumina accounts for this address and refuse the token.
    const email = 'kestrel-forgot@example.com';
    const kestrel = (path: string, init: Parameters<typeof server.api>[1] = {}) =>
      server.api(path, { brand: 'KESTREL', ...init });
    await kestrel('/api/v2/account/users', json(registration(email)));
    const code = codeOf(await mail.waitFor(email, (m) => /Kestrel/.test(m.text) && /\b\d{4}\b/.test(plainText(m))));
    expect((await kestrel(`/api/v2/account/email-verification/checkVerificationCode?mail=${email}&code=${code}`)).status).toBe(
      200,
    );

    expect((await kestrel(`/api/v2/account/resetPassword/${email}`, { method: 'POST' })).status).toBe(200);
    const link = linkOf(await mail.waitFor(email, (m) => /changepassword/.test(m.text)));
    expect(link.origin).toBe('http://wb.test');
    const brand = link.searchParams.get('brand') ?? 'LUMINA';
    expect(brand).toBe('KESTREL');
    const headers = { verificationcode: link.searchParams.get('token') ?? '', newpassword: 'NewPassw0rd' };
    const change = await server.api(`/api/v2/account/changePassword/${email}`, { method: 'POST', brand, headers });
    expect(change.status).toBe(200);
    await signIn(server, email, 'NewPassw0rd', 'KESTREL');
  });

  it('answers reset and resend requests without looking the address up on the request path', async () => {
    const email = 'timing@example.com';
    await server.api('/api/v2/account/users', json(registration(email)));
    await verify(email, await codeFor(email));
    // Hold the accounts table: a request that looked an address up would wait for the release.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const held = server.washboard.database.transaction(async (sql) => {
      await sql.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      locked();
      await gate;
    });
    await holding;
    const timer = setTimeout(release, 5_000);
    try {
      for (const path of [
        `/api/v2/account/resetPassword/${email}`,
        '/api/v2/account/resetPassword/nobody@example.com',
        `/api/v2/account/email-verification/sendVerificationCode?mail=${email}`,
      ]) {
        const started = Date.now();
        const res = await server.api(path, { method: path.includes('reset') ? 'POST' : 'GET' });
        expect(res.status, path).toBe(200);
        expect(Date.now() - started, path).toBeLessThan(2_000);
      }
    } finally {
      clearTimeout(timer);
      release();
      await held;
    }
    // Once the table is free, the known address gets its link.
    expect(linkOf(await mail.waitFor(email, (m) => /changepassword/.test(m.text))).searchParams.get('email')).toBe(email);
    expect(mail.mails.some((m) => m.to === 'nobody@example.com')).toBe(false);
  });

  it('changes the password of a signed-in user only with the current one', async () => {
    const email = 'patch@example.com';
    await server.api('/api/v2/account/users', json(registration(email)));
    await verify(email, await codeFor(email));
    const { headers } = await signIn(server, email, PASSWORD);
    const patch = (body: unknown) => server.api('/api/v1/account/users/password', { ...json(body, headers), method: 'PATCH' });
    expect((await patch({ currentPassword: 'Wrong12345', newPassword: 'Changed123' })).status).toBe(400);
    expect((await patch({ currentPassword: PASSWORD, newPassword: 'Changed123' })).status).toBe(200);
    await signIn(server, email, 'Changed123');
  });
});

describe('POST /api/v1/account/updateUser', () => {
  it('saves the profile fields, flags and language, and refuses invalid values without changing anything', async () => {
    const email = 'profile@example.com';
    await server.api('/api/v2/account/users', json(registration(email)));
    await verify(email, await codeFor(email));
    const { headers } = await signIn(server, email, PASSWORD);
    const update = {
      firstName: 'Giulia',
      lastName: 'Bianchi',
      address: 'Via Roma',
      houseNumber: '12',
      city: 'Torino',
      postalCode: '10121',
      country: 'IT',
      phone: '+39 011 123456',
      mobile: '+39 333 1234567',
      weeklyReport: true,
      thresholdNotifications: true,
      alarmNotifications: false,
      language: 'de',
    };
    const res = await server.api('/api/v1/account/updateUser', json(update, headers));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ...update, email });
    const bad = await server.api('/api/v1/account/updateUser', json({ ...update, firstName: 'X', language: 'ru' }, headers));
    expect(bad.status).toBe(400);
    const after = (await (await server.api('/api/v1/account/userinfo', { headers })).json()) as {
      firstName: string;
      language: string;
    };
    expect(after).toMatchObject({ firstName: 'Giulia', language: 'de' });
  });
});
