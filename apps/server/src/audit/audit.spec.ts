import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parametersFor, type TAuditPage, type TAuditRecord } from '@washboard/contracts';
import { QUIET_ACTIVITY, VirtualDishwasher } from '@washboard/simulator';
import { startTestServer, testBroker, type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, json, PASSWORD, signIn } from '../../test/accounts';
import { createProduct, eventually } from '../../test/devices';

type THeaders = Record<string, string>;

let server: TTestServer;
let admin: THeaders;
let kestrelAdmin: THeaders;
let everyProfile: THeaders;
let managerId: string;
const MANAGER = 'audit-km@kitchen.test';
const machines: VirtualDishwasher[] = [];

const event = (serial: string, call: string) => `/api/v1/event-hub-listener/event/${serial}/${call}`;

async function trail(query: string, headers: THeaders = admin, brand = 'LUMINA'): Promise<TAuditPage> {
  const res = await server.api(`/api/v1/audit?${query}`, { headers, brand });
  if (res.status !== 200) throw new Error(`audit: ${res.status} ${await res.text()}`);
  return (await res.json()) as TAuditPage;
}

async function newest(query: string): Promise<TAuditRecord> {
  const [record] = (await trail(`${query}&size=25`)).items;
  if (!record) throw new Error(`no audit record for ${query}`);
  return record;
}

async function createCompany(name: string): Promise<{ code: string; name: string }> {
  const res = await server.api('/api/v1/account/companies', json({ name }, admin));
  expect(res.status).toBe(200);
  return (await res.json()) as { code: string; name: string };
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: testBroker() });
  admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
  kestrelAdmin = (await signIn(server, ADMIN.email, ADMIN.password, 'KESTREL')).headers;
  managerId = await activeUser(server, admin, MANAGER);
  const holderId = await activeUser(server, admin, 'audit-holder@example.com');
  const granted = await server.api(`/api/v1/account/users/${holderId}/administrationProfile`, {
    ...json({ administrationProfile: ['ADD_PRODUCTS', 'ACCOUNTS', 'PRODUCTS', 'COMPANIES'] }, admin),
    method: 'PUT',
  });
  expect(granted.status).toBe(200);
  everyProfile = (await signIn(server, 'audit-holder@example.com', PASSWORD)).headers;
});
afterAll(async () => {
  await Promise.all(machines.map((m) => m.close()));
  await server.close();
});

