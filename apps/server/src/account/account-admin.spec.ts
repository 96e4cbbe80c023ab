import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from '../../test/harness';
import { codeOf, startMailCatcher, type TMailCatcher } from '../../test/mail-catcher';
import { activeUser, form, json, PASSWORD, passwordGrant, registration, signIn, userIdOf } from '../../test/accounts';

const ADMIN = { email: 'admin@washboard.test', password: 'Admin12345' };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
type THeaders = Record<string, string>;
type TRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: string;
  companyCode: string | null;
  companyName: string | null;
  role: string;
  country: string | null;
  mobile: string | null;
  phone: string | null;
  administrationProfile: string[];
};

let server: TTestServer;
let mail: TMailCatcher;
let admin: THeaders;
let kestrelAdmin: THeaders;
let kitchenManager: THeaders;
let serviceManager: THeaders;
let accountsHolder: THeaders;
let accountsHolderId: string;
let northCode: string;
let southCode: string;
let kestrelCode: string;
let kestrelUserId: string;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
  kestrelAdmin = (await signIn(server, ADMIN.email, ADMIN.password, 'KESTREL')).headers;
  northCode = await createCompany(admin, 'North Service');
  southCode = await createCompany(admin, 'South Service');
  kestrelCode = await createCompany(kestrelAdmin, 'Kestrel Service', 'KESTREL');

  await activeUser(server, admin, 'km@example.com');
  kitchenManager = (await signIn(server, 'km@example.com', PASSWORD)).headers;
  const smId = await activeUser(server, admin, 'sm@example.com');
  expect((await updateRole(admin, smId, 'SERVICE_MANAGER', northCode)).status).toBe(200);
  serviceManager = (await signIn(server, 'sm@example.com', PASSWORD)).headers;
  accountsHolderId = await activeUser(server, admin, 'holder@example.com');
  expect((await setProfiles(admin, accountsHolderId, ['ACCOUNTS', 'PRODUCTS'])).status).toBe(200);
  accountsHolder = (await signIn(server, 'holder@example.com', PASSWORD)).headers;
  kestrelUserId = await activeUser(server, kestrelAdmin, 'kestrel-km@example.com', 'KESTREL');
});
afterAll(async () => {
  await server.close();
  await mail.close();
});

