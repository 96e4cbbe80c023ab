import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorResponse, ZUserProfile } from '@washboard/contracts';
import { ADMIN, activeUser, json, PASSWORD, signIn } from '../../test/accounts';
import { createProduct } from '../../test/devices';
import { arbitraryFor, hostileJsonTexts, RawBody, type TKnownValues } from '../../test/fuzz-schema';
import { startTestServer, type TTestServer } from '../../test/harness';
import type { TRouteInfo } from './route-list';

/**
 * Every route of the API, called with requests generated from its own zod schemas (valid, boundary
 * and hostile values) by a caller without a token and by each role. Whatever comes in, the server
 * answers no 5xx, only statuses the route documents, each with a body its `schema.response` accepts,
 * and stays up. The routes are read from the running server, so a new route is fuzzed without
 * being named here; only the push channel (WebSocket: live/live-fuzz.spec.ts) and the hidden
 * documentation routes (/docs, /openapi.json: swagger-ui's static files, no input of ours) are left out.
 */

// Fixed: a failure reproduces. Each (caller, route) pair derives its own seed from it, so a new
// route does not change what the others are sent.
const SEED = 11;
const RUNS = { signedIn: 30, anonymous: 10 };
// Per caller; the whole file stays well under two minutes on PGlite on a 2-core machine. Every
// route gets an equal share of what is left, so a slow route cannot starve the ones after it.
const CALLER_BUDGET_MS = 12_000;

const CALLERS = ['anonymous', 'ADMIN', 'SERVICE_MANAGER', 'SERVICE', 'KITCHEN_MANAGER'] as const;
type TCaller = (typeof CALLERS)[number];
type THeaders = Record<string, string>;
type TPart = 'params' | 'querystring' | 'headers' | 'body';
type TRequestValues = Partial<Record<TPart, unknown>>;
type TFuzzRoute = { method: string; url: string; schema: Record<string, unknown>; bodyKind: 'json' | 'form' | 'text' };

let server: TTestServer;
const headersOf = {} as Record<TCaller, THeaders>;
const known: TKnownValues = {};

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
  const company = await server.api('/api/v1/account/companies', json({ name: 'Fuzz Service' }, admin));
  const companyCode = ((await company.json()) as { code: string }).code;
  const withRole = async (email: string, role: string) => {
    const id = await activeUser(server, admin, email);
    const res = await server.api(`/api/v1/account/users/${id}/updateRole?targetRole=${role}&companyCode=${companyCode}`, {
      method: 'PUT',
      headers: admin,
    });
    if (res.status !== 200) throw new Error(`role ${role}: ${res.status} ${await res.text()}`);
    return (await signIn(server, email, PASSWORD)).headers;
  };
  headersOf.anonymous = {};
  headersOf.ADMIN = admin;
  headersOf.SERVICE_MANAGER = await withRole('sm@fuzz.test', 'SERVICE_MANAGER');
  headersOf.SERVICE = await withRole('service@fuzz.test', 'SERVICE');
  await activeUser(server, admin, 'km@fuzz.test');
  headersOf.KITCHEN_MANAGER = (await signIn(server, 'km@fuzz.test', PASSWORD)).headers;
  // An account the fuzzer may act on (role, company, profiles, deletion, its refresh token) without
  // taking away the callers above.
  const targetId = await activeUser(server, admin, 'target@fuzz.test');
  const target = await signIn(server, 'target@fuzz.test', PASSWORD);
  const product = await createProduct(server, admin);
  const claim = await server.api(
    '/api/v1/appliance/claim',
    json({ serialNumber: product.serialNumber, userEmail: 'km@fuzz.test' }, admin),
  );
  if (claim.status !== 200) throw new Error(`claim: ${claim.status} ${await claim.text()}`);

  // Real rows by field name, offered next to generated values: calls reach past their 404s.
  Object.assign(known, {
    serialNumber: [product.serialNumber],
    model: ['WB-500'],
    id: [targetId, 'target@fuzz.test'],
    userId: [targetId],
    pendingUserId: [targetId],
    email: ['target@fuzz.test'],
    mail: ['target@fuzz.test'],
    userEmail: ['target@fuzz.test', 'km@fuzz.test'],
    username: ['target@fuzz.test'],
    password: [PASSWORD],
    newPassword: ['N3wPassword!'],
    newpassword: ['N3wPassword!'],
    client_id: Object.keys(server.washboard.clients),
    refresh_token: [target.tokens.refresh_token],
    token: [target.tokens.refresh_token],
    companyCode: [companyCode],
    parentCode: [companyCode],
    parentCompanyCode: [companyCode],
    language: ['en', 'it_IT', 'de-DE'],
    version: ['1.0.1', '99.0.0'],
  } satisfies TKnownValues);
}, 120_000);
afterAll(() => server.close());

