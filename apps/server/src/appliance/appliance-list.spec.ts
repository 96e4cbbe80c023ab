import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApplianceCompany, TApplianceSummary } from '@washboard/contracts';
import { startTestServer, type TTestServer } from '../../test/harness';
import { activeUser, json, PASSWORD, signIn } from '../../test/accounts';
import { connectDevice, createProduct, eventually, publish, type TProduct } from '../../test/devices';

const ADMIN = { email: 'admin@washboard.test', password: 'Adm1nPassw0rd' };
type THeaders = Record<string, string>;

/** The device list's filters (SQL) and an administrator claiming and releasing machines for other accounts. */
describe('device list filters and claiming for another account', () => {
  let server: TTestServer;
  let admin: THeaders;
  let anna: THeaders;
  let products: THeaders;
  let serviceCode: string;
  const devices: MqttClient[] = [];
  /** online now, gone offline, never connected; named so that the name sort is known. */
  let online: TProduct;
  let wentOffline: TProduct;
  let neverSeen: TProduct;
  let serviced: TProduct;

  const list = async (headers: THeaders, query = '') => {
    const res = await server.api(`/api/v1/appliance/devices${query}`, { headers });
    expect(res.status).toBe(200);
    return ((await res.json()) as TApplianceSummary[]).map((a) => a.serialNumber);
  };
  const claim = (headers: THeaders, body: Record<string, unknown>) => server.api('/api/v1/appliance/claim', json(body, headers));
  const unclaim = (headers: THeaders, query: Record<string, string>) =>
    server.api(`/api/v1/appliance/unclaim?${new URLSearchParams(query)}`, { method: 'POST', headers });
  const code = async (res: Response) => ((await res.json()) as { code: string }).code;

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    await activeUser(server, admin, 'anna@kitchen.test');
    anna = (await signIn(server, 'anna@kitchen.test', PASSWORD)).headers;
    const productsId = await activeUser(server, admin, 'products@washboard.test');
    const profiles = await server.api(`/api/v1/account/users/${productsId}/administrationProfile`, {
      ...json({ administrationProfile: ['PRODUCTS'] }, admin),
      method: 'PUT',
    });
    expect(profiles.status).toBe(200);
    products = (await signIn(server, 'products@washboard.test', PASSWORD)).headers;

    const company = await server.api('/api/v1/account/companies', json({ name: 'Servizi Nord' }, admin));
    serviceCode = ((await company.json()) as { code: string }).code;
    const serviceId = await activeUser(server, admin, 'tecnico@service.test');
    const role = await server.api(`/api/v1/account/users/${serviceId}/updateRole?targetRole=SERVICE&companyCode=${serviceCode}`, {
      method: 'PUT',
      headers: admin,
    });
    expect(role.status).toBe(200);

    online = await createProduct(server, admin, { gamma: 'infinity', serialNumber: 'LIST-A-ONLINE' });
    wentOffline = await createProduct(server, admin, { gamma: 'hiline', serialNumber: 'LIST-B-OFFLINE' });
    neverSeen = await createProduct(server, admin, { gamma: 'hiline', serialNumber: 'LIST-C-NEVER', modelNumber: 'WB_100%' });
    serviced = await createProduct(server, admin, { gamma: 'prime', serialNumber: 'LIST-D-SERVICED' });
    for (const product of [online, wentOffline]) {
      const client = await connectDevice(server, product);
      devices.push(client);
      await publish(client, product.serialNumber, 'status', { online: true, systemState: 2, ts: new Date().toISOString() });
    }
    await publish(devices[1] as MqttClient, wentOffline.serialNumber, 'status', { online: false, ts: new Date().toISOString() });
    // The service user's company becomes the machine's service company when an admin claims it for them.
    expect((await claim(admin, { serialNumber: serviced.serialNumber, userEmail: 'tecnico@service.test' })).status).toBe(200);
    await eventually(async () => (await list(admin, '?connectivity=wifi')).length === 1);
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.endAsync(true)));
    await server.close();
  });

  describe('GET /api/v1/appliance/devices', () => {
    it('sorts by appliance name both ways', async () => {
      const all = [online, wentOffline, neverSeen, serviced].map((p) => p.serialNumber);
      expect(await list(admin, '?sort=asc')).toEqual(all);
      expect(await list(admin, '?sort=desc')).toEqual([...all].reverse());
    });

    it('narrows by range; "no range" keeps none, since every product has one', async () => {
      expect(await list(admin, '?gamma=hiline')).toEqual([wentOffline.serialNumber, neverSeen.serialNumber]);
      expect(await list(admin, '?gamma=prime&sort=desc')).toEqual([serviced.serialNumber]);
      expect(await list(admin, '?gamma=none')).toEqual([]);
    });

    it('narrows by connectivity: WiFi is online now, Offline is not online, Bluetooth never reached the cloud', async () => {
      expect(await list(admin, '?connectivity=wifi')).toEqual([online.serialNumber]);
      expect(await list(admin, '?connectivity=offline')).toEqual([
        wentOffline.serialNumber,
        neverSeen.serialNumber,
        serviced.serialNumber,
      ]);
      expect(await list(admin, '?connectivity=bluetooth')).toEqual([neverSeen.serialNumber, serviced.serialNumber]);
      expect(await list(admin, '?connectivity=all')).toHaveLength(4);
      const res = await server.api('/api/v1/appliance/devices?connectivity=wifi', { headers: admin });
      const [row] = (await res.json()) as TApplianceSummary[];
      expect(row?.connectivity).toBe('wifi');
    });

    it('narrows by company, and lists the companies of the visible machines for the filter', async () => {
      expect(await list(admin, `?companyCode=${serviceCode}`)).toEqual([serviced.serialNumber]);
      const res = await server.api('/api/v1/appliance/devices/companies', { headers: admin });
      expect((await res.json()) as TApplianceCompany[]).toEqual([{ code: serviceCode, name: 'Servizi Nord' }]);
      const none = await server.api('/api/v1/appliance/devices/companies', { headers: anna });
      expect(await none.json()).toEqual([]);
    });

    it('searches name, serial and model literally, combined with the other filters', async () => {
      expect(await list(admin, '?q=never')).toEqual([neverSeen.serialNumber]);
      expect(await list(admin, `?q=${encodeURIComponent('100%')}`)).toEqual([neverSeen.serialNumber]);
      expect(await list(admin, `?q=${encodeURIComponent('%')}`)).toEqual([neverSeen.serialNumber]);
      expect(await list(admin, '?q=LIST&gamma=hiline&connectivity=wifi')).toEqual([]);
    });

    it('refuses unknown filter values', async () => {
      for (const query of ['?gamma=moon', '?connectivity=radio', '?companyCode=12', '?sort=up']) {
        const res = await server.api(`/api/v1/appliance/devices${query}`, { headers: admin });
        expect(res.status, query).toBe(400);
      }
    });
  });

  describe('claim and unclaim for another account', () => {
    it('lets ADMIN claim a product for a kitchen manager without the code, and release it again', async () => {
      const product = await createProduct(server, admin);
      const res = await claim(admin, {
        serialNumber: product.serialNumber,
        userEmail: 'anna@kitchen.test',
        applianceName: 'Bar',
      });
      expect(res.status).toBe(200);
      expect(await list(anna)).toContain(product.serialNumber);
      const released = await unclaim(admin, { serialNumber: product.serialNumber, userEmail: 'anna@kitchen.test' });
      expect(released.status).toBe(200);
      expect(await list(anna)).not.toContain(product.serialNumber);
      const again = await unclaim(admin, { serialNumber: product.serialNumber, userEmail: 'anna@kitchen.test' });
      expect(again.status).toBe(409);
      expect(await code(again)).toBe('APPLIANCE_NOT_CLAIMED');
    });

    it("lets a PRODUCTS holder release a service company's hold through one of its users", async () => {
      expect((await unclaim(products, { serialNumber: serviced.serialNumber, userEmail: 'tecnico@service.test' })).status).toBe(
        200,
      );
      expect(await list(admin, `?companyCode=${serviceCode}`)).toEqual([]);
      const res = await claim(products, { serialNumber: serviced.serialNumber, userEmail: 'tecnico@service.test' });
      expect(res.status).toBe(200);
      expect(await list(admin, `?companyCode=${serviceCode}`)).toEqual([serviced.serialNumber]);
    });

    it('refuses a user without ADMIN or PRODUCTS, and changes nothing', async () => {
      const product = await createProduct(server, admin);
      const res = await claim(anna, { serialNumber: product.serialNumber, userEmail: 'anna@kitchen.test' });
      expect(res.status).toBe(403);
      expect(await list(anna)).not.toContain(product.serialNumber);
      const released = await unclaim(anna, { serialNumber: serviced.serialNumber, userEmail: 'tecnico@service.test' });
      expect(released.status).toBe(403);
      expect(await list(admin, `?companyCode=${serviceCode}`)).toEqual([serviced.serialNumber]);
    });

    it('answers 404 for an unknown account or product, 409 when another account owns it, 400 with neither code nor account', async () => {
      const product = await createProduct(server, admin);
      const nobody = await claim(admin, { serialNumber: product.serialNumber, userEmail: 'nobody@kitchen.test' });
      expect(nobody.status).toBe(404);
      expect(await code(nobody)).toBe('USER_NOT_FOUND');
      const missing = await claim(admin, { serialNumber: 'NO-SUCH-SN', userEmail: 'anna@kitchen.test' });
      expect(missing.status).toBe(404);
      expect(await code(missing)).toBe('APPLIANCE_NOT_FOUND');
      expect((await claim(admin, { serialNumber: product.serialNumber, userEmail: 'anna@kitchen.test' })).status).toBe(200);
      const taken = await claim(products, { serialNumber: product.serialNumber, userEmail: 'products@washboard.test' });
      expect(taken.status).toBe(409);
      expect(await code(taken)).toBe('APPLIANCE_ALREADY_CLAIMED');
      expect((await claim(anna, { serialNumber: product.serialNumber })).status).toBe(400);
    });
  });
});
