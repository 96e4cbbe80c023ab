import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TApplianceListPage, TLastTelemetry } from '@washboard/contracts';
import { startTestServer, type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, json, PASSWORD, signIn } from '../../test/accounts';
import { connectDevice, createProduct, eventually, publish, type TProduct } from '../../test/devices';
import { ApplianceReadCache } from './read-cache';

type THeaders = Record<string, string>;

/**
 * The in-memory answers of the hottest reads (verified tokens, who sees what, live state, serialised
 * device lists) never outlive what they were computed from: every change is seen by the next call.
 */
describe('read caches of the hottest reads', () => {
  let server: TTestServer;
  let admin: THeaders;
  let anna: THeaders;
  let tech: THeaders;
  let techId: string;
  let companyA: string;
  let companyB: string;
  let machine: TProduct;
  let other: TProduct;
  let device: MqttClient;

  const page = async (headers: THeaders, query = '') => {
    const res = await server.api(`/api/v1/appliance/devices${query}`, { headers });
    expect(res.status).toBe(200);
    return (await res.json()) as TApplianceListPage;
  };
  /** The machines of the first page (every list here fits in one). */
  const list = async (headers: THeaders, query = '') => (await page(headers, query)).items;
  const serials = async (headers: THeaders, query = '') => (await list(headers, query)).map((a) => a.serialNumber);
  const lastTelemetry = (headers: THeaders, serial: string) =>
    server.api(`/api/v1/event-hub-listener/event/${serial}/lastTelemetry`, { headers });
  const claimFor = (email: string, serial: string) =>
    server.api('/api/v1/appliance/claim', json({ serialNumber: serial, userEmail: email, applianceName: serial }, admin));
  const unclaimFor = (email: string, serial: string) =>
    server.api(`/api/v1/appliance/unclaim?${new URLSearchParams({ serialNumber: serial, userEmail: email })}`, {
      method: 'POST',
      headers: admin,
    });
  const newCompany = async (name: string) => {
    const res = await server.api('/api/v1/account/companies', json({ name }, admin));
    return ((await res.json()) as { code: string }).code;
  };

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    await activeUser(server, admin, 'anna@kitchen.test');
    anna = (await signIn(server, 'anna@kitchen.test', PASSWORD)).headers;
    companyA = await newCompany('Servizi Alfa');
    companyB = await newCompany('Servizi Beta');
    techId = await activeUser(server, admin, 'tech@service.test');
    const role = await server.api(`/api/v1/account/users/${techId}/updateRole?targetRole=SERVICE&companyCode=${companyA}`, {
      method: 'PUT',
      headers: admin,
    });
    expect(role.status).toBe(200);
    tech = (await signIn(server, 'tech@service.test', PASSWORD)).headers;
    machine = await createProduct(server, admin, { gamma: 'infinity', serialNumber: 'CACHE-A' });
    other = await createProduct(server, admin, { gamma: 'hiline', serialNumber: 'CACHE-B' });
    device = await connectDevice(server, machine);
  });
  afterAll(async () => {
    await device.endAsync(true);
    await server.close();
  });

  it('shows a claimed machine at once, and drops an unclaimed one from the list and lastTelemetry at once', async () => {
    expect(await serials(anna)).toEqual([]);
    expect((await lastTelemetry(anna, machine.serialNumber)).status).toBe(404);
    expect((await claimFor('anna@kitchen.test', machine.serialNumber)).status).toBe(200);
    expect(await serials(anna)).toEqual([machine.serialNumber]);
    expect((await lastTelemetry(anna, machine.serialNumber)).status).toBe(200);
    // Read twice so both answers come from the caches, then release: the next call must not show it.
    expect(await serials(anna)).toEqual([machine.serialNumber]);
    expect((await unclaimFor('anna@kitchen.test', machine.serialNumber)).status).toBe(200);
    expect(await serials(anna)).toEqual([]);
    expect((await lastTelemetry(anna, machine.serialNumber)).status).toBe(404);
    expect((await claimFor('anna@kitchen.test', machine.serialNumber)).status).toBe(200);
    expect(await serials(anna)).toEqual([machine.serialNumber]);
  });

  it('shows a rename in the next list', async () => {
    await list(anna);
    const res = await server.api(
      `/api/v1/appliance/updateAppliance?serialNumber=${machine.serialNumber}`,
      json({ applianceName: 'Renamed now' }, anna),
    );
    expect(res.status).toBe(200);
    expect((await list(anna))[0]?.applianceName).toBe('Renamed now');
  });

  it('answers the newest committed telemetry and status, in lastTelemetry and the list', async () => {
    for (const boilerTmp of [801, 802, 803]) {
      await lastTelemetry(anna, machine.serialNumber);
      await list(anna);
      await publish(device, machine.serialNumber, 'status', { online: true, systemState: 2, ts: new Date().toISOString() });
      await publish(device, machine.serialNumber, 'telemetry', { ts: new Date().toISOString(), boilerTmp, tankTmp: 600 }, 1);
      await eventually(async () => {
        const body = (await (await lastTelemetry(anna, machine.serialNumber)).json()) as TLastTelemetry;
        return body.telemetry?.boilerTmp === boilerTmp && body.status.online;
      });
      await eventually(async () => (await list(anna))[0]?.telemetry?.boilerTmp === boilerTmp);
    }
  });

  it("follows a service user's company: moved to another company, its machines change at once", async () => {
    expect((await claimFor('tech@service.test', other.serialNumber)).status).toBe(200);
    expect(await serials(tech)).toEqual([other.serialNumber]);
    expect((await lastTelemetry(tech, other.serialNumber)).status).toBe(200);
    const moved = await server.api(`/api/v1/account/users/${techId}/updateCompany?companyCode=${companyB}`, {
      method: 'PUT',
      headers: admin,
    });
    expect(moved.status).toBe(200);
    expect(await serials(tech)).toEqual([]);
    expect((await lastTelemetry(tech, other.serialNumber)).status).toBe(404);
  });

  it('shows a company rename in the next list', async () => {
    const name = async () => (await list(admin)).find((a) => a.serialNumber === other.serialNumber)?.companyName;
    expect(await name()).toBe('Servizi Alfa');
    const renamed = await server.api(`/api/v1/account/company/${companyA}?companyName=Servizi%20Gamma`, {
      method: 'PUT',
      headers: admin,
    });
    expect(renamed.status).toBe(200);
    expect(await name()).toBe('Servizi Gamma');
  });

  it('keeps each page apart (limit and cursor) and shows a claim, a rename and a release on every page at once', async () => {
    for (const name of ['Page A', 'Page C', 'Page E']) {
      const product = await createProduct(server, admin, { serialNumber: `PAGE-${name.slice(-1)}` });
      expect((await claimFor('anna@kitchen.test', product.serialNumber)).status).toBe(200);
      const renamed = await server.api(
        `/api/v1/appliance/updateAppliance?serialNumber=${product.serialNumber}`,
        json({ applianceName: name }, anna),
      );
      expect(renamed.status).toBe(200);
    }
    const names = (p: TApplianceListPage) => p.items.map((a) => a.applianceName);
    const first = async () => page(anna, '?limit=2');
    const second = async (after: string) => page(anna, `?limit=2&after=${after}`);
    // Each read twice, so that the second comes from the cache.
    const one = await first();
    expect(await first()).toEqual(one);
    expect(names(one)).toEqual(['Page A', 'Page C']);
    expect(one.total).toBe(4);
    const cursor = one.nextCursor ?? '';
    expect(names(await second(cursor))).toEqual(['Page E', 'Renamed now']);
    expect(names(await second(cursor))).toEqual(['Page E', 'Renamed now']);
    expect(names(await page(anna, '?limit=3'))).toEqual(['Page A', 'Page C', 'Page E']);
    expect(names(await page(anna, '?limit=1'))).toEqual(['Page A']);

    // A rename on the second page: the same cursor answers the new name at once.
    const rename = await server.api(
      '/api/v1/appliance/updateAppliance?serialNumber=PAGE-E',
      json({ applianceName: 'Page D' }, anna),
    );
    expect(rename.status).toBe(200);
    expect(names(await second(cursor))).toEqual(['Page D', 'Renamed now']);

    // A new machine sorting into the first page, then its release: both pages and their totals follow.
    const extra = await createProduct(server, admin, { serialNumber: 'AAAA-0' });
    expect((await claimFor('anna@kitchen.test', extra.serialNumber)).status).toBe(200);
    expect(names(await first())).toEqual(['AAAA-0', 'Page A']);
    expect((await second(cursor)).total).toBe(5);
    expect((await unclaimFor('anna@kitchen.test', extra.serialNumber)).status).toBe(200);
    expect(await first()).toMatchObject({ total: 4, nextCursor: cursor });
    expect(names(await first())).toEqual(['Page A', 'Page C']);
    expect((await second(cursor)).total).toBe(4);
  });

  it('still checks brand and subscription key on every call with a verified (cached) token', async () => {
    expect((await server.api('/api/v1/appliance/devices', { headers: anna })).status).toBe(200);
    expect((await server.api('/api/v1/appliance/devices', { brand: 'KESTREL', headers: anna })).status).toBe(401);
    expect((await server.api('/api/v1/appliance/devices', { headers: { ...anna, 'x-subscription-key': 'wrong' } })).status).toBe(
      401,
    );
    const token = anna.authorization ?? '';
    const tampered = `${token.slice(0, -3)}${token.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect((await server.api('/api/v1/appliance/devices', { headers: { ...anna, authorization: tampered } })).status).toBe(401);
  });
});

describe('ApplianceReadCache', () => {
  it('keeps nothing loaded while a change happened, and drops what a change concerns', async () => {
    const cache = new ApplianceReadCache();
    let release: (v: string[]) => void = () => {};
    const loading = cache.visibleSerials('u', () => new Promise<string[]>((r) => (release = r)));
    cache.accessChanged();
    release(['A']);
    expect([...(await loading)]).toEqual(['A']);
    const load = vi.fn(async () => ['B']);
    expect([...(await cache.visibleSerials('u', load))]).toEqual(['B']);
    expect([...(await cache.visibleSerials('u', load))]).toEqual(['B']);
    expect(load).toHaveBeenCalledTimes(1);
    cache.accessChanged();
    await cache.visibleSerials('u', load);
    expect(load).toHaveBeenCalledTimes(2);

    const build = vi.fn(async () => Buffer.from('[]'));
    await Promise.all([cache.list('k', build), cache.list('k', build)]);
    expect(build).toHaveBeenCalledTimes(1);
    cache.stateChanged(['X']);
    await cache.list('k', build);
    expect(build).toHaveBeenCalledTimes(2);
  });
});
