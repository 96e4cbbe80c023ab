import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PROFILES, parametersFor, THRESHOLD_DEFAULTS, type TParameter } from '@washboard/contracts';
import { startTestServer, type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, form, json, PASSWORD, registration, signIn, userIdOf } from '../../test/accounts';
import { createProduct, newSerial, productRequest } from '../../test/devices';

/**
 * docs/permissions.md, "Permission matrix", walked row by row: the document and this test cannot
 * drift, since the rows come from the document and every route of the server must have one.
 */
const DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/permissions.md');
const CALLERS = ['anonymous', 'KITCHEN_MANAGER', 'SERVICE', 'SERVICE_MANAGER', 'ADMIN', 'PROFILES'] as const;
type TCaller = (typeof CALLERS)[number];
type TExpected = 'yes' | '401' | '403';
type TRow = { call: string; expected: Record<TCaller, TExpected> };

function matrix(): TRow[] {
  const text = readFileSync(DOC, 'utf8');
  const section = text.slice(text.indexOf('## Permission matrix'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line.split('|').map((c) => c.trim());
      const call = (cells[1] ?? '').replace(/`/g, '');
      const expected = Object.fromEntries(CALLERS.map((caller, i) => [caller, cells[i + 2] as TExpected])) as TRow['expected'];
      return { call, expected };
    });
}

const EMAILS: Record<Exclude<TCaller, 'anonymous'>, string> = {
  KITCHEN_MANAGER: 'kitchen@matrix.test',
  SERVICE: 'tech@matrix.test',
  SERVICE_MANAGER: 'boss@matrix.test',
  ADMIN: ADMIN.email,
  PROFILES: 'power@matrix.test',
};

type TContext = {
  caller: TCaller;
  headers: Record<string, string>;
  /** A machine the caller sees. */
  serial: string;
  model: string;
};
type TRequest = { path: string; init?: RequestInit };

describe('docs/permissions.md, permission matrix', () => {
  let server: TTestServer;
  let admin: Record<string, string>;
  const headersOf = {} as Record<TCaller, Record<string, string>>;
  const machineOf = {} as Record<TCaller, { serial: string; model: string }>;
  let unique = 0;
  const next = () => `${Date.now().toString(36)}${(unique += 1)}`;

  const as = (headers: Record<string, string>, init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
  });
  const company = async (name: string, parentCode?: string) => {
    const res = await server.api('/api/v1/account/companies', json({ name, parentCode }, admin));
    expect(res.status).toBe(200);
    return ((await res.json()) as { code: string }).code;
  };
  /** A product bound by the admin to `email` (owner for a kitchen manager, its company for a service user). */
  const productFor = async (email: string, model = 'WB-500') => {
    const { serialNumber } = await createProduct(server, admin, { modelNumber: model });
    const res = await server.api('/api/v1/appliance/claim', json({ serialNumber, userEmail: email }, admin));
    expect(res.status, await res.clone().text()).toBe(200);
    return serialNumber;
  };
  const freshUser = async () => activeUser(server, admin, `target-${next()}@matrix.test`);
  const range = () => {
    const stop = new Date();
    return `startDate=${new Date(stop.getTime() - 86_400_000).toISOString()}&stopDate=${stop.toISOString()}`;
  };
  const firstParameter = (kind: TParameter['kind']) => {
    const p = parametersFor('infinity', kind)[0];
    if (!p) throw new Error(`no ${kind} parameter`);
    return p;
  };

  /** How to make each row's call; a row without a recipe fails the test. */
  const recipes: Record<string, (c: TContext) => Promise<TRequest> | TRequest> = {
    'GET /healthz': () => ({ path: '/healthz' }),
    'GET /readyz': () => ({ path: '/readyz' }),
    'GET /config.json': () => ({ path: '/config.json' }),
    'POST /oauth2/token': () => ({
      path: '/oauth2/token',
      init: form({ grant_type: 'password', username: EMAILS.KITCHEN_MANAGER, password: PASSWORD, client_id: 'washboard-web' }),
    }),
    'POST /oauth2/revoke': () => ({ path: '/oauth2/revoke', init: form({ token: 'not-a-token', client_id: 'washboard-web' }) }),
    'GET /oauth2/jwks': () => ({ path: '/oauth2/jwks' }),
    'GET /api/v1/unsubscribe': () => ({ path: '/api/v1/unsubscribe?token=not-a-token' }),
    'POST /api/v1/unsubscribe': () => ({ path: '/api/v1/unsubscribe?token=not-a-token', init: { method: 'POST' } }),
    'GET /.well-known/openid-configuration': () => ({ path: '/.well-known/openid-configuration' }),
    'GET /.well-known/haccp-keys': () => ({ path: '/.well-known/haccp-keys' }),
    // Shaped as a token is (43 base64url characters), so the call reaches the lookup.
    'GET /api/v1/inspect/{token}': () => ({ path: `/api/v1/inspect/${'x'.repeat(43)}` }),
    'GET /api/v1/inspect/{token}/exports/{file}': () => ({ path: `/api/v1/inspect/${'x'.repeat(43)}/exports/events-pdf` }),
    'GET /app/manifest.webmanifest': () => ({ path: '/app/manifest.webmanifest' }),
    'POST /api/v2/account/users': () => ({
      path: '/api/v2/account/users',
      init: json(registration(`new-${next()}@matrix.test`)),
    }),
    'GET /api/v2/account/email-verification/sendVerificationCode': () => ({
      path: `/api/v2/account/email-verification/sendVerificationCode?mail=nobody-${next()}@matrix.test`,
    }),
    'GET /api/v2/account/email-verification/checkVerificationCode': () => ({
      path: `/api/v2/account/email-verification/checkVerificationCode?mail=nobody-${next()}@matrix.test&code=1234`,
    }),
    'POST /api/v2/account/resetPassword/{email}': () => ({
      path: `/api/v2/account/resetPassword/nobody-${next()}@matrix.test`,
      init: { method: 'POST' },
    }),
    'POST /api/v2/account/changePassword/{id}': () => ({
      path: `/api/v2/account/changePassword/nobody-${next()}@matrix.test`,
      init: { method: 'POST', headers: { verificationcode: 'not-a-reset-link-token', newpassword: 'NewPassw0rd' } },
    }),
    'GET /api/v1/account/userinfo': () => ({ path: '/api/v1/account/userinfo' }),
    'GET /api/v1/notifications': () => ({ path: '/api/v1/notifications' }),
    'POST /api/v1/notifications/{id}/read': () => ({ path: `/api/v1/notifications/${crypto.randomUUID()}/read`, init: json({}) }),
    'POST /api/v1/notifications/read-all': () => ({ path: '/api/v1/notifications/read-all', init: json({}) }),
    'POST /api/v1/account/updateUser': () => ({
      path: '/api/v1/account/updateUser',
      init: json({
        firstName: 'Anna',
        lastName: 'Rossi',
        weeklyReport: true,
        thresholdNotifications: false,
        alarmNotifications: true,
        language: 'it',
      }),
    }),
    'PATCH /api/v1/account/users/password': () => ({
      path: '/api/v1/account/users/password',
      init: { ...json({ currentPassword: 'Wrong-passw0rd', newPassword: 'Other-passw0rd1' }), method: 'PATCH' },
    }),
    'GET /api/v1/account/company/related': () => ({ path: '/api/v1/account/company/related' }),
    'GET /api/v1/account/company/hierarchy': () => ({ path: '/api/v1/account/company/hierarchy' }),
    'GET /api/v1/account/pendingUsers': () => ({ path: '/api/v1/account/pendingUsers' }),
    'GET /api/v1/account/activateService': () => ({
      path: `/api/v1/account/activateService?pendingUserId=${crypto.randomUUID()}&accepted=false`,
    }),
    'GET /api/v1/account/users': () => ({ path: '/api/v1/account/users' }),
    'GET /api/v1/account/users/page': () => ({ path: '/api/v1/account/users/page?sort=lastName&role=KITCHEN_MANAGER' }),
    'DELETE /api/v1/account/users/{id}': async () => ({
      path: `/api/v1/account/users/${await freshUser()}`,
      init: { method: 'DELETE' },
    }),
    'PUT /api/v1/account/users/{id}/updateRole': async () => ({
      path: `/api/v1/account/users/${await freshUser()}/updateRole?targetRole=KITCHEN_MANAGER`,
      init: { method: 'PUT' },
    }),
    'POST /api/v1/account/users/{id}/activate': async () => {
      const email = `inactive-${next()}@matrix.test`;
      expect((await server.api('/api/v2/account/users', json(registration(email)))).status).toBe(200);
      return { path: `/api/v1/account/users/${await userIdOf(server, admin, email)}/activate`, init: { method: 'POST' } };
    },
    'PUT /api/v1/account/users/{id}/updateCompany': async () => ({
      path: `/api/v1/account/users/${await freshUser()}/updateCompany?companyCode=${await company(`Moved ${next()}`)}`,
      init: { method: 'PUT' },
    }),
    'PUT /api/v1/account/users/{id}/administrationProfile': async () => ({
      path: `/api/v1/account/users/${await freshUser()}/administrationProfile`,
      init: { ...json({ administrationProfile: [] }), method: 'PUT' },
    }),
    'GET /api/v1/account/companies': () => ({ path: '/api/v1/account/companies' }),
    'GET /api/v1/account/companies/tree': () => ({ path: '/api/v1/account/companies/tree' }),
    'POST /api/v1/account/companies': () => ({ path: '/api/v1/account/companies', init: json({ name: `New ${next()}` }) }),
    'PUT /api/v1/account/company/{companyCode}': async () => ({
      path: `/api/v1/account/company/${await company(`Old ${next()}`)}?companyName=Renamed`,
      init: { method: 'PUT' },
    }),
    'DELETE /api/v1/account/company/{companyCode}': async () => ({
      path: `/api/v1/account/company/${await company(`Gone ${next()}`)}`,
      init: { method: 'DELETE' },
    }),
    'POST /api/v1/account/signup-codes': () => ({ path: '/api/v1/account/signup-codes', init: { method: 'POST' } }),
    'POST /api/v1/appliance/products': () => ({
      path: '/api/v1/appliance/products',
      init: json(productRequest()),
    }),
    'POST /api/v1/appliance/products/import': () => ({
      path: '/api/v1/appliance/products/import',
      init: {
        method: 'POST',
        body: `serialNumber,modelNumber,fw00,fw02,gamma,ratingPower\n${newSerial()},WB-500,1.0.0,1.0.0,prime,M2\n`,
        headers: { 'content-type': 'text/csv' },
      },
    }),
    'GET /api/v1/appliance/products': () => ({ path: '/api/v1/appliance/products?q=WB&sort=email&size=10' }),
    'GET /api/v1/appliance/products/accounts': () => ({ path: '/api/v1/appliance/products/accounts?q=matrix' }),
    'DELETE /api/v1/appliance/products/{serialNumber}': async () => ({
      path: `/api/v1/appliance/products/${(await createProduct(server, admin)).serialNumber}`,
      init: { method: 'DELETE' },
    }),
    'GET /api/v1/appliance/devices': () => ({ path: '/api/v1/appliance/devices' }),
    'GET /api/v1/appliance/devices/companies': () => ({ path: '/api/v1/appliance/devices/companies' }),
    'GET /api/v1/appliance/getApplianceDetail': (c) => ({
      path: `/api/v1/appliance/getApplianceDetail?serialNumber=${c.serial}`,
    }),
    'GET /api/v1/appliance/getDataModel': () => ({ path: '/api/v1/appliance/getDataModel?gamma=infinity' }),
    'GET /api/v1/appliance/otherinfo/{serialNumber}/{otherInfoType}': (c) => ({
      path: `/api/v1/appliance/otherinfo/${c.serial}/presets_params`,
    }),
    'POST /api/v1/appliance/updateAppliance': (c) => ({
      path: `/api/v1/appliance/updateAppliance?serialNumber=${c.serial}`,
      init: json({ applianceName: 'Line one' }),
    }),
    'POST /api/v1/appliance/claim': () => ({
      path: '/api/v1/appliance/claim',
      init: json({ serialNumber: newSerial(), activationCode: '123456' }),
    }),
    'POST /api/v1/appliance/claim for another account': async () => {
      const { serialNumber } = await createProduct(server, admin);
      return { path: '/api/v1/appliance/claim', init: json({ serialNumber, userEmail: EMAILS.KITCHEN_MANAGER }) };
    },
    'POST /api/v1/appliance/unclaim': async (c) => ({
      path: `/api/v1/appliance/unclaim?serialNumber=${c.caller === 'anonymous' ? newSerial() : await productFor(EMAILS[c.caller])}`,
      init: { method: 'POST' },
    }),
    'POST /api/v1/appliance/unclaim for another account': async () => {
      const holder = `holder-${next()}@matrix.test`;
      await activeUser(server, admin, holder);
      return {
        path: `/api/v1/appliance/unclaim?serialNumber=${await productFor(holder)}&userEmail=${holder}`,
        init: { method: 'POST' },
      };
    },
    'GET /api/v1/appliance/documents/{model}/{file}': (c) => ({ path: `/api/v1/appliance/documents/${c.model}/user-manual.pdf` }),
    'GET /api/v1/appliance/dead-letters': () => ({ path: '/api/v1/appliance/dead-letters' }),
    'GET /api/v1/appliance/default-parameters': () => ({ path: '/api/v1/appliance/default-parameters' }),
    'GET /api/v1/appliance/default-parameters/{gamma}/{modelNumber}': (c) => ({
      path: `/api/v1/appliance/default-parameters/infinity/${c.model}`,
    }),
    'PUT /api/v1/appliance/default-parameters/{gamma}/{modelNumber}/{code}': (c) => {
      const p = firstParameter('cycle');
      return {
        path: `/api/v1/appliance/default-parameters/infinity/${c.model}/${p.key}`,
        init: { ...json({ value: p.min }), method: 'PUT' },
      };
    },
    'DELETE /api/v1/appliance/default-parameters/{gamma}/{modelNumber}/{code}': (c) => ({
      path: `/api/v1/appliance/default-parameters/infinity/${c.model}/${firstParameter('cycle').key}`,
      init: { method: 'DELETE' },
    }),
    'GET /api/v1/jobs/failed': () => ({ path: '/api/v1/jobs/failed' }),
    'POST /api/v1/jobs/{id}/retry': () => ({ path: '/api/v1/jobs/1/retry', init: { method: 'POST' } }),
    'GET /api/v1/customers': () => ({ path: '/api/v1/customers?q=matrix' }),
    'POST /api/v1/customers': () => ({
      path: '/api/v1/customers',
      init: json({ name: 'Matrix', surname: `Customer ${next()}` }),
    }),
    'GET /api/v1/customers/{id}': () => ({ path: `/api/v1/customers/${crypto.randomUUID()}` }),
    'PUT /api/v1/customers/{id}': () => ({
      path: `/api/v1/customers/${crypto.randomUUID()}`,
      init: { ...json({ name: 'Matrix', surname: 'Customer' }), method: 'PUT' },
    }),
    'DELETE /api/v1/customers/{id}': () => ({ path: `/api/v1/customers/${crypto.randomUUID()}`, init: { method: 'DELETE' } }),
    'PUT /api/v1/customers/{id}/appliances/{serialNumber}': (c) => ({
      path: `/api/v1/customers/${crypto.randomUUID()}/appliances/${c.serial}`,
      init: { method: 'PUT' },
    }),
    'DELETE /api/v1/customers/{id}/appliances/{serialNumber}': (c) => ({
      path: `/api/v1/customers/${crypto.randomUUID()}/appliances/${c.serial}`,
      init: { method: 'DELETE' },
    }),
    'POST /api/v1/customers/{id}/accounts': () => ({
      path: `/api/v1/customers/${crypto.randomUUID()}/accounts`,
      init: json({ email: EMAILS.KITCHEN_MANAGER }),
    }),
    'DELETE /api/v1/customers/{id}/accounts/{userId}': () => ({
      path: `/api/v1/customers/${crypto.randomUUID()}/accounts/${crypto.randomUUID()}`,
      init: { method: 'DELETE' },
    }),
    'GET /api/v1/settings-profiles': () => ({ path: '/api/v1/settings-profiles' }),
    'POST /api/v1/settings-profiles': (c) => ({
      path: '/api/v1/settings-profiles',
      init: json({ name: `Matrix ${next()}`, from: { source: 'defaults', gamma: 'infinity', modelNumber: c.model } }),
    }),
    'GET /api/v1/settings-profiles/{id}': () => ({ path: `/api/v1/settings-profiles/${crypto.randomUUID()}` }),
    'PUT /api/v1/settings-profiles/{id}': () => ({
      path: `/api/v1/settings-profiles/${crypto.randomUUID()}`,
      init: { ...json({ name: 'Renamed' }), method: 'PUT' },
    }),
    'DELETE /api/v1/settings-profiles/{id}': () => ({
      path: `/api/v1/settings-profiles/${crypto.randomUUID()}`,
      init: { method: 'DELETE' },
    }),
    'POST /api/v1/settings-profiles/{id}/apply': (c) => ({
      path: `/api/v1/settings-profiles/${crypto.randomUUID()}/apply`,
      init: json({ serialNumber: c.serial }),
    }),
    'GET /api/v1/audit': () => ({ path: '/api/v1/audit?action=account.role' }),
    'GET /api/v1/audit.csv': () => ({ path: '/api/v1/audit.csv?action=account.role' }),
  };
  /** `METHOD rest [qualifier]` of an event-hub call on the caller's machine. */
  const onMachine = (call: string, build: (c: TContext) => TRequest) => {
    const [method, rest, ...qualifier] = call.split(' ');
    const key = `${method} /api/v1/event-hub-listener/event/{serialNumber}/${rest}`;
    recipes[qualifier.length > 0 ? `${key} ${qualifier.join(' ')}` : key] = build;
  };
  const at = (c: TContext, rest: string) => `/api/v1/event-hub-listener/event/${c.serial}/${rest}`;
  const text = (body: string): RequestInit => ({ method: 'POST', body, headers: { 'content-type': 'text/plain' } });
  onMachine('GET lastTelemetry', (c) => ({ path: at(c, 'lastTelemetry') }));
  onMachine('GET versions', (c) => ({ path: at(c, 'versions') }));
  onMachine('GET parameters', (c) => ({ path: at(c, 'parameters') }));
  onMachine('POST parameters', (c) => {
    const p = firstParameter('cycle');
    return { path: at(c, 'parameters'), init: json({ values: { [p.key]: p.min } }) };
  });
  onMachine('POST parameters with a factory parameter', (c) => {
    const p = firstParameter('factory');
    return { path: at(c, 'parameters'), init: json({ values: { [p.key]: p.min } }) };
  });
  onMachine('GET events', (c) => ({ path: `${at(c, 'events')}?${range()}` }));
  onMachine('GET events/{id}', (c) => ({ path: at(c, `events/${crypto.randomUUID()}`) }));
  onMachine('GET events/export', (c) => ({ path: `${at(c, 'events/export')}?${range()}` }));
  onMachine('GET events/export.csv', (c) => ({ path: `${at(c, 'events/export.csv')}?${range()}` }));
  onMachine('GET alarms', (c) => ({ path: `${at(c, 'alarms')}?${range()}` }));
  onMachine('GET alarms/export', (c) => ({ path: `${at(c, 'alarms/export')}?${range()}` }));
  onMachine('GET alarms/export.csv', (c) => ({ path: `${at(c, 'alarms/export.csv')}?${range()}` }));
  onMachine('GET alarms/assignees', (c) => ({ path: at(c, 'alarms/assignees') }));
  onMachine('POST alarms/{id}/acknowledge', (c) => ({
    path: at(c, `alarms/${crypto.randomUUID()}/acknowledge`),
    init: json({}),
  }));
  onMachine('POST alarms/{id}/assign', (c) => ({
    path: at(c, `alarms/${crypto.randomUUID()}/assign`),
    init: json({ userId: crypto.randomUUID() }),
  }));
  onMachine('GET haccp/verification', (c) => ({ path: `${at(c, 'haccp/verification')}?${range()}` }));
  onMachine('GET haccp/corrections', (c) => ({ path: at(c, 'haccp/corrections') }));
  onMachine('POST haccp/corrections', (c) => ({
    path: at(c, 'haccp/corrections'),
    init: json({ correctsKind: 'event', correctsId: crypto.randomUUID(), note: 'Probe read again by hand' }),
  }));
  onMachine('POST haccp/close-outs/{day}/review', (c) => ({
    path: at(c, `haccp/close-outs/2026-01-01/review`),
    init: { method: 'POST' },
  }));
  onMachine('POST haccp/inspector-links', (c) => ({
    path: at(c, 'haccp/inspector-links'),
    init: json({ startDate: '2026-01-01', stopDate: '2026-01-31' }),
  }));
  onMachine('GET haccp/inspector-links', (c) => ({ path: at(c, 'haccp/inspector-links') }));
  onMachine('GET haccp/inspector-links/{id}/openings', (c) => ({
    path: at(c, `haccp/inspector-links/${crypto.randomUUID()}/openings`),
  }));
  onMachine('POST haccp/inspector-links/{id}/revoke', (c) => ({
    path: at(c, `haccp/inspector-links/${crypto.randomUUID()}/revoke`),
    init: { method: 'POST' },
  }));
  onMachine('GET thresholds', (c) => ({ path: at(c, 'thresholds') }));
  onMachine('PUT thresholds', (c) => ({ path: at(c, 'thresholds'), init: { ...json(THRESHOLD_DEFAULTS), method: 'PUT' } }));
  onMachine('GET statistics', (c) => ({ path: `${at(c, 'statistics')}?${range()}` }));
  onMachine('GET temperature-history', (c) => ({ path: `${at(c, 'temperature-history')}?period=day` }));
  onMachine('GET telemetry/export.csv', (c) => ({ path: `${at(c, 'telemetry/export.csv')}?${range()}` }));
  onMachine('POST expose-claiming-code', (c) => ({ path: at(c, 'expose-claiming-code'), init: { method: 'POST' } }));
  onMachine('POST restore-presets', (c) => ({ path: at(c, 'restore-presets'), init: { method: 'POST' } }));
  onMachine('POST update', (c) => ({ path: at(c, 'update'), init: json({ version: '9.9.9' }) }));
  onMachine('POST switch-shutdown', (c) => ({ path: at(c, 'switch-shutdown'), init: text('shutdown') }));
  onMachine('POST cycle', (c) => ({ path: at(c, 'cycle'), init: text('eco') }));
  onMachine('POST run-live', (c) => ({ path: at(c, 'run-live'), init: json({ seconds: 60 }) }));
  onMachine('POST tank-replace', (c) => ({ path: at(c, 'tank-replace'), init: json({ tank: 'detergent' }) }));
  // The service menu's commands, sent within a service session where the caller may open one.
  const sessions = new Map<TCaller, string>();
  const sessionHeader = async (c: TContext): Promise<Record<string, string>> => {
    if (c.caller !== 'SERVICE' && c.caller !== 'SERVICE_MANAGER' && c.caller !== 'ADMIN') return {};
    const known = sessions.get(c.caller);
    if (known) return { 'x-service-session': known };
    await server.api('/api/v1/service/pin', { ...json({ pin: '2468' }, c.headers), method: 'PUT' });
    const res = await server.api('/api/v1/service/session', json({ pin: '2468' }, c.headers));
    const { token } = (await res.json()) as { token: string };
    sessions.set(c.caller, token);
    return { 'x-service-session': token };
  };
  const serviceCommand = (rest: string, body?: unknown) => {
    recipes[`POST /api/v1/event-hub-listener/event/{serialNumber}/${rest}`] = async (c) => {
      const headers = await sessionHeader(c);
      return { path: at(c, rest), init: body === undefined ? { method: 'POST', headers } : json(body, headers) };
    };
  };
  serviceCommand('alarm-reset', {});
  serviceCommand('factory-reset');
  serviceCommand('energy-saving', { on: false });
  serviceCommand('install', { name: 'Bar', country: 'IT', unitSystem: 'metric', timeZone: 'Europe/Rome', language: 'it' });
  recipes['GET /api/v1/service/pin'] = () => ({ path: '/api/v1/service/pin' });
  // Changing a PIN takes a session; the new PIN ends it (a cached token is stale afterwards).
  recipes['PUT /api/v1/service/pin'] = async (c) => {
    const headers = await sessionHeader(c);
    sessions.delete(c.caller);
    return { path: '/api/v1/service/pin', init: { ...json({ pin: '2468' }, headers), method: 'PUT' } };
  };
  recipes['POST /api/v1/service/pin/forgot'] = () => ({ path: '/api/v1/service/pin/forgot', init: json({}) });
  recipes['POST /api/v1/service/pin/reset'] = () => ({
    path: '/api/v1/service/pin/reset',
    init: json({ token: 'not-a-reset-link-token', pin: '1357' }),
  });
  recipes['POST /api/v1/service/session'] = () => ({ path: '/api/v1/service/session', init: json({ pin: '0000' }) });
  recipes['DELETE /api/v1/service/session'] = () => ({ path: '/api/v1/service/session', init: { method: 'DELETE' } });
  recipes['POST /api/v1/local-link/{serialNumber}/broker-credentials'] = (c) => ({
    path: `/api/v1/local-link/${c.serial}/broker-credentials`,
    init: { method: 'POST' },
  });
  // A new board each time: a board already fitted is refused (BOARD_IN_USE).
  recipes['POST /api/v1/appliance/{serialNumber}/main-board'] = (c) => ({
    path: `/api/v1/appliance/${c.serial}/main-board`,
    init: json({ boardSerial: `MB-${crypto.randomUUID().slice(0, 8)}` }),
  });
  recipes['GET /api/v1/appliance/{serialNumber}/main-board'] = (c) => ({ path: `/api/v1/appliance/${c.serial}/main-board` });
  recipes['POST /api/v1/local-link/{serialNumber}/records'] = (c) => ({
    path: `/api/v1/local-link/${c.serial}/records`,
    init: json({
      records: [
        {
          n: 0,
          topic: 'alarm',
          payload: { id: crypto.randomUUID(), errorCode: 'OH01', startDate: new Date().toISOString(), stopDate: null },
        },
      ],
    }),
  });

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    const partner = await company('Matrix Partner');
    const service = await company('Matrix Service', partner);
    const ids = {
      kitchen: await activeUser(server, admin, EMAILS.KITCHEN_MANAGER),
      tech: await activeUser(server, admin, EMAILS.SERVICE),
      boss: await activeUser(server, admin, EMAILS.SERVICE_MANAGER),
      power: await activeUser(server, admin, EMAILS.PROFILES),
    };
    const put = (p: string, init: RequestInit = { method: 'PUT' }) => server.api(p, as(admin, init));
    expect((await put(`/api/v1/account/users/${ids.tech}/updateRole?targetRole=SERVICE&companyCode=${service}`)).status).toBe(
      200,
    );
    expect(
      (await put(`/api/v1/account/users/${ids.boss}/updateRole?targetRole=SERVICE_MANAGER&companyCode=${partner}`)).status,
    ).toBe(200);
    const profiles = await put(`/api/v1/account/users/${ids.power}/administrationProfile`, {
      ...json({ administrationProfile: [...ADMIN_PROFILES] }),
      method: 'PUT',
    });
    expect(profiles.status).toBe(200);
    // One machine the four roles all see (owned by the kitchen manager, serviced by the technician's
    // company, below the manager's), and one of the profile holder's own.
    const shared = await productFor(EMAILS.KITCHEN_MANAGER, 'WB-700');
    expect(
      (await server.api('/api/v1/appliance/claim', json({ serialNumber: shared, userEmail: EMAILS.SERVICE }, admin))).status,
    ).toBe(200);
    for (const caller of ['KITCHEN_MANAGER', 'SERVICE', 'SERVICE_MANAGER', 'ADMIN', 'anonymous'] as const)
      machineOf[caller] = { serial: shared, model: 'WB-700' };
    machineOf.PROFILES = { serial: await productFor(EMAILS.PROFILES, 'WB-900'), model: 'WB-900' };
    headersOf.anonymous = {};
    headersOf.ADMIN = admin;
    for (const caller of ['KITCHEN_MANAGER', 'SERVICE', 'SERVICE_MANAGER', 'PROFILES'] as const)
      headersOf[caller] = (await signIn(server, EMAILS[caller], PASSWORD)).headers;
  }, 120_000);
  afterAll(() => server.close());

  const rows = matrix();

  it('has a row for every route of the server, and a route for every row', async () => {
    await server.washboard.app.ready();
    const doc = server.washboard.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    const documented = new Set(rows.map((r) => r.call.split(' ').slice(0, 2).join(' ')));
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !routes.includes(r))).toEqual([]);
    expect(rows.filter((r) => !(r.call in recipes)).map((r) => r.call)).toEqual([]);
  });

  it.each(rows.map((r) => [r.call, r] as const))('%s', async (_call, row) => {
    const outcomes: string[] = [];
    for (const caller of CALLERS) {
      const recipe = recipes[row.call];
      if (!recipe) throw new Error(`no recipe for ${row.call}`);
      const { path: p, init = {} } = await recipe({ caller, headers: headersOf[caller], ...machineOf[caller] });
      const res = await server.api(p, as(headersOf[caller], init));
      const body = await res.text();
      const code = res.headers.get('content-type')?.includes('json')
        ? ((JSON.parse(body) as { code?: string } | null)?.code ?? '')
        : '';
      const got: TExpected | string =
        res.status === 401 || res.status === 403
          ? String(res.status)
          : res.status < 500 && code !== 'VALIDATION_FAILED' && code !== 'APPLIANCE_NOT_FOUND' && code !== 'ROUTE_NOT_FOUND'
            ? 'yes'
            : `${res.status} ${code}`;
      outcomes.push(
        `${caller}: ${got === row.expected[caller] ? 'as documented' : `${got} (documented ${row.expected[caller]})`}`,
      );
    }
    expect(outcomes.filter((o) => !o.endsWith('as documented'))).toEqual([]);
  });
});