async function createCompany(headers: THeaders, name: string, brand = 'LUMINA'): Promise<string> {
  const res = await server.api('/api/v1/account/companies', { brand, ...json({ name }, headers) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { code: string }).code;
}

async function users(headers: THeaders, q?: string, brand = 'LUMINA'): Promise<TRow[]> {
  const res = await server.api(`/api/v1/account/users${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`, {
    brand,
    headers,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as TRow[];
}

async function row(email: string, brand = 'LUMINA'): Promise<TRow | undefined> {
  return (await users(brand === 'LUMINA' ? admin : kestrelAdmin, email, brand)).find((r) => r.email === email);
}

function updateRole(headers: THeaders, id: string, targetRole: string, companyCode?: string, brand = 'LUMINA') {
  const query = new URLSearchParams({ targetRole, ...(companyCode === undefined ? {} : { companyCode }) });
  return server.api(`/api/v1/account/users/${id}/updateRole?${query}`, { brand, method: 'PUT', headers });
}

function updateCompany(headers: THeaders, id: string, companyCode: string, brand = 'LUMINA') {
  return server.api(`/api/v1/account/users/${id}/updateCompany?companyCode=${companyCode}`, { brand, method: 'PUT', headers });
}

function setProfiles(headers: THeaders, id: string, administrationProfile: unknown, brand = 'LUMINA') {
  return server.api(`/api/v1/account/users/${id}/administrationProfile`, {
    brand,
    ...json({ administrationProfile }, headers),
    method: 'PUT',
  });
}

function activate(headers: THeaders, id: string, brand = 'LUMINA') {
  return server.api(`/api/v1/account/users/${id}/activate`, { brand, method: 'POST', headers });
}

function remove(headers: THeaders, id: string, brand = 'LUMINA') {
  return server.api(`/api/v1/account/users/${id}`, { brand, method: 'DELETE', headers });
}

async function errorCode(res: Response): Promise<string> {
  return ((await res.json()) as { code: string }).code;
}

async function profileOf(headers: THeaders) {
  const res = await server.api('/api/v1/account/userinfo', { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as { role: string; companyCode: string | null; administrationProfile: string[]; status: string };
}

describe('GET /api/v1/account/users', () => {
  it("answers an admin the brand's accounts with the columns of the user table", async () => {
    const email = 'columns@example.com';
    const id = await activeUser(server, admin, email);
    const { headers } = await signIn(server, email, PASSWORD);
    const profile = {
      firstName: 'Carla',
      lastName: 'Verdi',
      country: 'IT',
      phone: '+39 011 1234',
      mobile: '+39 333 1234',
      weeklyReport: false,
      thresholdNotifications: false,
      alarmNotifications: false,
      language: 'it',
    };
    expect((await server.api('/api/v1/account/updateUser', json(profile, headers))).status).toBe(200);
    expect((await updateCompany(admin, id, northCode)).status).toBe(200);

    const rows = await users(admin);
    expect(rows.find((r) => r.email === email)).toEqual({
      id,
      email,
      firstName: 'Carla',
      lastName: 'Verdi',
      status: 'ACTIVE',
      companyCode: northCode,
      companyName: 'North Service',
      role: 'KITCHEN_MANAGER',
      country: 'IT',
      mobile: '+39 333 1234',
      phone: '+39 011 1234',
      administrationProfile: [],
      createdAt: expect.any(String),
    });
    expect(rows.find((r) => r.email === ADMIN.email)).toMatchObject({
      role: 'ADMIN',
      administrationProfile: expect.arrayContaining(['ACCOUNTS', 'COMPANIES']),
    });
    expect(rows.some((r) => r.status === 'INACTIVE')).toBe(false);
    const sorted = rows.map((r) => r.email.toLowerCase());
    expect(sorted).toEqual([...sorted].sort());
  });

  it('shows accounts of every status but DELETED', async () => {
    await server.api('/api/v2/account/users', json(registration('not-verified@example.com')));
    expect(await row('not-verified@example.com')).toMatchObject({ status: 'INACTIVE' });
  });

  it('filters by keyword: every word must appear in some column, case-insensitively, wildcards taken literally', async () => {
    await activeUser(server, admin, 'keyword-one@example.com', 'LUMINA', { firstName: 'Ottavio', lastName: 'Zanetti' });
    const two = await activeUser(server, admin, 'keyword-two@example.com', 'LUMINA', { firstName: 'Ottavio', lastName: 'Bruni' });
    expect((await updateCompany(admin, two, southCode)).status).toBe(200);

    expect((await users(admin, 'ottavio')).map((r) => r.email)).toEqual(['keyword-one@example.com', 'keyword-two@example.com']);
    expect((await users(admin, '  Ottavio   zanetti ')).map((r) => r.email)).toEqual(['keyword-one@example.com']);
    expect((await users(admin, 'ottavio south')).map((r) => r.email)).toEqual(['keyword-two@example.com']);
    expect((await users(admin, `ottavio ${southCode}`)).map((r) => r.email)).toEqual(['keyword-two@example.com']);
    expect(await users(admin, 'ottavio%')).toEqual([]);
    expect(await users(admin, 'keyword_one')).toEqual([]);
    expect((await users(admin, '')).length).toBe((await users(admin)).length);
  });

  it('refuses a keyword over 100 characters', async () => {
    const res = await server.api(`/api/v1/account/users?q=${'x'.repeat(101)}`, { headers: admin });
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe('VALIDATION_FAILED');
  });

  it('allows a holder of the ACCOUNTS profile', async () => {
    expect((await users(accountsHolder)).some((r) => r.email === 'km@example.com')).toBe(true);
  });

  it('refuses a kitchen manager and a service manager without the ACCOUNTS profile', async () => {
    for (const headers of [kitchenManager, serviceManager]) {
      const res = await server.api('/api/v1/account/users', { headers });
      expect(res.status).toBe(403);
      expect(await errorCode(res)).toBe('FORBIDDEN');
    }
  });

  it('refuses a caller without a session', async () => {
    expect((await server.api('/api/v1/account/users')).status).toBe(401);
  });

  it("never shows another brand's accounts", async () => {
    expect((await users(admin)).some((r) => r.email === 'kestrel-km@example.com')).toBe(false);
    const kestrel = await users(kestrelAdmin, undefined, 'KESTREL');
    expect(kestrel.some((r) => r.email === 'kestrel-km@example.com')).toBe(true);
    expect(kestrel.some((r) => r.email === 'km@example.com')).toBe(false);
  });
});

describe('GET /api/v1/account/users/page', () => {
  type TPage = { items: TRow[]; total: number; page: number; size: number };
  // Twelve accounts only this block's searches find ("paging"), with surnames out of e-mail order.
  const surnames = [
    'Neri',
    'Bianchi',
    'Amato',
    'Lombardi',
    'Esposito',
    'Gallo',
    'Costa',
    'Fontana',
    'Moretti',
    'Ricci',
    'Deluca',
    'Hofer',
  ];
  const emails = surnames.map((_, i) => `paging-${String(i + 1).padStart(2, '0')}@example.com`);

  beforeAll(async () => {
    for (const [i, email] of emails.entries()) {
      const id = await activeUser(server, admin, email, 'LUMINA', { lastName: surnames[i] });
      // Three technicians of South Service, one kitchen manager of North: the rest have no company.
      if (i < 3) expect((await updateRole(admin, id, 'SERVICE', southCode)).status).toBe(200);
      if (i === 3) expect((await updateCompany(admin, id, northCode)).status).toBe(200);
    }
    // Registered, never verified: INACTIVE.
    await server.api('/api/v2/account/users', json(registration('paging-inactive@example.com')));
  });

  async function page(query: string, headers: THeaders = admin, brand = 'LUMINA'): Promise<TPage> {
    const res = await server.api(`/api/v1/account/users/page?${query}`, { brand, headers });
    expect(res.status).toBe(200);
    return (await res.json()) as TPage;
  }
  const emailsOf = (p: TPage) => p.items.map((r) => r.email);

  it('answers the table a page at a time, sorted by e-mail, with the count of every row kept', async () => {
    const first = await page('q=paging&size=10');
    expect(first).toMatchObject({ total: 13, page: 1, size: 10 });
    expect(emailsOf(first)).toEqual([...emails.slice(0, 10)]);
    const second = await page('q=paging&size=10&page=2');
    expect(emailsOf(second)).toEqual([...emails.slice(10), 'paging-inactive@example.com']);
    expect((await page('q=paging&size=10&page=3')).items).toEqual([]);
  });

  it('sorts by any column either way, empty cells last', async () => {
    const bySurname = await page('q=paging&sort=lastName&size=25');
    expect(bySurname.items.map((r) => r.lastName)).toEqual([...surnames, 'Rossi'].sort());
    const newestFirst = await page('q=paging&sort=createdAt&order=desc&size=25');
    expect(emailsOf(newestFirst)[0]).toBe('paging-inactive@example.com');
    expect(emailsOf(newestFirst).at(-1)).toBe(emails[0]);
    for (const order of ['asc', 'desc']) {
      const byCompany = await page(`q=paging&sort=company&order=${order}&size=25`);
      const names = byCompany.items.map((r) => r.companyName);
      expect(names.slice(0, 4)).toEqual(
        order === 'asc'
          ? ['North Service', ...Array(3).fill('South Service')]
          : [...Array(3).fill('South Service'), 'North Service'],
      );
      expect(names.slice(4).every((n) => n === null)).toBe(true);
    }
  });

  it('filters by status and by role, together with the keyword', async () => {
    const technicians = await page('q=paging&role=SERVICE');
    expect(technicians.total).toBe(3);
    expect(emailsOf(technicians)).toEqual(emails.slice(0, 3));
    const inactive = await page('q=paging&status=INACTIVE');
    expect(emailsOf(inactive)).toEqual(['paging-inactive@example.com']);
    expect((await page('q=paging south&role=SERVICE&status=ACTIVE')).total).toBe(3);
    expect((await page('q=paging&role=ADMIN')).total).toBe(0);
  });

  it('refuses a page size, page, sort or filter outside the table (DELETED included)', async () => {
    for (const query of [
      'size=7',
      'size=1000',
      'page=0',
      'page=x',
      'sort=passwordHash',
      'order=up',
      'status=DELETED',
      'role=OWNER',
      `q=${'x'.repeat(101)}`,
    ]) {
      const res = await server.api(`/api/v1/account/users/page?${query}`, { headers: admin });
      expect(res.status, query).toBe(400);
      expect(await errorCode(res)).toBe('VALIDATION_FAILED');
    }
  });

  it('allows a holder of the ACCOUNTS profile', async () => {
    expect((await page('q=paging', accountsHolder)).total).toBe(13);
  });

  it('refuses a kitchen manager, a service manager and a caller without a session', async () => {
    for (const headers of [kitchenManager, serviceManager]) {
      const res = await server.api('/api/v1/account/users/page', { headers });
      expect(res.status).toBe(403);
      expect(await errorCode(res)).toBe('FORBIDDEN');
    }
    expect((await server.api('/api/v1/account/users/page')).status).toBe(401);
  });

  it("never shows another brand's accounts", async () => {
    expect((await page('q=paging', kestrelAdmin, 'KESTREL')).total).toBe(0);
    expect(emailsOf(await page('q=kestrel-km', kestrelAdmin, 'KESTREL'))).toEqual(['kestrel-km@example.com']);
    expect((await page('q=kestrel-km')).total).toBe(0);
  });
});

describe('DELETE /api/v1/account/users/{id}', () => {
  it('deletes an account: it leaves the table, cannot sign in, and its session cannot be refreshed', async () => {
    const email = 'to-delete@example.com';
    const id = await activeUser(server, admin, email);
    const { tokens } = await signIn(server, email, PASSWORD);

    const res = await remove(admin, id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: '200' });
    expect(await row(email)).toBeUndefined();
    expect(await errorCode(await passwordGrant(server, email, PASSWORD))).toBe('INVALID_CREDENTIALS');
    const refreshed = await server.api(
      '/oauth2/token',
      form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'washboard-web' }),
    );
    expect(refreshed.status).toBe(400);
    expect(await errorCode(refreshed)).toBe('REFRESH_TOKEN_INVALID');

    // Deleted is final for the administration calls: the account answers as if it did not exist.
    expect((await remove(admin, id)).status).toBe(404);
    expect((await activate(admin, id)).status).toBe(404);
  });

  it('refuses to delete the caller itself', async () => {
    const me = await userIdOf(server, admin, ADMIN.email);
    const res = await remove(admin, me);
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('OWN_ACCOUNT_NOT_ALLOWED');
    await signIn(server, ADMIN.email, ADMIN.password);
  });

  it('lets a holder of ACCOUNTS delete a kitchen manager, but not an admin', async () => {
    const id = await activeUser(server, admin, 'holder-deletes@example.com');
    expect((await remove(accountsHolder, id)).status).toBe(200);
    const adminId = await userIdOf(server, admin, ADMIN.email);
    const res = await remove(accountsHolder, adminId);
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('FORBIDDEN');
    expect(await row(ADMIN.email)).toMatchObject({ status: 'ACTIVE' });
  });

  it('refuses a kitchen manager and a service manager', async () => {
    const id = await activeUser(server, admin, 'survivor@example.com');
    for (const headers of [kitchenManager, serviceManager]) expect((await remove(headers, id)).status).toBe(403);
    expect(await row('survivor@example.com')).toMatchObject({ status: 'ACTIVE' });
  });

  it("answers 404 for an unknown id and for another brand's account, 400 for a malformed id", async () => {
    const unknown = await remove(admin, UNKNOWN_ID);
    expect(unknown.status).toBe(404);
    expect(await errorCode(unknown)).toBe('USER_NOT_FOUND');
    expect((await remove(admin, kestrelUserId)).status).toBe(404);
    expect(await row('kestrel-km@example.com', 'KESTREL')).toMatchObject({ status: 'ACTIVE' });
    const malformed = await remove(admin, 'not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(await errorCode(malformed)).toBe('VALIDATION_FAILED');
  });
});

describe('PUT /api/v1/account/users/{id}/updateRole', () => {
  it('changes the role and, when given, the company; the next session carries them', async () => {
    const email = 'promoted@example.com';
    const id = await activeUser(server, admin, email);
    const res = await updateRole(admin, id, 'SERVICE', southCode);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: '200' });
    expect(await row(email)).toMatchObject({ role: 'SERVICE', companyCode: southCode });
    const { headers } = await signIn(server, email, PASSWORD);
    expect(await profileOf(headers)).toMatchObject({ role: 'SERVICE', companyCode: southCode });

    // Without companyCode the company stays.
    expect((await updateRole(admin, id, 'SERVICE_MANAGER')).status).toBe(200);
    expect(await row(email)).toMatchObject({ role: 'SERVICE_MANAGER', companyCode: southCode });
    const manager = (await signIn(server, email, PASSWORD)).headers;
    expect((await server.api('/api/v1/account/pendingUsers', { headers: manager })).status).toBe(200);
  });

  it('makes an admin, who may then use the administration calls', async () => {
    const email = 'new-admin@example.com';
    const id = await activeUser(server, admin, email);
    expect((await updateRole(admin, id, 'ADMIN')).status).toBe(200);
    const { headers } = await signIn(server, email, PASSWORD);
    expect((await server.api('/api/v1/account/users', { headers })).status).toBe(200);
  });

  it('refuses a service role to an account without a company when none is given, and changes nothing', async () => {
    const email = 'no-company@example.com';
    const id = await activeUser(server, admin, email);
    for (const role of ['SERVICE', 'SERVICE_MANAGER']) {
      const res = await updateRole(admin, id, role);
      expect(res.status).toBe(409);
      expect(await errorCode(res)).toBe('ROLE_NOT_ALLOWED');
    }
    expect(await row(email)).toMatchObject({ role: 'KITCHEN_MANAGER', companyCode: null });
  });

  it('lets a holder of ACCOUNTS change roles, but not make admins nor touch one', async () => {
    const email = 'holder-target@example.com';
    const id = await activeUser(server, admin, email);
    expect((await updateRole(accountsHolder, id, 'SERVICE', northCode)).status).toBe(200);
    const promote = await updateRole(accountsHolder, id, 'ADMIN');
    expect(promote.status).toBe(403);
    expect(await errorCode(promote)).toBe('FORBIDDEN');
    expect(await row(email)).toMatchObject({ role: 'SERVICE' });
    const adminId = await userIdOf(server, admin, ADMIN.email);
    expect((await updateRole(accountsHolder, adminId, 'KITCHEN_MANAGER')).status).toBe(403);
    expect(await row(ADMIN.email)).toMatchObject({ role: 'ADMIN' });
  });

  it("refuses to change the caller's own role", async () => {
    const res = await updateRole(accountsHolder, accountsHolderId, 'SERVICE_MANAGER', northCode);
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('OWN_ACCOUNT_NOT_ALLOWED');
    expect(await row('holder@example.com')).toMatchObject({ role: 'KITCHEN_MANAGER', companyCode: null });
  });

  it('refuses a kitchen manager and a service manager', async () => {
    const id = await activeUser(server, admin, 'role-victim@example.com');
    for (const headers of [kitchenManager, serviceManager]) {
      expect((await updateRole(headers, id, 'SERVICE', northCode)).status).toBe(403);
    }
    expect(await row('role-victim@example.com')).toMatchObject({ role: 'KITCHEN_MANAGER', companyCode: null });
  });

  it('validates the role and the company code (400), refuses an unknown company (404), and changes nothing', async () => {
    const email = 'role-checks@example.com';
    const id = await activeUser(server, admin, email);
    for (const [role, company] of [
      ['OWNER', northCode],
      ['service', northCode],
      ['SERVICE', '12345'],
      ['SERVICE', 'abcdef'],
    ] as const) {
      const res = await updateRole(admin, id, role, company);
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe('VALIDATION_FAILED');
    }
    expect((await server.api(`/api/v1/account/users/${id}/updateRole`, { method: 'PUT', headers: admin })).status).toBe(400);
    const unknown = await updateRole(admin, id, 'SERVICE', '999999');
    expect(unknown.status).toBe(404);
    expect(await errorCode(unknown)).toBe('COMPANY_NOT_FOUND');
    const foreignCompany = await updateRole(admin, id, 'SERVICE', kestrelCode);
    expect(foreignCompany.status).toBe(404);
    expect(await row(email)).toMatchObject({ role: 'KITCHEN_MANAGER', companyCode: null });
  });

  it("answers 404 for an unknown id and for another brand's account", async () => {
    expect((await updateRole(admin, UNKNOWN_ID, 'KITCHEN_MANAGER')).status).toBe(404);
    const res = await updateRole(admin, kestrelUserId, 'SERVICE', northCode);
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe('USER_NOT_FOUND');
    expect(await row('kestrel-km@example.com', 'KESTREL')).toMatchObject({ role: 'KITCHEN_MANAGER' });
  });
});

describe('POST /api/v1/account/users/{id}/activate', () => {
  it('activates an account whose e-mail was never verified; it can sign in and is told by e-mail', async () => {
    const email = 'unverified@example.com';
    await server.api('/api/v2/account/users', json(registration(email)));
    expect(await errorCode(await passwordGrant(server, email, PASSWORD))).toBe('ACCOUNT_INACTIVE');
    const id = await userIdOf(server, admin, email);
    const res = await activate(admin, id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: '200' });
    await mail.waitFor(email, (m) => /approved/.test(m.text));
    const { headers } = await signIn(server, email, PASSWORD);
    expect(await profileOf(headers)).toMatchObject({ status: 'ACTIVE' });
  });

  it('activates a pending service technician, who leaves the authorizations list', async () => {
    const email = 'pending-tech@example.com';
    await server.api('/api/v2/account/users', json(registration(email, { role: 'SERVICE', companyCode: northCode })));
    const id = await userIdOf(server, admin, email);
    const code = codeOf(await mail.waitFor(email));
    const check = await server.api(
      `/api/v2/account/email-verification/checkVerificationCode?mail=${encodeURIComponent(email)}&code=${code}`,
    );
    expect(check.status).toBe(200);
    expect(await row(email)).toMatchObject({ status: 'PENDING_APPROVAL' });

    expect((await activate(accountsHolder, id)).status).toBe(200);
    await signIn(server, email, PASSWORD);
    const pending = (await (await server.api('/api/v1/account/pendingUsers', { headers: admin })).json()) as { id: string }[];
    expect(pending.some((p) => p.id === id)).toBe(false);
  });

  it('answers 409 for an account that is already active', async () => {
    const id = await userIdOf(server, admin, 'km@example.com');
    const res = await activate(admin, id);
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe('USER_ALREADY_ACTIVE');
  });

  it('refuses a kitchen manager and a service manager, and the account stays inactive', async () => {
    const email = 'stays-inactive@example.com';
    await server.api('/api/v2/account/users', json(registration(email)));
    const id = await userIdOf(server, admin, email);
    for (const headers of [kitchenManager, serviceManager]) expect((await activate(headers, id)).status).toBe(403);
    expect(await row(email)).toMatchObject({ status: 'INACTIVE' });
  });

  it("answers 404 for an unknown id and for another brand's account", async () => {
    const email = 'kestrel-inactive@example.com';
    await server.api('/api/v2/account/users', { brand: 'KESTREL', ...json(registration(email)) });
    const id = await userIdOf(server, kestrelAdmin, email, 'KESTREL');
    expect((await activate(admin, UNKNOWN_ID)).status).toBe(404);
    const res = await activate(admin, id);
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe('USER_NOT_FOUND');
    expect(await row(email, 'KESTREL')).toMatchObject({ status: 'INACTIVE' });
  });
});

