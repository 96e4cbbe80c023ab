import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from '../../test/harness';
import { activeUser, json, PASSWORD, signIn } from '../../test/accounts';

const ADMIN = { email: 'admin@washboard.test', password: 'Admin12345' };
type THeaders = Record<string, string>;
type TCompany = { code: string; name: string; parentCode: string | null };
type TNode = TCompany & { children: TNode[] };

let server: TTestServer;
let admin: THeaders;
let kestrelAdmin: THeaders;
let serviceManager: THeaders;
let technician: THeaders;
let partnerMember: THeaders;
let kitchenManager: THeaders;
let companiesHolder: THeaders;
let partner: TCompany;
let north: TCompany;
let northA: TCompany;
let northB: TCompany;
let south: TCompany;
let kestrel: TCompany;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
  kestrelAdmin = (await signIn(server, ADMIN.email, ADMIN.password, 'KESTREL')).headers;
  partner = await createCompany(admin, 'Partner');
  north = await createCompany(admin, 'North Service', partner.code);
  // Created out of alphabetical order: children come sorted by name.
  northB = await createCompany(admin, 'North B', north.code);
  northA = await createCompany(admin, 'North A', north.code);
  south = await createCompany(admin, 'South Service');
  kestrel = await createCompany(kestrelAdmin, 'Kestrel Partner', undefined, 'KESTREL');

  serviceManager = await member('sm@example.com', 'SERVICE_MANAGER', north.code);
  technician = await member('tech@example.com', 'SERVICE', northA.code);
  partnerMember = await member('partner-sm@example.com', 'SERVICE_MANAGER', partner.code);
  await activeUser(server, admin, 'km@example.com');
  kitchenManager = (await signIn(server, 'km@example.com', PASSWORD)).headers;
  const holderId = await activeUser(server, admin, 'companies-holder@example.com');
  const granted = await server.api(`/api/v1/account/users/${holderId}/administrationProfile`, {
    ...json({ administrationProfile: ['COMPANIES'] }, admin),
    method: 'PUT',
  });
  expect(granted.status).toBe(200);
  companiesHolder = (await signIn(server, 'companies-holder@example.com', PASSWORD)).headers;
});
afterAll(() => server.close());

async function createCompany(headers: THeaders, name: string, parentCode?: string, brand = 'LUMINA'): Promise<TCompany> {
  const res = await server.api('/api/v1/account/companies', { brand, ...json({ name, parentCode }, headers) });
  expect(res.status).toBe(200);
  return (await res.json()) as TCompany;
}

/** A signed-in account of `role` in the company `companyCode`; answers its headers. */
async function member(email: string, role: string, companyCode: string): Promise<THeaders> {
  const id = await activeUser(server, admin, email);
  const res = await server.api(`/api/v1/account/users/${id}/updateRole?targetRole=${role}&companyCode=${companyCode}`, {
    method: 'PUT',
    headers: admin,
  });
  expect(res.status).toBe(200);
  return (await signIn(server, email, PASSWORD)).headers;
}

async function companies(headers: THeaders = admin, brand = 'LUMINA'): Promise<TCompany[]> {
  const res = await server.api('/api/v1/account/companies', { brand, headers });
  expect(res.status).toBe(200);
  return (await res.json()) as TCompany[];
}

async function hierarchy(headers: THeaders, brand = 'LUMINA'): Promise<TNode[]> {
  const res = await server.api('/api/v1/account/company/hierarchy', { brand, headers });
  expect(res.status).toBe(200);
  return (await res.json()) as TNode[];
}

function rename(headers: THeaders, code: string, companyName: string | undefined, brand = 'LUMINA') {
  const query = companyName === undefined ? '' : `?companyName=${encodeURIComponent(companyName)}`;
  return server.api(`/api/v1/account/company/${code}${query}`, { brand, method: 'PUT', headers });
}