describe('recording administration actions', () => {
  it('records a role change with who, when, the role before and after, and the request id', async () => {
    const company = await createCompany('Audit Service North');
    const started = Date.now();
    const res = await server.api(`/api/v1/account/users/${managerId}/updateRole?targetRole=SERVICE&companyCode=${company.code}`, {
      method: 'PUT',
      headers: admin,
    });
    expect(res.status).toBe(200);
    const record = await newest(`action=account.role&account=${MANAGER}`);
    expect(record).toMatchObject({
      actorEmail: ADMIN.email,
      action: 'account.role',
      targetKind: 'account',
      targetId: managerId,
      targetLabel: MANAGER,
      before: { role: 'KITCHEN_MANAGER', company: null },
      after: { role: 'SERVICE', company: company.code },
    });
    expect(new Date(record.at).getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(record.requestId).toBeTruthy();
    // Back to a kitchen manager, for the claims below.
    const back = await server.api(`/api/v1/account/users/${managerId}/updateRole?targetRole=KITCHEN_MANAGER`, {
      method: 'PUT',
      headers: admin,
    });
    expect(back.status).toBe(200);
    expect((await newest(`action=account.role&account=${MANAGER}`)).after).toEqual({ role: 'KITCHEN_MANAGER' });
  });

  it('records activations and profile changes made by a holder of the ACCOUNTS profile', async () => {
    const id = await activeUser(server, admin, 'audit-profiles@example.com');
    expect((await newest('action=account.activate&account=audit-profiles@example.com')).after).toEqual({ status: 'ACTIVE' });
    const res = await server.api(`/api/v1/account/users/${id}/administrationProfile`, {
      ...json({ administrationProfile: ['PRODUCTS'] }, everyProfile),
      method: 'PUT',
    });
    expect(res.status).toBe(200);
    expect(await newest('action=account.profiles&account=audit-profiles@example.com')).toMatchObject({
      actorEmail: 'audit-holder@example.com',
      before: { administrationProfile: [] },
      after: { administrationProfile: ['PRODUCTS'] },
    });
  });

  it('records a company rename with the old and the new name, and a deletion', async () => {
    const company = await createCompany('Audit Rename Old');
    expect(await newest(`action=company.create`)).toMatchObject({ targetId: company.code, after: { name: 'Audit Rename Old' } });
    const renamed = await server.api(`/api/v1/account/company/${company.code}?companyName=Audit%20Rename%20New`, {
      method: 'PUT',
      headers: admin,
    });
    expect(renamed.status).toBe(200);
    expect(await newest('action=company.rename')).toMatchObject({
      targetKind: 'company',
      targetId: company.code,
      targetLabel: 'Audit Rename Old',
      before: { name: 'Audit Rename Old' },
      after: { name: 'Audit Rename New' },
    });
    const deleted = await server.api(`/api/v1/account/company/${company.code}`, { method: 'DELETE', headers: admin });
    expect(deleted.status).toBe(200);
    expect(await newest('action=company.delete')).toMatchObject({
      targetId: company.code,
      before: { name: 'Audit Rename New' },
      after: null,
    });
  });

  it('writes no record for a change that was refused', async () => {
    const company = await createCompany('Audit Busy Company');
    const memberId = await activeUser(server, admin, 'audit-member@example.com');
    const moved = await server.api(`/api/v1/account/users/${memberId}/updateCompany?companyCode=${company.code}`, {
      method: 'PUT',
      headers: admin,
    });
    expect(moved.status).toBe(200);
    expect(await newest('action=account.company&account=audit-member@example.com')).toMatchObject({
      before: { company: null },
      after: { company: company.code, companyName: 'Audit Busy Company' },
    });
    const { total } = await trail('action=company.delete');
    const refused = await server.api(`/api/v1/account/company/${company.code}`, { method: 'DELETE', headers: admin });
    expect(refused.status).toBe(409);
    expect((await trail('action=company.delete')).total).toBe(total);
  });

  it('records a product added, claimed for an account and released, without the device secret', async () => {
    const product = await createProduct(server, everyProfile, { modelNumber: 'WB-AUDIT' });
    const added = await newest(`serial=${product.serialNumber}&action=product.add`);
    expect(added).toMatchObject({ actorEmail: 'audit-holder@example.com', before: null, after: { modelNumber: 'WB-AUDIT' } });
    expect(JSON.stringify(added)).not.toContain(product.deviceSecret);

    const claimed = await server.api('/api/v1/appliance/claim', {
      ...json({ serialNumber: product.serialNumber, applianceName: 'Line 1', userEmail: MANAGER }, admin),
    });
    expect(claimed.status).toBe(200);
    expect(await newest(`serial=${product.serialNumber}&action=product.claim`)).toMatchObject({
      targetLabel: product.serialNumber,
      before: { owner: null, serviceCompany: null },
      after: { owner: managerId, serviceCompany: null },
    });
    const released = await server.api(
      `/api/v1/appliance/unclaim?serialNumber=${product.serialNumber}&userEmail=${encodeURIComponent(MANAGER)}`,
      { method: 'POST', headers: admin },
    );
    expect(released.status).toBe(200);
    expect(await newest(`serial=${product.serialNumber}&action=product.unclaim`)).toMatchObject({
      before: { owner: managerId },
      after: { owner: null },
    });
    // The account filter finds what was done to the kitchen manager's machines too.
    const forManager = await trail(`account=${MANAGER.toUpperCase()}&serial=${product.serialNumber}`);
    expect(forManager.items.map((r) => r.action)).toEqual(['product.unclaim', 'product.claim']);
  });
});

describe('recording remote commands', () => {
  it('records a parameter change with the value before and after, and the machine answer', async () => {
    const product = await createProduct(server, admin);
    const machine = new VirtualDishwasher({
      serial: product.serialNumber,
      secret: product.deviceSecret,
      broker: server.mqttUrl,
      gamma: 'infinity',
      seed: 7,
      initialState: 'IDLE',
      activity: QUIET_ACTIVITY,
      mqtt: { reconnectPeriod: 500 },
    });
    machines.push(machine);
    await machine.connect();
    const param = parametersFor('infinity', 'cycle').find((p) => !p.options && p.default + p.step <= p.max);
    if (!param) throw new Error('no writable parameter');
    // The machine's parameters reach the server on its retained `params` topic.
    await eventually(async () => {
      const res = await server.api(`${event(machine.serial, 'parameters')}?parameters=${param.key}`, { headers: admin });
      return res.status === 200 && ((await res.json()) as { values: Record<string, number> }).values[param.key] !== undefined;
    });
    const before = machine.params[param.key];
    const value = param.default + param.step;
    const res = await server.api(event(machine.serial, 'parameters'), json({ values: { [param.key]: value } }, admin));
    expect(res.status).toBe(200);
    expect(await newest(`serial=${machine.serial}&action=command.params-set`)).toMatchObject({
      actorEmail: ADMIN.email,
      targetKind: 'product',
      before: { [param.key]: before },
      after: { [param.key]: value, outcome: 'ok' },
    });
  });

  it('records a command to an offline machine with the error its sender got', async () => {
    const product = await createProduct(server, admin);
    const res = await server.api(event(product.serialNumber, 'run-live'), json({ seconds: 60 }, admin));
    expect(res.status).toBe(409);
    expect(await newest(`serial=${product.serialNumber}`)).toMatchObject({
      action: 'command.run-live',
      after: { seconds: 60, outcome: 'APPLIANCE_DISCONNECTED' },
    });
  });
});

describe('GET /api/v1/audit', () => {
  it('filters by action, account, machine and time, newest first, in pages with the total', async () => {
    const all = await trail('size=100');
    expect(all.total).toBeGreaterThan(10);
    const ids = all.items.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const paged = await trail('size=25&page=2');
    expect(paged.items.map((r) => r.id)).toEqual(ids.slice(25, 50));
    expect(paged.total).toBe(all.total);

    const roles = await trail('action=account.role&size=100');
    expect(roles.items.length).toBeGreaterThan(0);
    expect(roles.items.every((r) => r.action === 'account.role')).toBe(true);
    // By actor: everything the profile holder did.
    const holder = await trail('account=audit-holder@example.com&size=100');
    expect(holder.items.length).toBeGreaterThan(0);
    expect(
      holder.items.every((r) => r.actorEmail === 'audit-holder@example.com' || r.targetLabel === 'audit-holder@example.com'),
    ).toBe(true);

    const oldest = all.items.at(-1);
    if (!oldest) throw new Error('empty trail');
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await trail(`from=${encodeURIComponent(future)}`)).total).toBe(0);
    const until = await trail(`to=${encodeURIComponent(oldest.at)}&size=100`);
    expect(until.items.every((r) => r.at <= oldest.at)).toBe(true);
    expect(until.items.map((r) => r.id)).toContain(oldest.id);
  });

  it('keeps brands apart', async () => {
    const kestrel = await trail('size=100', kestrelAdmin, 'KESTREL');
    expect(kestrel.items.some((r) => r.targetLabel === MANAGER)).toBe(false);
  });

  const both = ['/api/v1/audit', '/api/v1/audit.csv'];
  it.each([
    ['an unknown action', 'action=account.rename', both],
    ['a date without offset', 'from=2026-01-01T00:00:00', both],
    ['a range that ends before it starts', 'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', both],
    // The export has no pages: it ignores them.
    ['a page size not offered', 'size=7', ['/api/v1/audit']],
    ['page 0', 'page=0', ['/api/v1/audit']],
  ])('answers 400 VALIDATION_FAILED for %s', async (_name, query, paths) => {
    for (const path of paths) {
      const res = await server.api(`${path}?${query}`, { headers: { ...admin, 'accept-language': 'de' } });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).not.toBe('');
    }
  });

  it('refuses everyone but an ADMIN, a holder of every administration profile included', async () => {
    const manager = (await signIn(server, 'audit-member@example.com', PASSWORD)).headers;
    for (const headers of [everyProfile, manager]) {
      for (const path of ['/api/v1/audit', '/api/v1/audit.csv']) {
        expect((await server.api(path, { headers })).status).toBe(403);
      }
    }
    expect((await server.api('/api/v1/audit')).status).toBe(401);
  });
});

