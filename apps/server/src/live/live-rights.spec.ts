import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE_REAUTHENTICATE } from '@washboard/contracts';
import { startTestServer, type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, form, json, PASSWORD, signIn } from '../../test/accounts';
import { connectDevice, createProduct, eventually, publish, type TProduct } from '../../test/devices';
import { openLive, type TLiveSocket } from '../../test/live';

type THeaders = Record<string, string>;

const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

/** The push channel and the API follow a user's rights the moment they change (docs/security.md, items 3 and 4). */
describe('rights changes reach tokens and push sockets at once', () => {
  let server: TTestServer;
  let admin: THeaders;
  const devices: MqttClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.endAsync(true)));
    await server.close();
  });

  async function machineFor(userEmail: string): Promise<TProduct & { client: MqttClient }> {
    const product = await createProduct(server, admin);
    expect(
      (await server.api('/api/v1/appliance/claim', json({ serialNumber: product.serialNumber, userEmail }, admin))).status,
    ).toBe(200);
    const client = await connectDevice(server, product);
    devices.push(client);
    return { ...product, client };
  }
  const telemetry = (machine: TProduct & { client: MqttClient }, boilerTmp: number) =>
    publish(machine.client, machine.serialNumber, 'telemetry', { ts: new Date().toISOString(), boilerTmp }, 0);
  const got = (live: TLiveSocket, machine: TProduct, boilerTmp: number) =>
    live.messages.some(
      (m) => m.type === 'telemetry' && m.serialNumber === machine.serialNumber && m.telemetry.boilerTmp === boilerTmp,
    );
  const company = async (name: string) =>
    ((await (await server.api('/api/v1/account/companies', json({ name }, admin))).json()) as { code: string }).code;
  const put = (path: string) => server.api(path, { method: 'PUT', headers: admin });
  const userinfo = (headers: THeaders) => server.api('/api/v1/account/userinfo', { headers });
  const refresh = (refreshToken: string) =>
    server.api('/oauth2/token', form({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'washboard-web' }));

  it('stops pushing the old company’s machines the moment a technician moves to another company', async () => {
    const [first, second] = [await company('First Service'), await company('Second Service')];
    const id = await activeUser(server, admin, 'tech@service.test');
    expect((await put(`/api/v1/account/users/${id}/updateRole?targetRole=SERVICE&companyCode=${first}`)).status).toBe(200);
    const tech = await signIn(server, 'tech@service.test', PASSWORD);
    const machine = await machineFor('tech@service.test');
    const live = await openLive(server, tech.headers);
    await telemetry(machine, 801);
    await eventually(async () => got(live, machine, 801));

    expect((await put(`/api/v1/account/users/${id}/updateCompany?companyCode=${second}`)).status).toBe(200);
    await settle(100);
    await telemetry(machine, 802);
    await settle();
    expect(got(live, machine, 802)).toBe(false);
    live.socket.close();
  });

  it('stops pushing a machine the moment its kitchen manager loses it', async () => {
    await activeUser(server, admin, 'kate@kitchen.test');
    const kate = await signIn(server, 'kate@kitchen.test', PASSWORD);
    const machine = await machineFor('kate@kitchen.test');
    const live = await openLive(server, kate.headers);
    await telemetry(machine, 811);
    await eventually(async () => got(live, machine, 811));
    const released = await server.api(
      `/api/v1/appliance/unclaim?serialNumber=${machine.serialNumber}&userEmail=kate@kitchen.test`,
      { method: 'POST', headers: admin },
    );
    expect(released.status).toBe(200);
    await settle(100);
    await telemetry(machine, 812);
    await settle();
    expect(got(live, machine, 812)).toBe(false);
    live.socket.close();
  });

  it('ends the access tokens and sockets of a new role at once; a refresh carries the new role', async () => {
    const id = await activeUser(server, admin, 'promoted@kitchen.test');
    const user = await signIn(server, 'promoted@kitchen.test', PASSWORD);
    const live = await openLive(server, user.headers);
    const firm = await company('Promotion Srl');
    expect((await put(`/api/v1/account/users/${id}/updateRole?targetRole=SERVICE_MANAGER&companyCode=${firm}`)).status).toBe(200);
    expect(await live.closed).toEqual({ code: LIVE_CLOSE_REAUTHENTICATE, reason: 'SESSION_CHANGED' });
    expect((await userinfo(user.headers)).status).toBe(401);
    const renewed = await refresh(user.tokens.refresh_token);
    expect(renewed.status).toBe(200);
    const { access_token } = (await renewed.json()) as { access_token: string };
    const headers = { ...user.headers, authorization: `Bearer ${access_token}` };
    expect(await (await userinfo(headers)).json()).toMatchObject({ role: 'SERVICE_MANAGER' });
    (await openLive(server, headers)).socket.close();
  });

  it('closes the sockets and ends every token of a deleted user', async () => {
    const id = await activeUser(server, admin, 'gone@kitchen.test');
    const user = await signIn(server, 'gone@kitchen.test', PASSWORD);
    const live = await openLive(server, user.headers);
    expect((await server.api(`/api/v1/account/users/${id}`, { method: 'DELETE', headers: admin })).status).toBe(200);
    expect((await live.closed).code).toBe(LIVE_CLOSE_REAUTHENTICATE);
    expect((await userinfo(user.headers)).status).toBe(401);
    expect((await refresh(user.tokens.refresh_token)).status).toBe(400);
    await expect(openLive(server, user.headers)).rejects.toThrow(/4401/);
  });

  it('ends the access token and socket of the signed-out device only', async () => {
    await activeUser(server, admin, 'two@kitchen.test');
    const phone = await signIn(server, 'two@kitchen.test', PASSWORD);
    const browser = await signIn(server, 'two@kitchen.test', PASSWORD);
    const phoneLive = await openLive(server, phone.headers);
    const browserLive = await openLive(server, browser.headers);
    expect(
      (await server.api('/oauth2/revoke', form({ token: phone.tokens.refresh_token, client_id: 'washboard-web' }))).status,
    ).toBe(200);
    expect((await phoneLive.closed).code).toBe(LIVE_CLOSE_REAUTHENTICATE);
    expect((await userinfo(phone.headers)).status).toBe(401);
    expect((await userinfo(browser.headers)).status).toBe(200);
    await settle(100);
    expect(browserLive.socket.readyState).toBe(browserLive.socket.OPEN);
    browserLive.socket.close();
  });
});

describe('a push socket outlives no access token', () => {
  it('closes with "authenticate again" when the token that opened it expires', async () => {
    const server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ACCESS_TOKEN_SECONDS: '3' });
    try {
      const admin = await signIn(server, ADMIN.email, ADMIN.password);
      const started = Date.now();
      const live = await openLive(server, admin.headers);
      expect(await live.closed).toEqual({ code: LIVE_CLOSE_REAUTHENTICATE, reason: 'TOKEN_EXPIRED' });
      expect(Date.now() - started).toBeGreaterThan(1_500);
      expect((await userinfo(server, admin.headers)).status).toBe(401);
    } finally {
      await server.close();
    }
  });
  const userinfo = (server: TTestServer, headers: THeaders) => server.api('/api/v1/account/userinfo', { headers });
});