/** The routes to fuzz: every one registered, except the push channel and the hidden documentation routes. */
function fuzzRoutes(routes: readonly TRouteInfo[]): TFuzzRoute[] {
  const out: TFuzzRoute[] = [];
  for (const route of routes) {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    if (route.websocket || schema.hide === true) continue;
    for (const method of [route.method].flat()) {
      // HEAD is Fastify's automatic twin of each GET: the same handler, no body to check.
      if (method === 'HEAD') continue;
      const consumes = Array.isArray(schema.consumes) ? schema.consumes : [];
      const bodyType =
        schema.body instanceof z.ZodType ? z.toJSONSchema(schema.body, { io: 'input', unrepresentable: 'any' }).type : undefined;
      const bodyKind = consumes.includes('application/x-www-form-urlencoded') ? 'form' : bodyType === 'string' ? 'text' : 'json';
      out.push({ method, url: route.url, schema, bodyKind });
    }
  }
  return out;
}

/** A string as a client would send it for a value of any type. */
const text = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
/** What a client's encoder does with a lone surrogate (U+FFFD) before it percent-encodes a string. */
const encode = (value: string) =>
  encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function requestArbitrary(route: TFuzzRoute): fc.Arbitrary<TRequestValues> {
  const parts: Partial<Record<TPart, fc.Arbitrary<unknown>>> = {};
  for (const part of ['params', 'querystring', 'headers', 'body'] as const) {
    const schema = route.schema[part];
    if (!(schema instanceof z.ZodType)) continue;
    const values = arbitraryFor(schema, known, part);
    parts[part] =
      part === 'body' && route.bodyKind === 'json'
        ? fc.oneof({ weight: 12, arbitrary: values }, { weight: 1, arbitrary: hostileJsonTexts })
        : values;
  }
  return fc.record(parts) as fc.Arbitrary<TRequestValues>;
}

/** The HTTP request for generated values: path params URL-encoded, query as a query string, body as the route consumes it. */
function toRequest(route: TFuzzRoute, values: TRequestValues, auth: THeaders): { path: string; init: RequestInit } {
  const params = isRecord(values.params) ? values.params : {};
  const path = route.url.replace(/:(\w+)/g, (_match, name: string) => {
    const value = text(params[name]);
    // A bare "." or ".." segment is resolved away by the URL parser before it leaves the client.
    return /^\.{1,2}$/.test(value) ? 'dot' : encode(value);
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(isRecord(values.querystring) ? values.querystring : {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(key, text(item));
  }
  const headers: THeaders = { ...auth };
  for (const [key, value] of Object.entries(isRecord(values.headers) ? values.headers : {})) {
    if (value === undefined) continue;
    // A header carries bytes, not any string: what fetch refuses to send is sent percent-encoded.
    const raw = text(value);
    headers[key] = /^[\t\x20-\x7e\x80-\xff]*$/.test(raw) ? raw : encode(raw);
  }
  let body: string | undefined;
  const value = values.body;
  if (value instanceof RawBody) {
    headers['content-type'] = 'application/json';
    body = value.text;
  } else if (value !== undefined) {
    if (route.bodyKind === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = isRecord(value)
        ? new URLSearchParams(
            Object.entries(value).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, text(v)]])),
          ).toString()
        : text(value);
    } else if (route.bodyKind === 'text') {
      headers['content-type'] = 'text/plain';
      body = text(value);
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(value);
    }
  }
  const search = query.toString();
  return { path: search ? `${path}?${search}` : path, init: { method: route.method, headers, body } };
}

/** Why an answer breaks the route's contract, or undefined when it keeps it. */
function contractBreach(
  route: TFuzzRoute,
  caller: TCaller,
  paramsValid: boolean,
  status: number,
  contentType: string,
  raw: string,
): string | undefined {
  if (status >= 500) return '5xx';
  let body: unknown = raw;
  if (contentType.includes('json')) {
    try {
      body = JSON.parse(raw);
    } catch {
      return 'a JSON content type with a body that is not JSON';
    }
  }
  const code = isRecord(body) ? body.code : undefined;
  // The router's own refusals, before any hook or handler of the route runs: 404 ROUTE_NOT_FOUND
  // when a path param is empty (no route matches `/users//activate`), 414 when one is longer than
  // the router's maxParamLength. Both are allowed only for params the route's schema refuses too:
  // a valid value must always reach the route.
  if (!paramsValid && ((status === 404 && code === 'ROUTE_NOT_FOUND') || status === 414)) {
    return ZErrorResponse.safeParse(body).success ? undefined : `the router's ${status} is not {code, message}`;
  }
  // A signed-in route refuses a caller without a token before it parses or validates anything.
  if (caller === 'anonymous' && route.schema.security !== undefined && !(status === 401 && code === 'UNAUTHORIZED')) {
    return `answered a caller without a token ${status}`;
  }
  const documented = isRecord(route.schema.response) ? route.schema.response[String(status)] : undefined;
  if (!(documented instanceof z.ZodType)) return `status ${status} is not documented`;
  const checked = documented.safeParse(body);
  if (!checked.success) return `body does not match response[${status}]: ${z.prettifyError(checked.error).slice(0, 400)}`;
  return undefined;
}