describe('GET /api/v1/audit.csv', () => {
  it('exports the filtered trail as RFC 4180 CSV, with formula-like cells defused', async () => {
    const company = await createCompany('=HYPERLINK("http://x.test"), Ltd');
    const res = await server.api(`/api/v1/audit.csv?action=company.create`, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-lumina-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,at,actor_email,actor_id,action,target_kind,target_id,target,before,after,request_id');
    expect(lines.at(-1)).toBe('');
    const page = await trail('action=company.create&size=100');
    expect(lines.length - 2).toBe(page.total);
    const row = lines[1] ?? '';
    expect(row).toContain(`,company.create,company,${company.code},"'=HYPERLINK(""http://x.test""), Ltd",`);
    // The JSON of "after", quoted with its quotes doubled.
    expect(row).toContain(`"{""name"":""=HYPERLINK(\\""http://x.test\\""), Ltd"",""parentCode"":null}"`);
  });

  it('streams an export larger than its reading batches in full', async () => {
    await server.washboard.database.db.execute(sql`
      insert into audit_records (brand, actor_email, action, target_kind, target_id, target_label, serial_number, after)
      select 'LUMINA', 'bulk@example.com', 'command.run-live', 'product', 'BULK-1', 'BULK-1', 'BULK-1', jsonb_build_object('n', n)
      from generate_series(1, 2500) as n`);
    const res = await server.api('/api/v1/audit.csv?serial=BULK-1', { headers: admin });
    const lines = (await res.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2501);
    expect(lines[1]).toContain('""n"":2500');
    expect(lines.at(-1)).toContain('""n"":1}');
  });
});