function remove(headers: THeaders, code: string, brand = 'LUMINA') {
  return server.api(`/api/v1/account/company/${code}`, { brand, method: 'DELETE', headers });
}

async function errorCode(res: Response): Promise<string> {
  return ((await res.json()) as { code: string }).code;
}

const leaf = (c: TCompany): TNode => ({ ...c, children: [] });

describe('GET /api/v1/account/company/related', () => {
  it("answers the caller's company, its service partner and the companies directly below it", async () => {
    const res = await server.api('/api/v1/account/company/related', { headers: serviceManager });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ company: north, parent: partner, children: [northA, northB] });
  });

  it('answers no children for a company at the bottom and no parent for one at the top', async () => {
    const bottom = await server.api('/api/v1/account/company/related', { headers: technician });
    expect(await bottom.json()).toEqual({ company: northA, parent: north, children: [] });
    const top = await server.api('/api/v1/account/company/related', { headers: partnerMember });
    expect(await top.json()).toEqual({ company: partner, parent: null, children: [north] });
  });

  it('answers nulls to a caller without a company', async () => {
    const res = await server.api('/api/v1/account/company/related', { headers: kitchenManager });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ company: null, parent: null, children: [] });
  });

  it('refuses a caller without a session', async () => {
    expect((await server.api('/api/v1/account/company/related')).status).toBe(401);
  });
});

describe('GET /api/v1/account/company/hierarchy', () => {
  it("answers a service manager its company's tree", async () => {
    expect(await hierarchy(serviceManager)).toEqual([{ ...north, children: [leaf(northA), leaf(northB)] }]);
    expect(await hierarchy(technician)).toEqual([leaf(northA)]);
  });

  it("answers an admin and a COMPANIES holder every tree of the brand, and nothing of the other brand's", async () => {
    const forest = [{ ...partner, children: [{ ...north, children: [leaf(northA), leaf(northB)] }] }, leaf(south)];
    const adminView = await hierarchy(admin);
    const holderView = await hierarchy(companiesHolder);
    for (const view of [adminView, holderView]) {
      for (const tree of forest) expect(view).toContainEqual(tree);
      expect(JSON.stringify(view)).not.toContain(kestrel.name);
    }
    expect(await hierarchy(kestrelAdmin, 'KESTREL')).toEqual([leaf(kestrel)]);
  });

  it('answers an empty forest to a caller without a company', async () => {
    expect(await hierarchy(kitchenManager)).toEqual([]);
  });

  it('refuses a caller without a session', async () => {
    expect((await server.api('/api/v1/account/company/hierarchy')).status).toBe(401);
  });
});

