import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLIANCE_LIST_PAGE_SIZE,
  catalogues,
  encodeApplianceListCursor,
  type TApplianceCompany,
  type TApplianceListPage,
} from '@washboard/contracts';
import { startTestServer, type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, json, PASSWORD, signIn } from '../../test/accounts';
import { GZIP_MIN_BYTES } from '../http/prepared-json';
import { connectDevice, createProduct, eventually, publish, type TProduct } from '../../test/devices';

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

  const page = async (headers: THeaders, query = '') => {
    const res = await server.api(`/api/v1/appliance/devices${query}`, { headers });
    expect(res.status, query).toBe(200);
    return (await res.json()) as TApplianceListPage;
  };
  /** The serial numbers of the first page (every test set here is smaller than a page). */
  const list = async (headers: THeaders, query = '') => (await page(headers, query)).items.map((a) => a.serialNumber);
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

  it('sends a page gzipped to a client that accepts gzip (every browser), the same JSON as unencoded', async () => {
    const raw = (encoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = http.get(
          `${server.url}/api/v1/appliance/devices`,
          { headers: { ...admin, 'x-brand': 'LUMINA', ...(encoding ? { 'accept-encoding': encoding } : {}) } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
      });
    const plain = await raw();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThanOrEqual(GZIP_MIN_BYTES);
    const zipped = await raw('gzip, deflate, br, zstd');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    // A client that refuses gzip gets it unencoded.
    expect((await raw('gzip;q=0, identity')).headers['content-encoding']).toBeUndefined();
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
      const [row] = (await page(admin, '?connectivity=wifi')).items;
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

  describe('GET /api/v1/appliance/devices: pages', () => {
    let paula: THeaders;
    let otto: THeaders;
    /** Paula's machines in the list's ascending order (names, then serial numbers between equal names). */
    const paulas: string[] = [];
    const ottos: string[] = [];
    let ottoZeta: TProduct;
    const servicedByCompany: string[] = [];
    const hiline = ['PG-CUCINA', 'PG-ZETA'];
    const bars = ['PG-BAR-1', 'PG-BAR-2', 'PG-BAR-3'];

    const claimFor = async (email: string, serialNumber: string, applianceName: string, gamma = 'infinity') => {
      const product = await createProduct(server, admin, { serialNumber, gamma });
      expect((await claim(admin, { serialNumber, userEmail: email, applianceName })).status).toBe(200);
      return product;
    };
    /** Every page of a query, following `nextCursor`: the serial numbers in order and each page's total. */
    const walk = async (headers: THeaders, query: Record<string, string>) => {
      const serials: string[] = [];
      const totals: number[] = [];
      let after: string | null = null;
      do {
        const params = new URLSearchParams(query);
        if (after) params.set('after', after);
        const answer = await page(headers, `?${params}`);
        // The next page's cursor is given only when a machine follows: no page of a walk is empty.
        if (answer.total > 0) expect(answer.items.length).toBeGreaterThan(0);
        serials.push(...answer.items.map((a) => a.serialNumber));
        totals.push(answer.total);
        after = answer.nextCursor;
      } while (after);
      return { serials, totals, pages: totals.length };
    };
    const rejected = async (query: string, language = 'en') => {
      const res = await server.api(`/api/v1/appliance/devices${query}`, { headers: { ...paula, 'accept-language': language } });
      return { status: res.status, body: (await res.json()) as { code: string; message: string } };
    };
    const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

    beforeAll(async () => {
      await activeUser(server, admin, 'paula@kitchen.test');
      await activeUser(server, admin, 'otto@kitchen.test');
      paula = (await signIn(server, 'paula@kitchen.test', PASSWORD)).headers;
      otto = (await signIn(server, 'otto@kitchen.test', PASSWORD)).headers;
      // Created out of order, so that neither creation nor name order explains the ties between equal names.
      await claimFor('paula@kitchen.test', 'PG-BAR-3', 'Bar');
      await claimFor('paula@kitchen.test', 'PG-ZETA', 'Zeta', 'hiline');
      await claimFor('paula@kitchen.test', 'PG-BAR-1', 'bar');
      await claimFor('paula@kitchen.test', 'PG-ATRIO', 'Atrio');
      await claimFor('paula@kitchen.test', 'PG-BAR-2', 'BAR');
      await claimFor('paula@kitchen.test', 'PG-CUCINA', 'Cucina', 'hiline');
      const machines: string[] = [];
      for (let n = 48; n >= 1; n -= 1) {
        const serial = `PG-M-${String(n).padStart(2, '0')}`;
        await claimFor(
          'paula@kitchen.test',
          serial,
          `Macchina ${String(n).padStart(2, '0')}`,
          n % 2 === 0 ? 'prime' : 'infinity',
        );
        machines.unshift(serial);
      }
      paulas.push('PG-ATRIO', ...bars, 'PG-CUCINA', ...machines, 'PG-ZETA');
      // Another kitchen with the same names, and a service company's machines (seen by the admin).
      for (const [serial, name] of [
        ['PG-OTTO-1', 'Bar'],
        ['PG-OTTO-2', 'bar'],
        ['PG-OTTO-3', 'Atrio'],
        ['PG-OTTO-4', 'Zeta'],
      ] as const) {
        const product = await claimFor('otto@kitchen.test', serial, name, 'hiline');
        if (serial === 'PG-OTTO-4') ottoZeta = product;
        ottos.push(serial);
      }
      for (const n of [3, 1, 2]) {
        await claimFor('tecnico@service.test', `PG-SERVICE-${n}`, `Servizio ${n}`);
        servicedByCompany.push(`PG-SERVICE-${n}`);
      }
    });

    it('answers the first 50 machines by default, how many match in all and the cursor of the next page', async () => {
      const first = await page(paula);
      expect(first.items).toHaveLength(APPLIANCE_LIST_PAGE_SIZE);
      expect(first.total).toBe(paulas.length);
      expect(first.items.map((a) => a.serialNumber)).toEqual(paulas.slice(0, APPLIANCE_LIST_PAGE_SIZE));
      expect(first.nextCursor).toEqual(expect.any(String));
      const rest = await page(paula, `?after=${first.nextCursor}`);
      expect(rest.items.map((a) => a.serialNumber)).toEqual(paulas.slice(APPLIANCE_LIST_PAGE_SIZE));
      expect(rest).toMatchObject({ total: paulas.length, nextCursor: null });
      const whole = await page(paula, '?limit=200');
      expect(whole.items.map((a) => a.serialNumber)).toEqual(paulas);
      expect(whole.nextCursor).toBeNull();
    });

    it('walks every page both ways with no duplicate and no gap, equal names in serial number order', async () => {
      for (const limit of [1, 2, 3, 7, 50]) {
        for (const sort of ['asc', 'desc'] as const) {
          const walked = await walk(paula, { sort, limit: String(limit) });
          expect(walked.serials, `${sort} ${limit}`).toEqual(sort === 'asc' ? paulas : [...paulas].reverse());
          expect(new Set(walked.serials).size).toBe(paulas.length);
          expect(walked.pages).toBe(Math.ceil(paulas.length / limit));
          expect(new Set(walked.totals)).toEqual(new Set([paulas.length]));
        }
      }
    });

    it('pages through every filter, each page counting all the machines that match', async () => {
      const hilines = await walk(paula, { gamma: 'hiline', limit: '1' });
      expect(hilines).toEqual({ serials: hiline, totals: [2, 2], pages: 2 });
      const named = await walk(paula, { q: 'bar', limit: '2', sort: 'desc' });
      expect(named).toEqual({ serials: [...bars].reverse(), totals: [3, 3], pages: 2 });
      const never = await walk(paula, { connectivity: 'bluetooth', limit: '20' });
      expect(never.serials).toEqual(paulas);
      expect(never.totals).toEqual([paulas.length, paulas.length, paulas.length]);
      expect(await page(paula, '?connectivity=wifi&limit=5')).toEqual({ items: [], total: 0, nextCursor: null });

      const primes = paulas.filter((s) => /^PG-M-\d\d$/.test(s) && Number(s.slice(-2)) % 2 === 0);
      const combined = await walk(paula, { q: 'macchina', gamma: 'prime', connectivity: 'offline', sort: 'desc', limit: '5' });
      expect(combined.serials).toEqual([...primes].reverse());
      expect(combined.totals.every((t) => t === primes.length)).toBe(true);

      const company = await walk(admin, { companyCode: serviceCode, limit: '2' });
      const single = await page(admin, `?companyCode=${serviceCode}&limit=200`);
      expect(company.serials).toEqual(single.items.map((a) => a.serialNumber));
      expect(company.serials).toEqual(expect.arrayContaining(servicedByCompany));
      expect(company.serials).not.toEqual(expect.arrayContaining(['PG-ATRIO']));
      expect(company.totals.every((t) => t === single.total)).toBe(true);
    });

    it('answers an empty last page with the total when the cursor is past the last machine', async () => {
      const past = encodeApplianceListCursor({ key: 'zzzz', serialNumber: 'ZZZZ-ZZZZ' });
      expect(await page(paula, `?after=${past}`)).toEqual({ items: [], total: paulas.length, nextCursor: null });
      expect(await page(paula, `?after=${past}&q=bar`)).toEqual({ items: [], total: 3, nextCursor: null });
    });

    it("never shows another owner's machines, whatever the cursor", async () => {
      const mine = await walk(paula, { limit: '4' });
      expect(mine.serials.filter((s) => ottos.includes(s))).toEqual([]);
      const theirs = await walk(otto, { limit: '1' });
      expect(theirs.serials).toEqual(['PG-OTTO-3', 'PG-OTTO-1', 'PG-OTTO-2', 'PG-OTTO-4']);
      // A cursor from Otto's list, or naming one of his machines, is only a position in Paula's.
      const ottoFirst = await page(otto, '?limit=1');
      const afterTheirs = await page(paula, `?limit=200&after=${ottoFirst.nextCursor}`);
      expect(afterTheirs.items.map((a) => a.serialNumber)).toEqual(paulas.slice(1));
      const naming = encodeApplianceListCursor({ key: 'bar', serialNumber: 'PG-OTTO-1' });
      const afterNamed = await page(paula, `?limit=200&after=${naming}`);
      expect(afterNamed.items.map((a) => a.serialNumber)).toEqual(paulas.slice(paulas.indexOf('PG-CUCINA')));
      expect(afterNamed.total).toBe(paulas.length);
      expect((await page(paula, '?q=bar&limit=200')).items.map((a) => a.serialNumber)).toEqual(bars);
    });

    it("counts each machine's own open alarms on its page", async () => {
      const client = await connectDevice(server, ottoZeta);
      devices.push(client);
      const alarm = (errorCode: string, stopDate: string | null) => ({
        id: randomUUID(),
        errorCode,
        startDate: new Date(Date.now() - 60_000).toISOString(),
        stopDate,
      });
      for (const payload of [alarm('OH01', null), alarm('W03', null), alarm('T16', new Date().toISOString())]) {
        await publish(client, ottoZeta.serialNumber, 'alarm', payload);
      }
      const open = async (headers: THeaders, query: string) =>
        Object.fromEntries((await page(headers, query)).items.map((a) => [a.serialNumber, a.openAlarms]));
      await eventually(async () => (await open(otto, '?limit=200'))['PG-OTTO-4'] === 2);
      expect(await open(otto, '?limit=2')).toEqual({ 'PG-OTTO-3': 0, 'PG-OTTO-1': 0 });
      const second = (await page(otto, '?limit=2')).nextCursor;
      expect(await open(otto, `?limit=2&after=${second}`)).toEqual({ 'PG-OTTO-2': 0, 'PG-OTTO-4': 2 });
      expect(Object.values(await open(paula, '?limit=200')).every((n) => n === 0)).toBe(true);
    });

    it('refuses a malformed cursor with the translated validation error, and answers as before after it', async () => {
      const before = await page(paula, '?limit=3');
      const malformed = [
        'not a cursor!',
        '',
        Buffer.from('bar').toString('base64url'),
        cursorOf(['bar']),
        cursorOf([1, 2]),
        cursorOf({ key: 'bar', serialNumber: 'PG-BAR-1' }),
        cursorOf(['bar', 'not a serial number']),
        cursorOf(['', 'PG-BAR-1']),
        Buffer.from([0x5b, 0x22, 0xff, 0xfe, 0x22, 0x5d]).toString('base64url'),
        'A'.repeat(5000),
      ];
      for (const after of malformed) {
        const { status, body } = await rejected(`?limit=3&after=${encodeURIComponent(after)}`);
        expect(status, after).toBe(400);
        expect(body, after).toEqual({
          code: 'VALIDATION_FAILED',
          message: `${catalogues.en.apiErrors.VALIDATION_FAILED} (querystring.after)`,
        });
      }
      const italian = await rejected('?after=nope%21', 'it');
      expect(italian.body.message).toBe(`${catalogues.it.apiErrors.VALIDATION_FAILED} (querystring.after)`);
      expect(await page(paula, '?limit=3')).toEqual(before);
    });

    it('refuses a page size outside 1 to 200 or not a whole number', async () => {
      for (const limit of ['0', '201', '-1', '1.5', 'ten', '']) {
        const { status, body } = await rejected(`?limit=${limit}`);
        expect(status, limit).toBe(400);
        expect(body, limit).toEqual({
          code: 'VALIDATION_FAILED',
          message: `${catalogues.en.apiErrors.VALIDATION_FAILED} (querystring.limit)`,
        });
      }
      expect((await page(paula, '?limit=1')).items).toHaveLength(1);
      expect((await page(paula, '?limit=200')).items).toHaveLength(paulas.length);
    });
  });
});
