import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues, type TApplianceListPage } from '@washboard/contracts';
import { startTestServer, type TTestServer } from '../../test/harness';
import { ADMIN, json, signIn } from '../../test/accounts';
import { newSerial, productRequest } from '../../test/devices';

/**
 * Behind Mosquitto every new product is a dynamic-security identity, confirmed by the broker
 * (docs/administration.md). A broker that does not confirm it in time: a clear 504 in the caller's
 * language, and nothing saved, so that trying again works.
 */
describe('adding products while Mosquitto does not answer', () => {
  let server: TTestServer;
  let admin: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: 'mosquitto' });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
  });
  afterAll(async () => {
    server?.mosquitto?.resume();
    await server?.close();
  });

  const listed = async (serial: string) => {
    const res = await server.api(`/api/v1/appliance/devices?q=${serial}`, { headers: admin });
    return ((await res.json()) as TApplianceListPage).items.some((a) => a.serialNumber === serial);
  };

  it('answers 504 for one product and for an import, saves neither, and takes both once the broker answers', async () => {
    const product = productRequest();
    const serial = String(product.serialNumber);
    const imported = newSerial();
    const csv = `serialNumber,modelNumber,fw00,fw02,gamma,ratingPower\n${imported},WB-500,1.0.0,1.0.2,infinity,M3\n`;
    const add = () => server.api('/api/v1/appliance/products', json(product, { ...admin, 'accept-language': 'en' }));
    const importFile = () =>
      server.api('/api/v1/appliance/products/import', {
        method: 'POST',
        body: csv,
        headers: { ...admin, 'content-type': 'text/csv', 'accept-language': 'de' },
      });

    server.mosquitto?.pause();
    try {
      const refused = await add();
      expect(refused.status).toBe(504);
      expect(await refused.json()).toEqual({
        code: 'BROKER_NOT_ANSWERING',
        message: catalogues.en.apiErrors.BROKER_NOT_ANSWERING,
      });
      const refusedImport = await importFile();
      expect(refusedImport.status).toBe(504);
      expect(await refusedImport.json()).toEqual({
        code: 'PRODUCT_IMPORT_BROKER_TIMEOUT',
        message: catalogues.de.apiErrors.PRODUCT_IMPORT_BROKER_TIMEOUT,
      });
    } finally {
      server.mosquitto?.resume();
    }
    expect(await listed(serial)).toBe(false);
    expect(await listed(imported)).toBe(false);

    expect((await add()).status).toBe(200);
    expect((await importFile()).status).toBe(200);
    expect(await listed(serial)).toBe(true);
    expect(await listed(imported)).toBe(true);
  }, 60_000);
});