/** Whether the route's params schema accepts the generated params (as the server will see them, decoded). */
function paramsValid(route: TFuzzRoute, values: TRequestValues): boolean {
  const schema = route.schema.params;
  return !(schema instanceof z.ZodType) || schema.safeParse(values.params).success;
}

/** A stable 32-bit seed per (caller, route). */
function seedOf(key: string): number {
  let hash = SEED;
  for (let i = 0; i < key.length; i += 1) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  return hash;
}

describe('every route, fuzzed from its own schemas', () => {
  it('finds the routes on the running server, the signed-in, the public and the form-encoded ones', () => {
    const routes = fuzzRoutes(server.washboard.routes);
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toContain('GET /api/v1/appliance/devices');
    expect(names).toContain('POST /api/v2/account/users');
    expect(routes.find((r) => r.url === '/oauth2/token')?.bodyKind).toBe('form');
    expect(names).not.toContain('GET /api/v1/live');
    expect(routes.length).toBeGreaterThan(40);
  });

  it('documents 429 on every route with a rate limit', () => {
    // The tests raise every limit a hundredfold (RATE_LIMIT_SCALE), so the fuzzer never meets these
    // 429s: the contract is checked from the route's own config instead.
    const limited = server.washboard.routes.filter((route) => {
      const config = isRecord(route.config) ? route.config : {};
      return isRecord(config.rateLimit) && [route.method].flat().some((m) => m !== 'HEAD');
    });
    expect(limited.length).toBeGreaterThan(0);
    const undocumented = limited.filter((route) => {
      const response = isRecord(route.schema) && isRecord(route.schema.response) ? route.schema.response : {};
      return !(response['429'] instanceof z.ZodType);
    });
    expect(undocumented.map((r) => `${String(r.method)} ${r.url}`)).toEqual([]);
  });

  it.each(CALLERS)(
    'answers %s on every route as documented, never with a 5xx',
    async (caller) => {
      const routes = fuzzRoutes(server.washboard.routes);
      const deadline = Date.now() + CALLER_BUDGET_MS;
      const numRuns = caller === 'anonymous' ? RUNS.anonymous : RUNS.signedIn;
      // One entry per route, status and kind of breach, with the first request that showed it.
      const failures = new Map<string, string>();
      const statuses = new Map<number, number>();
      for (const [index, route] of routes.entries()) {
        const routeDeadline = Date.now() + (deadline - Date.now()) / (routes.length - index);
        const samples = fc.sample(requestArbitrary(route), { seed: seedOf(`${caller} ${route.method} ${route.url}`), numRuns });
        let sent = 0;
        for (const values of samples) {
          if (sent > 0 && Date.now() > routeDeadline) break;
          const { path, init } = toRequest(route, values, headersOf[caller]);
          sent += 1;
          let breach: string | undefined;
          let status = 0;
          try {
            const res = await server.api(path, init);
            status = res.status;
            breach = contractBreach(
              route,
              caller,
              paramsValid(route, values),
              status,
              res.headers.get('content-type') ?? '',
              await res.text(),
            );
          } catch (error) {
            breach = `no answer: ${String(error)}`;
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          const kind = `${route.method} ${route.url} as ${caller} → ${status}: ${breach?.split(':')[0]}`;
          if (breach && !failures.has(kind)) {
            const body = typeof init.body === 'string' ? ` ${init.body.slice(0, 200)}` : '';
            failures.set(kind, `${kind} — e.g. ${path.slice(0, 300)}${body} — ${breach}`);
          }
        }
      }
      console.log(caller, Object.fromEntries(statuses));
      expect([...failures.values()], 'answers that broke their contract').toEqual([]);
      if (caller !== 'anonymous') {
        // The caller stayed signed in throughout (nothing the fuzzer sent ended its session), and
        // reached past validation: some calls succeeded.
        expect(statuses.get(401)).toBeUndefined();
        expect([...statuses].some(([s, n]) => s >= 200 && s < 300 && n > 0)).toBe(true);
      }
    },
    CALLER_BUDGET_MS + 30_000,
  );

  it('leaves the server up: /healthz and a known-good call still answer', async () => {
    const health = await server.api('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const profile = await server.api('/api/v1/account/userinfo', { headers: headersOf.KITCHEN_MANAGER });
    expect(profile.status).toBe(200);
    expect(ZUserProfile.parse(await profile.json()).email).toBe('km@fuzz.test');
  });
});