describe('GET /api/v1/account/companies/tree', () => {
  type TTreeNode = TCompany & { users: number; machines: number; children: TTreeNode[] };

  async function tree(headers: THeaders, brand = 'LUMINA'): Promise<TTreeNode[]> {
    const res = await server.api('/api/v1/account/companies/tree', { brand, headers });
    expect(res.status).toBe(200);
    return (await res.json()) as TTreeNode[];
  }
  const find = (nodes: TTreeNode[], code: string): TTreeNode | undefined =>
    nodes.map((n) => (n.code === code ? n : find(n.children, code))).find(Boolean);

  it("answers every tree of the brand with each company's accounts and serviced machines", async () => {
    // A machine serviced by North A: bound by the admin to North A's technician.
    const serialNumber = `TREE${Date.now().toString(36).toUpperCase()}`;
    const product = { serialNumber, modelNumber: 'X', fw00: '1', fw02: '1', gamma: 'prime', ratingPower: 'M2' };
    expect((await server.api('/api/v1/appliance/products', json(product, admin))).status).toBe(200);
    const claimed = await server.api('/api/v1/appliance/claim', json({ serialNumber, userEmail: 'tech@example.com' }, admin));
    expect(claimed.status).toBe(200);

    const forest = await tree(admin);
    const partnerTree = forest.find((n) => n.code === partner.code);
    expect(partnerTree).toEqual({
      ...partner,
      users: 1,
      machines: 0,
      children: [
        {
          ...north,
          users: 1,
          machines: 0,
          children: [
            { ...northA, users: 1, machines: 1, children: [] },
            { ...northB, users: 0, machines: 0, children: [] },
          ],
        },
      ],
    });
    expect(find(forest, south.code)).toMatchObject({ users: expect.any(Number), children: [] });
    expect(JSON.stringify(forest)).not.toContain(kestrel.code);
    expect(await tree(companiesHolder)).toEqual(forest);
    expect(await tree(kestrelAdmin, 'KESTREL')).toEqual([{ ...kestrel, users: 0, machines: 0, children: [] }]);
  });

  it('does not count deleted accounts', async () => {
    const company = await createCompany(admin, 'Counting');
    const id = await activeUser(server, admin, 'counted@example.com');
    const moved = await server.api(`/api/v1/account/users/${id}/updateCompany?companyCode=${company.code}`, {
      method: 'PUT',
      headers: admin,
    });
    expect(moved.status).toBe(200);
    expect(find(await tree(admin), company.code)?.users).toBe(1);
    expect((await server.api(`/api/v1/account/users/${id}`, { method: 'DELETE', headers: admin })).status).toBe(200);
    expect(find(await tree(admin), company.code)?.users).toBe(0);
  });

  it('refuses a kitchen manager, a service manager and a caller without a session', async () => {
    for (const headers of [kitchenManager, serviceManager]) {
      const res = await server.api('/api/v1/account/companies/tree', { headers });
      expect(res.status).toBe(403);
      expect(await errorCode(res)).toBe('FORBIDDEN');
    }
    expect((await server.api('/api/v1/account/companies/tree')).status).toBe(401);
  });
});

describe('PUT /api/v1/account/company/{companyCode}', () => {
  it('renames a company; the list and the members see the new name', async () => {
    const res = await rename(admin, south.code, '  South Service Srl ');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: '200' });
    expect((await companies()).find((c) => c.code === south.code)?.name).toBe('South Service Srl');

    expect((await rename(companiesHolder, north.code, 'North Service Spa')).status).toBe(200);
    const related = (await (await server.api('/api/v1/account/company/related', { headers: serviceManager })).json()) as {
      company: TCompany;
    };
    expect(related.company.name).toBe('North Service Spa');
    north = related.company;
  });

  it('refuses a kitchen manager, and a service manager even for its own company', async () => {
    for (const headers of [kitchenManager, serviceManager]) {
      const res = await rename(headers, north.code, 'Taken Over');
      expect(res.status).toBe(403);
      expect(await errorCode(res)).toBe('FORBIDDEN');
    }
    expect((await companies()).find((c) => c.code === north.code)?.name).toBe(north.name);
  });

  it('validates the name and the code (400) and changes nothing', async () => {
    for (const [code, name] of [
      [south.code, 'S'],
      [south.code, '   '],
      [south.code, 'x'.repeat(121)],
      [south.code, undefined],
      ['12345', 'Good Name'],
      ['abcdef', 'Good Name'],
    ] as const) {
      const res = await rename(admin, code, name);
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe('VALIDATION_FAILED');
    }
    expect((await companies()).find((c) => c.code === south.code)?.name).toBe('South Service Srl');
  });

  it("answers 404 for an unknown company and for another brand's", async () => {
    const unknown = await rename(admin, '999999', 'Nobody');
    expect(unknown.status).toBe(404);
    expect(await errorCode(unknown)).toBe('COMPANY_NOT_FOUND');
    expect((await rename(admin, kestrel.code, 'Hijacked')).status).toBe(404);
    expect((await companies(kestrelAdmin, 'KESTREL')).find((c) => c.code === kestrel.code)?.name).toBe('Kestrel Partner');
  });
});