describe('PUT /api/v1/account/users/{id}/updateCompany', () => {
  it('moves an account to another company; its profile shows it', async () => {
    const email = 'mover@example.com';
    const id = await activeUser(server, admin, email);
    const res = await updateCompany(admin, id, southCode);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: '200' });
    expect((await updateCompany(accountsHolder, id, northCode)).status).toBe(200);
    const { headers } = await signIn(server, email, PASSWORD);
    expect(await profileOf(headers)).toMatchObject({ companyCode: northCode });
    expect(await row(email)).toMatchObject({ companyCode: northCode, companyName: 'North Service' });
  });

  it("validates the code (400), refuses an unknown company or another brand's (404), and changes nothing", async () => {
    const email = 'company-checks@example.com';
    const id = await activeUser(server, admin, email);
    expect((await updateCompany(admin, id, southCode)).status).toBe(200);
    for (const bad of ['', '12345', '1234567', 'abcdef']) {
      const res = await updateCompany(admin, id, bad);
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe('VALIDATION_FAILED');
    }
    for (const missing of ['999999', kestrelCode]) {
      const res = await updateCompany(admin, id, missing);
      expect(res.status).toBe(404);
      expect(await errorCode(res)).toBe('COMPANY_NOT_FOUND');
    }
    expect(await row(email)).toMatchObject({ companyCode: southCode });
  });

  it("refuses to move the caller's own account", async () => {
    const res = await updateCompany(accountsHolder, accountsHolderId, northCode);
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('OWN_ACCOUNT_NOT_ALLOWED');
  });

  it('refuses a kitchen manager and a service manager', async () => {
    const id = await activeUser(server, admin, 'company-victim@example.com');
    for (const headers of [kitchenManager, serviceManager])
      expect((await updateCompany(headers, id, northCode)).status).toBe(403);
    expect(await row('company-victim@example.com')).toMatchObject({ companyCode: null });
  });

  it("answers 404 for an unknown id and for another brand's account", async () => {
    expect((await updateCompany(admin, UNKNOWN_ID, northCode)).status).toBe(404);
    expect((await updateCompany(admin, kestrelUserId, northCode)).status).toBe(404);
    expect(await row('kestrel-km@example.com', 'KESTREL')).toMatchObject({ companyCode: null });
  });
});

