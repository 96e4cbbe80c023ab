import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApplianceListPage, TCustomerDetail, TCustomersPage } from '@washboard/contracts';
import { startTestServer, type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, json, newCompany, PASSWORD, signIn, staffMember, userIdOf } from '../../test/accounts';
import { createProduct } from '../../test/devices';

type THeaders = Record<string, string>;
type TError = { code: string; message: string };

/**
 * docs/customers.md: a service company's customers, the machines assigned to them, the kitchen
 * managers linked to them — and nothing of it for another company.
 */
describe('customers', () => {
  let server: TTestServer;
  let admin: THeaders;
  /** SERVICE of "Service" (below "Partner"). */
  let tech: THeaders;
  /** SERVICE_MANAGER of "Partner". */
  let boss: THeaders;
  /** SERVICE of "Rival", an unrelated company. */
  let rival: THeaders;
  let kitchen: THeaders;
  let kitchenId: string;
  let serviceCode: string;
  let rivalCode: string;
  /** Serviced by "Service": the technician and the manager see it. */
  let served: string;
  /** Serviced by "Rival". */
  let rivals: string;
  /** Serviced by "Partner" itself. */
  let partners: string;

  const company = (name: string, parentCode?: string) => newCompany(server, admin, name, parentCode);
  const staff = (email: string, role: string, companyCode: string) => staffMember(server, admin, email, role, companyCode);
  /** A product serviced by the company of the service user `email`. */
  const machineOf = async (email: string) => {
    const { serialNumber } = await createProduct(server, admin);
    const res = await server.api('/api/v1/appliance/claim', json({ serialNumber, userEmail: email }, admin));
    expect(res.status).toBe(200);
    return serialNumber;
  };
  const call = (headers: THeaders, path: string, method = 'GET', body?: unknown) =>
    server.api(path, body === undefined ? { method, headers } : { ...json(body, headers), method });
  const codeOf = async (res: Response) => ((await res.json()) as TError).code;
  const create = async (headers: THeaders, body: Record<string, unknown>) => {
    const res = await call(headers, '/api/v1/customers', 'POST', body);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as TCustomerDetail;
  };
  const devices = async (headers: THeaders) => {
    const res = await call(headers, '/api/v1/appliance/devices');
    expect(res.status).toBe(200);
    return ((await res.json()) as TApplianceListPage).items.map((a) => a.serialNumber).sort();
  };

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    const partner = await company('Partner');
    serviceCode = await company('Service', partner);
    rivalCode = await company('Rival');
    tech = await staff('tech@service.test', 'SERVICE', serviceCode);
    boss = await staff('boss@partner.test', 'SERVICE_MANAGER', partner);
    rival = await staff('tech@rival.test', 'SERVICE', rivalCode);
    kitchenId = await activeUser(server, admin, 'chef@kitchen.test');
    kitchen = (await signIn(server, 'chef@kitchen.test', PASSWORD)).headers;
    served = await machineOf('tech@service.test');
    rivals = await machineOf('tech@rival.test');
    partners = await machineOf('boss@partner.test');
  }, 60_000);
  afterAll(() => server.close());

  describe('POST /api/v1/customers', () => {
    it("creates a customer of the technician's company, with every field", async () => {
      const customer = await create(tech, {
        name: 'Trattoria',
        surname: 'Da Gino',
        email: 'gino@trattoria.test',
        phone: '+39 02 1234567',
        address: 'Via Roma 1',
        city: 'Milano',
        zip: '20100',
        country: 'Italia',
        website: 'https://trattoria.test',
        contact: 'Gino',
      });
      expect(customer).toMatchObject({ name: 'Trattoria', surname: 'Da Gino', city: 'Milano', companyCode: serviceCode });
      expect(customer.companyName).toBe('Service');
      expect(customer.appliances).toEqual([]);
    });

    it('refuses a customer without surname, or with a wrong e-mail, in the caller’s language', async () => {
      const res = await server.api('/api/v1/customers', {
        ...json({ name: 'Nobody', email: 'not-an-email' }, { ...tech, 'accept-language': 'fr' }),
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as TError;
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).toContain('body.surname');
      expect(body.message).toContain('body.email');
      expect(body.message).not.toMatch(/^Some of the data/);
    });

    it('refuses a kitchen manager (403)', async () => {
      const res = await call(kitchen, '/api/v1/customers', 'POST', { name: 'A', surname: 'B' });
      expect(res.status).toBe(403);
    });

    it("lets a service manager create one in a company of its tree, but not in another's", async () => {
      const below = await create(boss, { name: 'Hotel', surname: 'Alpino', companyCode: serviceCode });
      expect(below.companyCode).toBe(serviceCode);
      const res = await call(boss, '/api/v1/customers', 'POST', { name: 'X', surname: 'Y', companyCode: rivalCode });
      expect(res.status).toBe(404);
      expect(await codeOf(res)).toBe('COMPANY_NOT_FOUND');
    });
  });

  describe('GET /api/v1/customers', () => {
    it('pages and searches the customers of the caller’s company; the manager sees its tree’s, a rival none', async () => {
      await create(tech, { name: 'Pizzeria', surname: 'Napoli', city: 'Torino' });
      const page = async (headers: THeaders, q = '') =>
        (await (await call(headers, `/api/v1/customers?q=${encodeURIComponent(q)}&size=1`)).json()) as TCustomersPage;
      const one = await page(tech, 'torino');
      expect(one.items.map((c) => c.surname)).toEqual(['Napoli']);
      const all = await page(tech);
      expect(all.items).toHaveLength(1);
      expect(all.total).toBeGreaterThanOrEqual(3);
      expect((await page(boss)).total).toBe(all.total);
      expect((await page(rival)).total).toBe(0);
      expect((await call(kitchen, '/api/v1/customers')).status).toBe(403);
    });
  });

  describe('another company', () => {
    it('cannot read, modify, delete, assign to or link to a customer it does not manage', async () => {
      const customer = await create(tech, { name: 'Bar', surname: 'Sport' });
      const base = `/api/v1/customers/${customer.id}`;
      const answers = [
        await call(rival, base),
        await call(rival, base, 'PUT', { name: 'Stolen', surname: 'Sport' }),
        await call(rival, `${base}/appliances/${rivals}`, 'PUT'),
        await call(rival, `${base}/accounts`, 'POST', { email: 'chef@kitchen.test' }),
        await call(rival, base, 'DELETE'),
      ];
      for (const res of answers) {
        expect(res.status).toBe(404);
        expect(await codeOf(res)).toBe('CUSTOMER_NOT_FOUND');
      }
      const kept = (await (await call(tech, base)).json()) as TCustomerDetail;
      expect(kept.name).toBe('Bar');
      expect(kept.appliances).toEqual([]);
      expect(kept.accounts).toEqual([]);
    });
  });

  describe('PUT /api/v1/customers/{id}', () => {
    it('changes the fields and clears those left out', async () => {
      const customer = await create(tech, { name: 'Mensa', surname: 'Aziendale', city: 'Roma' });
      const res = await call(tech, `/api/v1/customers/${customer.id}`, 'PUT', {
        name: 'Mensa',
        surname: 'Centrale',
        zip: '00100',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ surname: 'Centrale', zip: '00100', city: null });
    });

    it('refuses a change made to the customer as it was before someone else saved it (409), and keeps theirs', async () => {
      const loaded = await create(tech, { name: 'Bar', surname: 'Sport', city: 'Asti' });
      const put = (body: Record<string, unknown>) => call(tech, `/api/v1/customers/${loaded.id}`, 'PUT', body);
      // Loaded as created (the database wrote its time with microseconds): the first save goes through.
      const first = await put({ name: 'Bar', surname: 'Sport', city: 'Alba', expectedUpdatedAt: loaded.updatedAt });
      expect(first.status, await first.clone().text()).toBe(200);
      const saved = (await first.json()) as TCustomerDetail;
      // A change queued on a phone that loaded the customer before that save.
      const stale = await put({ name: 'Bar', surname: 'Sport', city: 'Bra', expectedUpdatedAt: loaded.updatedAt });
      expect([stale.status, await codeOf(stale)]).toEqual([409, 'CUSTOMER_CHANGED']);
      const now = (await (await call(tech, `/api/v1/customers/${loaded.id}`)).json()) as TCustomerDetail;
      expect(now).toMatchObject({ city: 'Alba', updatedAt: saved.updatedAt });
      expect((await put({ name: 'Bar', surname: 'Sport', city: 'Bra', expectedUpdatedAt: saved.updatedAt })).status).toBe(200);
    });
  });

  describe('machines and linked kitchen managers', () => {
    it('assigns a machine the technician sees; a linked kitchen manager then sees exactly it', async () => {
      const customer = await create(tech, { name: 'Osteria', surname: 'Del Ponte' });
      const base = `/api/v1/customers/${customer.id}`;
      expect(await devices(kitchen)).toEqual([]);

      const assigned = await call(tech, `${base}/appliances/${served}`, 'PUT');
      expect(assigned.status).toBe(200);
      expect(((await assigned.json()) as TCustomerDetail).appliances.map((a) => a.serialNumber)).toEqual([served]);
      // A machine the technician does not see, and one no company of the customer serves.
      const hidden = await call(tech, `${base}/appliances/${rivals}`, 'PUT');
      expect([hidden.status, await codeOf(hidden)]).toEqual([404, 'APPLIANCE_NOT_FOUND']);
      const notServed = await call(boss, `${base}/appliances/${partners}`, 'PUT');
      expect([notServed.status, await codeOf(notServed)]).toEqual([409, 'APPLIANCE_NOT_SERVED']);

      const linked = await call(tech, `${base}/accounts`, 'POST', { email: 'chef@kitchen.test' });
      expect(linked.status).toBe(200);
      expect(((await linked.json()) as TCustomerDetail).accounts.map((a) => a.id)).toEqual([kitchenId]);
      expect(await devices(kitchen)).toEqual([served]);
      // Looked up together, as the weekly reports do a batch of accounts (docs/notifications.md),
      // each account sees what its own device list shows.
      const accounts = [
        { headers: kitchen, email: 'chef@kitchen.test', role: 'KITCHEN_MANAGER' },
        { headers: tech, email: 'tech@service.test', role: 'SERVICE' },
        { headers: boss, email: 'boss@partner.test', role: 'SERVICE_MANAGER' },
        { headers: rival, email: 'tech@rival.test', role: 'SERVICE' },
        { headers: admin, email: ADMIN.email, role: 'ADMIN' },
      ] as const;
      const together = await server.washboard.appliances.visibleSerialsMany(
        await Promise.all(
          accounts.map(async ({ email, role }) => ({ id: await userIdOf(server, admin, email), role, brand: 'LUMINA' as const })),
        ),
      );
      expect(together.map((serials) => [...serials].sort())).toEqual(
        await Promise.all(accounts.map(({ headers }) => devices(headers))),
      );
      expect(together[0]).toEqual([served]);
      expect((await call(kitchen, `/api/v1/appliance/getApplianceDetail?serialNumber=${served}`)).status).toBe(200);
      expect((await call(kitchen, `/api/v1/appliance/getApplianceDetail?serialNumber=${rivals}`)).status).toBe(404);
      // The alarm side reads the same rule: the kitchen manager is among those who see the machine.
      const assignees = (await (await call(tech, `/api/v1/event-hub-listener/event/${served}/alarms/assignees`)).json()) as {
        id: string;
      }[];
      expect(assignees.map((p) => p.id)).toContain(kitchenId);

      // Another customer cannot take the machine while this one has it.
      const other = await create(tech, { name: 'Other', surname: 'Place' });
      const taken = await call(tech, `/api/v1/customers/${other.id}/appliances/${served}`, 'PUT');
      expect([taken.status, await codeOf(taken)]).toEqual([409, 'APPLIANCE_ALREADY_ASSIGNED']);

      const unassigned = await call(tech, `${base}/appliances/${served}`, 'DELETE');
      expect(unassigned.status).toBe(200);
      expect(await devices(kitchen)).toEqual([]);
    });

    it('links only kitchen managers, and only existing accounts', async () => {
      const customer = await create(tech, { name: 'Bistro', surname: 'Lumière' });
      const base = `/api/v1/customers/${customer.id}/accounts`;
      const staffAccount = await call(tech, base, 'POST', { email: 'boss@partner.test' });
      expect([staffAccount.status, await codeOf(staffAccount)]).toEqual([409, 'ACCOUNT_NOT_KITCHEN_MANAGER']);
      const unknown = await call(tech, base, 'POST', { email: 'nobody@nowhere.test' });
      expect([unknown.status, await codeOf(unknown)]).toEqual([404, 'USER_NOT_FOUND']);
    });

    it('deleting a customer unassigns its machines: they stay with the service, the kitchen manager loses them', async () => {
      const customer = await create(tech, { name: 'Kantine', surname: 'Nord' });
      const base = `/api/v1/customers/${customer.id}`;
      expect((await call(tech, `${base}/appliances/${served}`, 'PUT')).status).toBe(200);
      expect((await call(tech, `${base}/accounts`, 'POST', { email: 'chef@kitchen.test' })).status).toBe(200);
      expect(await devices(kitchen)).toEqual([served]);

      expect((await call(tech, base, 'DELETE')).status).toBe(200);
      expect((await call(tech, base)).status).toBe(404);
      expect(await devices(kitchen)).toEqual([]);
      expect(await devices(tech)).toContain(served);
    });

    /**
     * A customer of the service's, named so, with a machine of the service's and the kitchen manager
     * linked: who sees the machine through it. Answers the customer's path and the machine.
     */
    async function linkedMachine(name: string, surname: string): Promise<{ base: string; machine: string }> {
      const customer = await create(tech, { name, surname });
      const base = `/api/v1/customers/${customer.id}`;
      const machine = await machineOf('tech@service.test');
      expect((await call(tech, `${base}/appliances/${machine}`, 'PUT')).status).toBe(200);
      expect((await call(tech, `${base}/accounts`, 'POST', { email: 'chef@kitchen.test' })).status).toBe(200);
      expect(await devices(kitchen)).toEqual([machine]);
      return { base, machine };
    }

    it('a linked kitchen manager cannot take the machine from its service: it holds nothing to release', async () => {
      const { base, machine } = await linkedMachine('Trattoria', 'Sul Lago');

      const released = await call(kitchen, `/api/v1/appliance/unclaim?serialNumber=${machine}`, 'POST');
      expect([released.status, await codeOf(released)]).toEqual([409, 'APPLIANCE_NOT_CLAIMED']);
      // Nothing changed: the service keeps it, and the kitchen manager still sees it through the customer.
      expect(await devices(tech)).toContain(machine);
      expect(await devices(kitchen)).toEqual([machine]);
      expect((await call(tech, base, 'DELETE')).status).toBe(200);
    });

    it('an assignment stops counting once the machine leaves the service company', async () => {
      const { base, machine } = await linkedMachine('Grill', 'House');
      expect((await call(tech, `/api/v1/appliance/unclaim?serialNumber=${machine}`, 'POST')).status).toBe(200);
      expect(await devices(kitchen)).toEqual([]);

      // Another company takes the machine over: the old assignment neither shows it nor stands in the way.
      const taken = await server.api(
        '/api/v1/appliance/claim',
        json({ serialNumber: machine, userEmail: 'tech@rival.test' }, admin),
      );
      expect(taken.status).toBe(200);
      const detail = (await (await call(tech, base)).json()) as TCustomerDetail;
      expect(detail.appliances).toEqual([]);
      const theirs = await create(rival, { name: 'Trattoria', surname: 'Nuova' });
      expect((await call(rival, `/api/v1/customers/${theirs.id}/appliances/${machine}`, 'PUT')).status).toBe(200);
      expect(((await (await call(rival, `/api/v1/customers/${theirs.id}`)).json()) as TCustomerDetail).appliances).toEqual([
        expect.objectContaining({ serialNumber: machine }),
      ]);
    });
  });
});
