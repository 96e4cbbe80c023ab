import { eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues, type TAdminProductsPage, type TApplianceListPage, type TClaimCandidate } from '@washboard/contracts';
import { startTestServer, type TTestServer } from '../../test/harness';
import { telemetry } from '../db/schema/index';
import { ADMIN, activeUser, json, PASSWORD, signIn } from '../../test/accounts';
import { connectDevice, createProduct, eventually, productRequest, publish, type TProduct } from '../../test/devices';

type THeaders = Record<string, string>;

/** The Manage Products tab's calls: the product table, the claim picker's accounts and deleting a product. */
describe('product administration', () => {
  let server: TTestServer;
  let admin: THeaders;
  let products: THeaders;
  let anna: THeaders;
  let annaId: string;
  let bar: TProduct;
  let serviced: TProduct;
  let spare: TProduct;
  let busy: TProduct;
  const devices: MqttClient[] = [];

  const get = (headers: THeaders, path: string, language = 'en') =>
    server.api(path, { headers: { ...headers, 'accept-language': language } });
  const table = async (headers: THeaders, query = '') => {
    const res = await get(headers, `/api/v1/appliance/products${query}`);
    expect(res.status, query).toBe(200);
    return (await res.json()) as TAdminProductsPage;
  };
  const serials = async (query = '', headers = admin) => (await table(headers, query)).items.map((p) => p.serialNumber);
  const remove = (headers: THeaders, serial: string) =>
    server.api(`/api/v1/appliance/products/${encodeURIComponent(serial)}`, { method: 'DELETE', headers });
  const claim = (headers: THeaders, body: Record<string, unknown>) => server.api('/api/v1/appliance/claim', json(body, headers));
  const annasDevices = async () => {
    const res = await get(anna, '/api/v1/appliance/devices');
    return ((await res.json()) as TApplianceListPage).items.map((a) => a.serialNumber);
  };

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    annaId = await activeUser(server, admin, 'anna@kitchen.test', 'LUMINA', { firstName: 'Anna', lastName: 'Rossi' });
    anna = (await signIn(server, 'anna@kitchen.test', PASSWORD)).headers;
    const productsId = await activeUser(server, admin, 'products@washboard.test', 'LUMINA', {
      firstName: 'Piero',
      lastName: 'Bianchi',
    });
    const profiles = await server.api(`/api/v1/account/users/${productsId}/administrationProfile`, {
      ...json({ administrationProfile: ['PRODUCTS'] }, admin),
      method: 'PUT',
    });
    expect(profiles.status).toBe(200);
    products = (await signIn(server, 'products@washboard.test', PASSWORD)).headers;
    const company = await server.api('/api/v1/account/companies', json({ name: 'Servizi Nord' }, admin));
    const serviceCode = ((await company.json()) as { code: string }).code;
    const serviceId = await activeUser(server, admin, 'tecnico@service.test', 'LUMINA', {
      firstName: 'Carlo',
      lastName: 'Verdi',
    });
    const role = await server.api(`/api/v1/account/users/${serviceId}/updateRole?targetRole=SERVICE&companyCode=${serviceCode}`, {
      method: 'PUT',
      headers: admin,
    });
    expect(role.status).toBe(200);

    bar = await createProduct(server, admin, { serialNumber: 'PA-0001', modelNumber: 'WB-500', gamma: 'infinity' });
    serviced = await createProduct(server, admin, { serialNumber: 'PA-0002', modelNumber: 'WB-700', gamma: 'hiline' });
    spare = await createProduct(server, admin, { serialNumber: 'PA-0003', modelNumber: 'WB-100', gamma: 'prime' });
    busy = await createProduct(server, admin, { serialNumber: 'PA-0004', modelNumber: 'WB-900', gamma: 'ge' });
    expect(
      (await claim(admin, { serialNumber: bar.serialNumber, userEmail: 'anna@kitchen.test', applianceName: 'Bar Centrale' }))
        .status,
    ).toBe(200);
    expect((await claim(products, { serialNumber: serviced.serialNumber, userEmail: 'tecnico@service.test' })).status).toBe(200);
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.endAsync(true)));
    await server.close();
  });

  describe('GET /api/v1/appliance/products', () => {
    it("shows every product of the brand with its owner, the owner's role and the service company, by serial number", async () => {
      const page = await table(products);
      expect(page.total).toBe(4);
      expect(page.items.map((p) => p.serialNumber)).toEqual(['PA-0001', 'PA-0002', 'PA-0003', 'PA-0004']);
      expect(page.items[0]).toEqual({
        serialNumber: 'PA-0001',
        modelNumber: 'WB-500',
        gamma: 'infinity',
        brand: 'LUMINA',
        userId: annaId,
        userEmail: 'anna@kitchen.test',
        userFirstName: 'Anna',
        userLastName: 'Rossi',
        role: 'KITCHEN_MANAGER',
        companyCode: null,
        companyName: null,
        productName: 'Bar Centrale',
      });
      expect(page.items[1]).toMatchObject({ userEmail: null, companyName: 'Servizi Nord', productName: 'My device' });
      expect(page.items[2]).toMatchObject({ userEmail: null, companyName: null, productName: null });
    });

    it('sorts by each column both ways, empty cells last, ties by serial number', async () => {
      expect(await serials('?sort=serialNumber&order=desc')).toEqual(['PA-0004', 'PA-0003', 'PA-0002', 'PA-0001']);
      expect(await serials('?sort=modelNumber')).toEqual(['PA-0003', 'PA-0001', 'PA-0002', 'PA-0004']);
      // By the range's name: G-EVO, Hiline, Infinity, Prime.
      expect(await serials('?sort=gamma')).toEqual(['PA-0004', 'PA-0002', 'PA-0001', 'PA-0003']);
      expect(await serials('?sort=gamma&order=desc')).toEqual(['PA-0003', 'PA-0001', 'PA-0002', 'PA-0004']);
      expect(await serials('?sort=brand&order=desc')).toEqual(['PA-0004', 'PA-0003', 'PA-0002', 'PA-0001']);
      expect(await serials('?sort=email')).toEqual(['PA-0001', 'PA-0002', 'PA-0003', 'PA-0004']);
      expect(await serials('?sort=email&order=desc')).toEqual(['PA-0001', 'PA-0004', 'PA-0003', 'PA-0002']);
      expect(await serials('?sort=name')).toEqual(['PA-0001', 'PA-0002', 'PA-0003', 'PA-0004']);
      expect(await serials('?sort=role&order=desc')).toEqual(['PA-0001', 'PA-0004', 'PA-0003', 'PA-0002']);
      expect(await serials('?sort=company')).toEqual(['PA-0002', 'PA-0001', 'PA-0003', 'PA-0004']);
      expect(await serials('?sort=productName&order=desc')).toEqual(['PA-0002', 'PA-0001', 'PA-0004', 'PA-0003']);
    });

    it('keeps the products where every word appears in some column, case-insensitively, the range by its name', async () => {
      expect(await serials('?q=ANNA%20centrale')).toEqual(['PA-0001']);
      expect(await serials('?q=servizi')).toEqual(['PA-0002']);
      expect(await serials('?q=hiline')).toEqual(['PA-0002']);
      expect(await serials('?q=g-evo%20wb-9')).toEqual(['PA-0004']);
      expect(await serials('?q=kitchen_manager')).toEqual(['PA-0001']);
      expect(await serials('?q=lumina')).toHaveLength(4);
      expect(await table(admin, '?q=anna%20servizi')).toEqual({ items: [], total: 0, page: 1, size: 25 });
      // LIKE's wildcards are taken literally.
      expect(await serials('?q=%25')).toEqual([]);
      expect(await serials('?q=PA_0')).toEqual([]);
    });

    it('answers one page at a time with the total of every kept product', async () => {
      const many = await Promise.all(
        Array.from({ length: 8 }, (_, i) => createProduct(server, admin, { serialNumber: `PB-${String(i).padStart(4, '0')}` })),
      );
      try {
        const first = await table(admin, '?size=10');
        expect(first.total).toBe(12);
        expect(first.items).toHaveLength(10);
        const second = await table(admin, '?size=10&page=2');
        expect(second.items.map((p) => p.serialNumber)).toEqual(['PB-0006', 'PB-0007']);
        expect(second).toMatchObject({ total: 12, page: 2, size: 10 });
        expect(await table(admin, '?size=10&page=9')).toEqual({ items: [], total: 12, page: 9, size: 10 });
        expect((await table(admin, '?q=PB&size=10&page=1')).total).toBe(8);
      } finally {
        for (const product of many) expect((await remove(admin, product.serialNumber)).status).toBe(200);
      }
      expect((await table(admin)).total).toBe(4);
    });

    it('shows a claim made after the page was read (the kept page is dropped)', async () => {
      expect((await table(admin, '?q=PA-0003')).items[0]?.userEmail).toBeNull();
      expect((await claim(products, { serialNumber: spare.serialNumber, userEmail: 'anna@kitchen.test' })).status).toBe(200);
      expect((await table(admin, '?q=PA-0003')).items[0]?.userEmail).toBe('anna@kitchen.test');
      const released = await server.api(`/api/v1/appliance/unclaim?serialNumber=${spare.serialNumber}&userId=${annaId}`, {
        method: 'POST',
        headers: products,
      });
      expect(released.status).toBe(200);
      expect((await table(admin, '?q=PA-0003')).items[0]?.userEmail).toBeNull();
    });

    it('refuses a caller without ADMIN or PRODUCTS, and one without a token', async () => {
      const res = await get(anna, '/api/v1/appliance/products');
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('FORBIDDEN');
      expect((await server.api('/api/v1/appliance/products')).status).toBe(401);
    });

    it('refuses an unknown sort, order, page or page size with a translated 400', async () => {
      const bad = [
        ['sort=owner', 'sort'],
        ['order=up', 'order'],
        ['page=0', 'page'],
        ['page=two', 'page'],
        ['size=20', 'size'],
        ['size=1000', 'size'],
        [`q=${'x'.repeat(101)}`, 'q'],
      ] as const;
      for (const [query, field] of bad) {
        const res = await get(admin, `/api/v1/appliance/products?${query}`);
        expect(res.status, query).toBe(400);
        expect(await res.json(), query).toEqual({
          code: 'VALIDATION_FAILED',
          message: `${catalogues.en.apiErrors.VALIDATION_FAILED} (querystring.${field})`,
        });
      }
      const italian = await get(admin, '/api/v1/appliance/products?size=7', 'it');
      expect(((await italian.json()) as { message: string }).message).toBe(
        `${catalogues.it.apiErrors.VALIDATION_FAILED} (querystring.size)`,
      );
    });
  });

  describe('GET /api/v1/appliance/products/accounts', () => {
    const candidates = async (headers: THeaders, q: string) => {
      const res = await get(headers, `/api/v1/appliance/products/accounts?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return (await res.json()) as TClaimCandidate[];
    };

    it('finds kitchen managers and service users as the operator types, never admins', async () => {
      expect((await candidates(products, 'ann')).map((c) => c.email)).toEqual(['anna@kitchen.test']);
      expect(await candidates(products, 'servizi nord')).toEqual([
        expect.objectContaining({ email: 'tecnico@service.test', role: 'SERVICE', companyName: 'Servizi Nord' }),
      ]);
      expect((await candidates(admin, 'admin')).map((c) => c.email)).toEqual([]);
      expect((await candidates(admin, '')).map((c) => c.email)).toEqual([
        'anna@kitchen.test',
        'products@washboard.test',
        'tecnico@service.test',
      ]);
    });

    it('refuses a caller without ADMIN or PRODUCTS', async () => {
      expect((await get(anna, '/api/v1/appliance/products/accounts?q=a')).status).toBe(403);
    });
  });

  describe('DELETE /api/v1/appliance/products/{serialNumber}', () => {
    it('refuses a caller without ADMIN or PRODUCTS, and deletes nothing', async () => {
      const res = await remove(anna, bar.serialNumber);
      expect(res.status).toBe(403);
      expect(await serials('?q=PA-0001')).toEqual(['PA-0001']);
    });

    it('answers 404 for an unknown serial number and 400 for a malformed one', async () => {
      const missing = await remove(products, 'NO-SUCH-SN');
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { code: string }).code).toBe('APPLIANCE_NOT_FOUND');
      expect((await remove(products, 'a b')).status).toBe(400);
    });

    it('erases a product that never sent anything: gone from the table, a second delete is 404, the serial number is free again', async () => {
      expect((await remove(products, spare.serialNumber)).status).toBe(200);
      expect(await serials()).not.toContain(spare.serialNumber);
      const again = await remove(products, spare.serialNumber);
      expect(again.status).toBe(404);
      expect(((await again.json()) as { code: string }).code).toBe('APPLIANCE_NOT_FOUND');
      // The deletion is in the audit trail once, with the PRODUCTS holder who made it and the model it had.
      const trail = await server.api(`/api/v1/audit?action=product.delete&serial=${spare.serialNumber}`, { headers: admin });
      const records = ((await trail.json()) as { items: { actorEmail: string; before: unknown; after: unknown }[] }).items;
      expect(records).toEqual([
        expect.objectContaining({
          actorEmail: 'products@washboard.test',
          before: expect.objectContaining({ modelNumber: 'WB-100' }),
          after: null,
        }),
      ]);
      const added = await server.api(
        '/api/v1/appliance/products',
        json(productRequest({ serialNumber: spare.serialNumber }), admin),
      );
      expect(added.status).toBe(200);
    });

    it('retires a product with records: disconnected and refused by the broker, released, its records kept, its serial number taken', async () => {
      expect((await claim(products, { serialNumber: busy.serialNumber, userEmail: 'anna@kitchen.test' })).status).toBe(200);
      const client = await connectDevice(server, busy);
      devices.push(client);
      await publish(client, busy.serialNumber, 'telemetry', { ts: new Date().toISOString(), boilerTmp: 812 });
      const rows = async () => {
        const kept = await server.washboard.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(telemetry)
          .where(eq(telemetry.serialNumber, busy.serialNumber));
        return Number(kept[0]?.n ?? 0);
      };
      await eventually(async () => (await rows()) === 1);
      expect(await annasDevices()).toContain(busy.serialNumber);
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));

      expect((await remove(products, busy.serialNumber)).status).toBe(200);
      await closed;
      await expect(connectDevice(server, busy)).rejects.toThrow();
      expect(await annasDevices()).not.toContain(busy.serialNumber);
      expect(await serials()).not.toContain(busy.serialNumber);
      expect((await get(admin, `/api/v1/appliance/getApplianceDetail?serialNumber=${busy.serialNumber}`)).status).toBe(404);
      expect((await claim(products, { serialNumber: busy.serialNumber, userEmail: 'anna@kitchen.test' })).status).toBe(404);
      expect(await rows()).toBe(1);
      expect((await remove(products, busy.serialNumber)).status).toBe(404);
      const added = await server.api(
        '/api/v1/appliance/products',
        json(productRequest({ serialNumber: busy.serialNumber }), admin),
      );
      expect(added.status).toBe(409);
    });
  });
});