describe('PUT /api/v1/account/users/{id}/administrationProfile', () => {
  it('replaces the set of profiles; the next session holds them and may open the matching calls', async () => {
    const email = 'profiled@example.com';
    const id = await activeUser(server, admin, email);
    const res = await setProfiles(admin, id, ['COMPANIES', 'ADD_PRODUCTS', 'COMPANIES']);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: '200' });
    expect((await row(email))?.administrationProfile.sort()).toEqual(['ADD_PRODUCTS', 'COMPANIES']);
    const { headers } = await signIn(server, email, PASSWORD);
    expect((await profileOf(headers)).administrationProfile.sort()).toEqual(['ADD_PRODUCTS', 'COMPANIES']);
    expect((await server.api('/api/v1/account/companies', { headers })).status).toBe(200);
    expect((await server.api('/api/v1/account/users', { headers })).status).toBe(403);

    expect((await setProfiles(admin, id, [])).status).toBe(200);
    expect((await row(email))?.administrationProfile).toEqual([]);
    const after = (await signIn(server, email, PASSWORD)).headers;
    expect((await server.api('/api/v1/account/companies', { headers: after })).status).toBe(403);
  });

  it('lets a holder of ACCOUNTS grant and withdraw only profiles it holds itself', async () => {
    const email = 'delegated@example.com';
    const id = await activeUser(server, admin, email);
    expect((await setProfiles(accountsHolder, id, ['ACCOUNTS', 'PRODUCTS'])).status).toBe(200);
    const beyond = await setProfiles(accountsHolder, id, ['ACCOUNTS', 'PRODUCTS', 'COMPANIES']);
    expect(beyond.status).toBe(403);
    expect(await errorCode(beyond)).toBe('FORBIDDEN');
    expect((await row(email))?.administrationProfile.sort()).toEqual(['ACCOUNTS', 'PRODUCTS']);

    // A profile the holder lacks cannot be taken away by it either.
    expect((await setProfiles(admin, id, ['ADD_PRODUCTS', 'PRODUCTS'])).status).toBe(200);
    expect((await setProfiles(accountsHolder, id, ['PRODUCTS'])).status).toBe(403);
    expect((await setProfiles(accountsHolder, id, [])).status).toBe(403);
    expect((await row(email))?.administrationProfile.sort()).toEqual(['ADD_PRODUCTS', 'PRODUCTS']);
    // Profiles it lacks may stay as they are while it changes the ones it holds.
    expect((await setProfiles(accountsHolder, id, ['ADD_PRODUCTS', 'ACCOUNTS'])).status).toBe(200);
    expect((await row(email))?.administrationProfile.sort()).toEqual(['ACCOUNTS', 'ADD_PRODUCTS']);
  });

  it("refuses to change the caller's own profiles", async () => {
    const res = await setProfiles(accountsHolder, accountsHolderId, ['ACCOUNTS', 'PRODUCTS', 'COMPANIES']);
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('OWN_ACCOUNT_NOT_ALLOWED');
    expect((await row('holder@example.com'))?.administrationProfile.sort()).toEqual(['ACCOUNTS', 'PRODUCTS']);
  });

  it('refuses unknown profiles and malformed bodies (400), and changes nothing', async () => {
    const email = 'profile-checks@example.com';
    const id = await activeUser(server, admin, email);
    expect((await setProfiles(admin, id, ['PRODUCTS'])).status).toBe(200);
    for (const bad of [
      ['SUPERUSER'],
      'ACCOUNTS',
      null,
      [['ACCOUNTS']],
      ['ACCOUNTS', 'PRODUCTS', 'COMPANIES', 'ADD_PRODUCTS', 'X'],
    ]) {
      const res = await setProfiles(admin, id, bad);
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe('VALIDATION_FAILED');
    }
    const noBody = await server.api(`/api/v1/account/users/${id}/administrationProfile`, { ...json({}, admin), method: 'PUT' });
    expect(noBody.status).toBe(400);
    expect((await row(email))?.administrationProfile).toEqual(['PRODUCTS']);
  });

  it('refuses a kitchen manager and a service manager', async () => {
    const id = await activeUser(server, admin, 'profile-victim@example.com');
    for (const headers of [kitchenManager, serviceManager])
      expect((await setProfiles(headers, id, ['ACCOUNTS'])).status).toBe(403);
    expect((await row('profile-victim@example.com'))?.administrationProfile).toEqual([]);
  });

  it("answers 404 for an unknown id and for another brand's account", async () => {
    expect((await setProfiles(admin, UNKNOWN_ID, ['ACCOUNTS'])).status).toBe(404);
    expect((await setProfiles(admin, kestrelUserId, ['ACCOUNTS'])).status).toBe(404);
    expect((await row('kestrel-km@example.com', 'KESTREL'))?.administrationProfile).toEqual([]);
  });
});