describe('DELETE /api/v1/account/company/{companyCode}', () => {
  it('refuses (409) while companies below it or accounts still reference it, with a clear message', async () => {
    const parentOnly = await createCompany(admin, 'Parent Only');
    const childOnly = await createCompany(admin, 'Child Only', parentOnly.code);
    const withChildren = await server.api(`/api/v1/account/company/${parentOnly.code}`, {
      method: 'DELETE',
      headers: { ...admin, 'accept-language': 'en' },
    });
    expect(withChildren.status).toBe(409);
    expect(await withChildren.json()).toEqual({
      code: 'COMPANY_HAS_CHILDREN',
      message: expect.stringMatching(/cannot be deleted/),
    });
    const withUsers = await remove(admin, northA.code);
    expect(withUsers.status).toBe(409);
    expect(await errorCode(withUsers)).toBe('COMPANY_HAS_USERS');
    expect(await errorCode(await remove(admin, north.code))).toBe('COMPANY_HAS_USERS');
    expect((await companies()).map((c) => c.code)).toEqual(expect.arrayContaining([parentOnly.code, north.code, northA.code]));

    // Once the company below is gone, the parent goes too.
    expect((await remove(admin, childOnly.code)).status).toBe(200);
    expect((await remove(admin, parentOnly.code)).status).toBe(200);
  });

  it('deletes a company that nothing references any more; it is gone from every call', async () => {
    const empty = await createCompany(admin, 'Short Lived', south.code);
    const res = await remove(admin, empty.code);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: '200' });
    expect((await companies()).some((c) => c.code === empty.code)).toBe(false);
    expect(JSON.stringify(await hierarchy(admin))).not.toContain(empty.code);
    expect((await remove(admin, empty.code)).status).toBe(404);
    expect((await rename(admin, empty.code, 'Back Again')).status).toBe(404);
  });

  it('is not held back by deleted accounts, and frees once its accounts move away', async () => {
    const company = await createCompany(admin, 'Emptying');
    const leaver = await activeUser(server, admin, 'leaver@example.com');
    const mover = await activeUser(server, admin, 'mover@example.com');
    for (const id of [leaver, mover]) {
      const res = await server.api(`/api/v1/account/users/${id}/updateCompany?companyCode=${company.code}`, {
        method: 'PUT',
        headers: admin,
      });
      expect(res.status).toBe(200);
    }
    expect((await server.api(`/api/v1/account/users/${leaver}`, { method: 'DELETE', headers: admin })).status).toBe(200);
    expect(await errorCode(await remove(admin, company.code))).toBe('COMPANY_HAS_USERS');
    const moved = await server.api(`/api/v1/account/users/${mover}/updateCompany?companyCode=${south.code}`, {
      method: 'PUT',
      headers: admin,
    });
    expect(moved.status).toBe(200);
    expect((await remove(companiesHolder, company.code)).status).toBe(200);
  });

  it('refuses a kitchen manager and a service manager', async () => {
    const company = await createCompany(admin, 'Kept Company');
    for (const headers of [kitchenManager, serviceManager]) {
      const res = await remove(headers, company.code);
      expect(res.status).toBe(403);
      expect(await errorCode(res)).toBe('FORBIDDEN');
    }
    expect((await companies()).some((c) => c.code === company.code)).toBe(true);
  });

  it("answers 404 for an unknown company and for another brand's, 400 for a malformed code", async () => {
    const unknown = await remove(admin, '999999');
    expect(unknown.status).toBe(404);
    expect(await errorCode(unknown)).toBe('COMPANY_NOT_FOUND');
    expect((await remove(admin, kestrel.code)).status).toBe(404);
    expect((await companies(kestrelAdmin, 'KESTREL')).some((c) => c.code === kestrel.code)).toBe(true);
    expect((await remove(admin, 'related')).status).toBe(400);
  });
});
