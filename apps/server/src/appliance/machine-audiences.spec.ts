import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApplianceListPage } from '@washboard/contracts';
import { startTestServer, type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, json, newCompany, PASSWORD, signIn, staffMember, userIdOf } from '../../test/accounts';
import { productRequest, type TProduct } from '../../test/devices';
import { AccountRepository } from '../account/account.repository';
import { CompanyRepository } from '../company/company.repository';
import { CustomerRepository } from '../customers/customer.repository';
import { ApplianceAccess } from './appliance-access';
import { ApplianceRepository } from './appliance.repository';

type THeaders = Record<string, string>;

/**
 * Who is told of what happens on a machine (alarm mails, notifications, escalation) is asked for
 * many machines at once (`ApplianceAccess.viewersMany`). It must be, for each machine, exactly the
 * accounts whose device list shows it (docs/permissions.md), however the machines of one call mix
 * owners, companies, customers and brands.
 */
describe('the audience of several machines at once', () => {
  let server: TTestServer;
  let admin: THeaders;
  /** Every account of the scenario: its headers and id. */
  const people = new Map<string, { headers: THeaders; id: string }>();
  const serials: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    const kestrelAdmin = (await signIn(server, ADMIN.email, ADMIN.password, 'KESTREL')).headers;
    // Centrale above Nord above Vicino; Sud on its own.
    const centrale = await newCompany(server, admin, 'Centrale');
    const nord = await newCompany(server, admin, 'Nord', centrale);
    const vicino = await newCompany(server, admin, 'Vicino', nord);
    const sud = await newCompany(server, admin, 'Sud');
    const staff = [
      ['carlo@nord.test', 'SERVICE', nord],
      ['fabio@centrale.test', 'SERVICE', centrale],
      ['gina@vicino.test', 'SERVICE', vicino],
      ['hugo@sud.test', 'SERVICE', sud],
      ['dora@centrale.test', 'SERVICE_MANAGER', centrale],
      ['elio@sud.test', 'SERVICE_MANAGER', sud],
      ['nico@nord.test', 'SERVICE_MANAGER', nord],
    ] as const;
    for (const [email, role, code] of staff) await staffMember(server, admin, email, role, code);
    for (const email of ['anna@kitchen.test', 'bruno@kitchen.test', 'lia@kitchen.test']) await activeUser(server, admin, email);
    for (const email of [
      ADMIN.email,
      ...staff.map(([email]) => email),
      'anna@kitchen.test',
      'bruno@kitchen.test',
      'lia@kitchen.test',
    ]) {
      const { headers } = await signIn(server, email, email === ADMIN.email ? ADMIN.password : PASSWORD);
      people.set(email, { headers, id: await userIdOf(server, admin, email) });
    }
    people.set('kestrel-admin', { headers: kestrelAdmin, id: await userIdOf(server, kestrelAdmin, ADMIN.email, 'KESTREL') });

    const machine = async (claims: string[], brand = 'LUMINA') => {
      const headers = brand === 'LUMINA' ? admin : kestrelAdmin;
      const res = await server.api('/api/v1/appliance/products', { brand, ...json(productRequest(), headers) });
      expect(res.status).toBe(200);
      const { serialNumber } = (await res.json()) as TProduct;
      for (const userEmail of claims) {
        expect((await server.api('/api/v1/appliance/claim', json({ serialNumber, userEmail }, headers))).status).toBe(200);
      }
      serials.push(serialNumber);
      return serialNumber;
    };
    await machine(['anna@kitchen.test', 'carlo@nord.test']); // Anna's, serviced by Nord
    const deep = await machine(['bruno@kitchen.test', 'gina@vicino.test']); // Bruno's, serviced by Vicino
    await machine(['hugo@sud.test']); // Sud's, nobody's own
    await machine(['anna@kitchen.test']); // Anna's, no service
    await machine([]); // the brand's stock
    await machine([], 'KESTREL'); // another brand's
    // Lia is linked to Vicino's customer that has Bruno's machine.
    const gina = people.get('gina@vicino.test')?.headers ?? {};
    const customer = (await (
      await server.api('/api/v1/customers', json({ name: 'Trattoria', surname: 'Lia' }, gina))
    ).json()) as {
      id: string;
    };
    expect(
      (await server.api(`/api/v1/customers/${customer.id}/appliances/${deep}`, { method: 'PUT', headers: gina })).status,
    ).toBe(200);
    expect(
      (await server.api(`/api/v1/customers/${customer.id}/accounts`, json({ email: 'lia@kitchen.test' }, gina))).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives each machine exactly the accounts whose device list shows it', async () => {
    // Built on the server's own database, as app.ts builds them.
    const db = server.washboard.database.db;
    const applianceRepository = new ApplianceRepository(db);
    const applianceAccess = new ApplianceAccess(new AccountRepository(db), new CompanyRepository(db), new CustomerRepository(db));
    const machines = await applianceRepository.findMany(serials);
    expect(machines).toHaveLength(serials.length);
    const audiences = await applianceAccess.viewersMany(machines);

    const lists = new Map<string, Set<string>>();
    for (const [email, { headers, id }] of people) {
      if (email === 'kestrel-admin') continue;
      const res = await server.api('/api/v1/appliance/devices?limit=100', { headers });
      expect(res.status).toBe(200);
      const listed = new Set(((await res.json()) as TApplianceListPage).items.map((a) => a.serialNumber));
      lists.set(email, listed);
      machines.forEach((m, i) => {
        const told = (audiences[i] ?? []).some((user) => user.id === id);
        expect(told, `${email} and ${m.serialNumber}`).toBe(listed.has(m.serialNumber));
      });
    }
    // The scenario reaches every branch of the rule: the customer's linked account, a service
    // company two levels down, a SERVICE user of the company directly above and one above that.
    const [nords, deep] = serials;
    expect(lists.get('lia@kitchen.test')?.has(deep ?? '')).toBe(true);
    expect(lists.get('nico@nord.test')?.has(deep ?? '')).toBe(true);
    expect(lists.get('carlo@nord.test')?.has(deep ?? '')).toBe(true);
    expect(lists.get('fabio@centrale.test')?.has(nords ?? '')).toBe(true);
    expect(lists.get('fabio@centrale.test')?.has(deep ?? '')).toBe(false);
    expect(lists.get('elio@sud.test')?.has(deep ?? '')).toBe(false);
    // Each machine on its own gives the same accounts, in the same order.
    for (const [i, m] of machines.entries()) {
      expect((await applianceAccess.viewers(m)).map((u) => u.id)).toEqual((audiences[i] ?? []).map((u) => u.id));
    }
    // The other brand's machine is told to its own administrator only, not to this brand's.
    const kestrel = machines.findIndex((m) => m.brand === 'KESTREL');
    expect(audiences[kestrel]?.map((u) => u.brand)).toEqual(['KESTREL']);
  });
});
