import { passwordGrantFields, REFRESH_COOKIE } from '@washboard/contracts';
import type { TTestServer } from './harness';

export const PASSWORD = 'Passw0rd!';

/** The administrator a test server is started with (ADMIN_EMAIL, ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@washboard.test', password: 'Adm1nPassw0rd' };

export function registration(email: string, extra: Record<string, unknown> = {}) {
  return {
    firstName: 'Anna',
    lastName: 'Rossi',
    email,
    password: PASSWORD,
    role: 'KITCHEN_MANAGER',
    language: 'en_GB',
    userDetails: { tnc: { check_1: true, check_2: true }, privacy: { check_1: true, check_2: false } },
    ...extra,
  };
}

export function json(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } };
}

export function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

/** Password grant as the web client; answers the raw response. */
export function passwordGrant(server: TTestServer, email: string, password: string, brand = 'LUMINA') {
  return server.api('/oauth2/token', {
    brand,
    ...form(passwordGrantFields(email, password)),
  });
}

/** The refresh-token cookie a browser would keep from this answer, if it set one. */
export function refreshCookie(res: Response): string | undefined {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  return cookie?.slice(REFRESH_COOKIE.length + 1).split(';')[0];
}

/**
 * The tokens of a token-endpoint answer. The web client's refresh token comes as a cookie (a browser
 * keeps it out of reach of scripts); the tests hold it like any other token and may send it back in
 * the body, which the server accepts from every client.
 */
export async function tokensOf(res: Response): Promise<{ access_token: string; refresh_token: string }> {
  const body = (await res.json()) as { access_token: string; refresh_token?: string };
  const refresh = body.refresh_token ?? refreshCookie(res);
  if (!refresh) throw new Error('no refresh token in the answer');
  return { ...body, refresh_token: refresh };
}

/** Signs in and answers headers for signed-in calls. */
export async function signIn(server: TTestServer, email: string, password: string, brand = 'LUMINA') {
  const res = await passwordGrant(server, email, password, brand);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const tokens = await tokensOf(res);
  return {
    tokens,
    headers: {
      authorization: `Bearer ${tokens.access_token}`,
      'x-subscription-key': server.washboard.clients['washboard-web'] ?? '',
    },
  };
}

/** The id of the account `email`, as the administration's user table (GET users) shows it. */
export async function userIdOf(
  server: TTestServer,
  adminHeaders: Record<string, string>,
  email: string,
  brand = 'LUMINA',
): Promise<string> {
  const res = await server.api(`/api/v1/account/users?q=${encodeURIComponent(email)}`, { brand, headers: adminHeaders });
  if (res.status !== 200) throw new Error(`user table: ${res.status} ${await res.text()}`);
  const row = ((await res.json()) as { id: string; email: string }[]).find((r) => r.email === email);
  if (!row) throw new Error(`no account ${email} in ${brand}`);
  return row.id;
}

/**
 * An ACTIVE kitchen manager made without the e-mail round trip: registered, then activated by the
 * admin whose headers are given. Answers its id; tests give it other roles through the admin calls.
 */
export async function activeUser(
  server: TTestServer,
  adminHeaders: Record<string, string>,
  email: string,
  brand = 'LUMINA',
  extra: Record<string, unknown> = {},
): Promise<string> {
  const registered = await server.api('/api/v2/account/users', { brand, ...json(registration(email, extra)) });
  if (registered.status !== 200) throw new Error(`registration failed: ${registered.status} ${await registered.text()}`);
  const id = await userIdOf(server, adminHeaders, email, brand);
  const activated = await server.api(`/api/v1/account/users/${id}/activate`, { brand, method: 'POST', headers: adminHeaders });
  if (activated.status !== 200) throw new Error(`activation failed: ${activated.status} ${await activated.text()}`);
  return id;
}

/** Makes each of `emails` an ACTIVE kitchen manager (see activeUser), then signs each in: their headers, in order. */
export async function signedInUsers<const T extends readonly string[]>(
  server: TTestServer,
  adminHeaders: Record<string, string>,
  emails: T,
): Promise<{ [K in keyof T]: Record<string, string> }> {
  for (const email of emails) await activeUser(server, adminHeaders, email);
  const headers: Record<string, string>[] = [];
  for (const email of emails) headers.push((await signIn(server, email, PASSWORD)).headers);
  return headers as { [K in keyof T]: Record<string, string> };
}

/** A new company of the brand, made by the admin whose headers are given; answers its code. */
export async function newCompany(
  server: TTestServer,
  adminHeaders: Record<string, string>,
  name: string,
  parentCode?: string,
): Promise<string> {
  const res = await server.api('/api/v1/account/companies', json({ name, parentCode }, adminHeaders));
  if (res.status !== 200) throw new Error(`company: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { code: string }).code;
}

/** A signed-in account of `role` (SERVICE, SERVICE_MANAGER) in the company `companyCode`; answers its headers. */
export async function staffMember(
  server: TTestServer,
  adminHeaders: Record<string, string>,
  email: string,
  role: string,
  companyCode: string,
): Promise<Record<string, string>> {
  const id = await activeUser(server, adminHeaders, email);
  const res = await server.api(`/api/v1/account/users/${id}/updateRole?targetRole=${role}&companyCode=${companyCode}`, {
    method: 'PUT',
    headers: adminHeaders,
  });
  if (res.status !== 200) throw new Error(`role: ${res.status} ${await res.text()}`);
  return (await signIn(server, email, PASSWORD)).headers;
}
