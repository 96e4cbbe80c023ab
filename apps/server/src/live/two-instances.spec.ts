import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { exportPKCS8, generateKeyPair } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE_REAUTHENTICATE } from '@washboard/contracts';
import { createWashboard } from '../app';
import { scratchPostgres, testConfig, testServerOf, type TTestServer } from '../../test/harness';
import { startMosquitto, type TTestMosquitto } from '../../test/mosquitto';
import { activeUser, json, PASSWORD, signIn } from '../../test/accounts';
import { connectDevice, createProduct, eventually, publish, type TProduct } from '../../test/devices';
import { openLive, type TLiveSocket } from '../../test/live';

const ADMIN = { email: 'admin@two.test', password: 'Adm1nPassw0rd' };
type THeaders = Record<string, string>;
const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two server instances behind one load balancer, as docs/scaling describes them: one PostgreSQL
 * database, one Mosquitto (shared subscription `$share/washboard`), Redis between them. Each is
 * the real server (createWashboard); the tests talk to both over HTTP, WebSocket and MQTT.
 */
describe.runIf(process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'two server instances on one database, one Mosquitto and Redis',
  () => {
    let a: TTestServer;
    let b: TTestServer;
    let mosquitto: TTestMosquitto;
    let database: { url: string; drop(): Promise<void> };
    let admin: THeaders;
    const devices: MqttClient[] = [];

    let signingKey = '';
    // One close-out key for both instances, as the configuration requires with REDIS_URL.
    const haccpKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

    /** One instance: its own ports and MQTT client ids, everything else shared (issuer and signing key included). */
    async function instance(name: string): Promise<TTestServer> {
      // The ingest session's client id carries the instance name; read when the broker connects.
      process.env.WASHBOARD_INSTANCE = `${name}-${process.pid}`;
      const washboard = await createWashboard(
        testConfig({
          DATA_DIR: 'memory://',
          DATABASE_URL: database.url,
          MQTT_URL: mosquitto.serverUrl,
          REDIS_URL: process.env.TEST_REDIS_URL ?? '',
          PUBLIC_URL: 'http://washboard.test',
          // Several instances share one signing key (docs/operations.md, "Token signing key").
          TOKEN_SIGNING_KEY: signingKey,
          HACCP_SIGNING_KEY: haccpKey,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
        }),
      );
      delete process.env.WASHBOARD_INSTANCE;
      return testServerOf(washboard, await washboard.listen(), mosquitto.deviceUrl);
    }

    beforeAll(async () => {
      database = await scratchPostgres(process.env.TEST_DATABASE_URL ?? '', 'wb_two');
      mosquitto = await startMosquitto();
      signingKey = await exportPKCS8((await generateKeyPair('ES256', { extractable: true })).privateKey);
      a = await instance('a');
      b = await instance('b');
      admin = (await signIn(a, ADMIN.email, ADMIN.password)).headers;
    });
    afterAll(async () => {
      await Promise.all(devices.map((d) => d.endAsync(true)));
      await a?.close();
      await b?.close();
      await mosquitto?.stop();
      await database?.drop();
    });

    async function machineFor(userEmail?: string): Promise<TProduct & { client: MqttClient }> {
      const product = await createProduct(a, admin);
      if (userEmail) {
        const claimed = await a.api('/api/v1/appliance/claim', json({ serialNumber: product.serialNumber, userEmail }, admin));
        expect(claimed.status).toBe(200);
      }
      const client = await connectDevice(a, product);
      devices.push(client);
      return { ...product, client };
    }
    const telemetry = (machine: TProduct & { client: MqttClient }, boilerTmp: number, ts = new Date()) =>
      publish(machine.client, machine.serialNumber, 'telemetry', { ts: ts.toISOString(), boilerTmp }, 0);
    const got = (live: TLiveSocket, machine: TProduct, boilerTmp: number) =>
      live.messages.some(
        (m) => m.type === 'telemetry' && m.serialNumber === machine.serialNumber && m.telemetry.boilerTmp === boilerTmp,
      );
    const received = () => a.washboard.ingest.counts.received + b.washboard.ingest.counts.received;
    async function rows(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows as Record<string, unknown>[];
      } finally {
        await client.end();
      }
    }

    it('accepts a token of either instance on the other', async () => {
      const onB = await b.api('/api/v1/account/userinfo', { headers: admin });
      expect(onB.status).toBe(200);
      expect(await onB.json()).toMatchObject({ email: ADMIN.email });
    });

    it('ingests a machine’s messages once: a QoS 1 alarm stored once, telemetry not doubled', async () => {
      const machine = await machineFor();
      const before = { a: a.washboard.ingest.counts.received, b: b.washboard.ingest.counts.received, all: received() };
      const alarmId = randomUUID();
      const start = new Date();
      await publish(machine.client, machine.serialNumber, 'alarm', {
        id: alarmId,
        errorCode: 'OH01',
        startDate: start.toISOString(),
        stopDate: null,
      });
      const TELEMETRY = 20;
      for (let i = 0; i < TELEMETRY; i += 1) await telemetry(machine, 700 + i, new Date(start.getTime() + i * 1000));
      await eventually(async () => {
        const [{ count } = { count: '0' }] = await rows(
          'select count(*)::text as count from telemetry where serial_number = $1',
          [machine.serialNumber],
        );
        return count === String(TELEMETRY);
      }, 10_000);
      await settle();
      // Each message reached one instance only, and both instances took part.
      expect(received() - before.all).toBe(1 + TELEMETRY);
      expect(a.washboard.ingest.counts.received - before.a).toBeGreaterThan(0);
      expect(b.washboard.ingest.counts.received - before.b).toBeGreaterThan(0);
      expect(await rows('select id::text from alarms where serial_number = $1', [machine.serialNumber])).toEqual([
        { id: alarmId },
      ]);
      expect(await rows('select count(*)::int as n from telemetry where serial_number = $1', [machine.serialNumber])).toEqual([
        { n: TELEMETRY },
      ]);
    });

    it('pushes a machine’s telemetry to a browser on the other instance, whichever instance ingested it', async () => {
      await activeUser(a, admin, 'kate@two.test');
      const kate = await signIn(a, 'kate@two.test', PASSWORD);
      const machine = await machineFor('kate@two.test');
      const live = await openLive(b, kate.headers);
      const before = a.washboard.ingest.counts.received;
      const values = Array.from({ length: 10 }, (_, i) => 900 + i);
      for (const value of values) await telemetry(machine, value);
      await eventually(async () => values.every((value) => got(live, machine, value)), 10_000);
      // Shared subscription: instance A ingested some of them, and B's browser still got every one.
      expect(a.washboard.ingest.counts.received - before).toBeGreaterThan(0);
      live.socket.close();
    });

    it('closes a user’s socket on B with 4402 when an admin on A changes the user’s role', async () => {
      const id = await activeUser(a, admin, 'promoted@two.test');
      const user = await signIn(a, 'promoted@two.test', PASSWORD);
      const live = await openLive(b, user.headers);
      const firm = (
        (await (await a.api('/api/v1/account/companies', json({ name: 'Two Srl' }, admin))).json()) as { code: string }
      ).code;
      const changed = await a.api(`/api/v1/account/users/${id}/updateRole?targetRole=SERVICE_MANAGER&companyCode=${firm}`, {
        method: 'PUT',
        headers: admin,
      });
      expect(changed.status).toBe(200);
      expect(await live.closed).toEqual({ code: LIVE_CLOSE_REAUTHENTICATE, reason: 'SESSION_CHANGED' });
      expect((await b.api('/api/v1/account/userinfo', { headers: user.headers })).status).toBe(401);
    });

    it('closes a user’s socket on B with 4402 when an admin on A deletes the user', async () => {
      const id = await activeUser(a, admin, 'gone@two.test');
      const user = await signIn(a, 'gone@two.test', PASSWORD);
      const live = await openLive(b, user.headers);
      expect((await a.api(`/api/v1/account/users/${id}`, { method: 'DELETE', headers: admin })).status).toBe(200);
      expect((await live.closed).code).toBe(LIVE_CLOSE_REAUTHENTICATE);
      expect((await b.api('/api/v1/account/userinfo', { headers: user.headers })).status).toBe(401);
    });

    it('answers on B what a write on A changed, though B keeps its hottest reads in memory', async () => {
      await activeUser(a, admin, 'kitchen@two.test');
      const kitchen = await signIn(a, 'kitchen@two.test', PASSWORD);
      const machine = await machineFor('kitchen@two.test');
      const serial = encodeURIComponent(machine.serialNumber);
      const listOnB = async () =>
        (
          (await (await b.api('/api/v1/appliance/devices', { headers: kitchen.headers })).json()) as {
            items: { serialNumber: string; applianceName: string }[];
          }
        ).items.filter((item) => item.serialNumber === machine.serialNumber);
      const boilerOnB = async () =>
        (
          (await (
            await b.api(`/api/v1/event-hub-listener/event/${serial}/lastTelemetry`, { headers: kitchen.headers })
          ).json()) as {
            telemetry: { boilerTmp?: number } | null;
          }
        ).telemetry?.boilerTmp;

      // B reads (and keeps) the list and the live values; A then renames, the machine reports, A releases it.
      expect(await listOnB()).toHaveLength(1);
      await boilerOnB();
      const renamed = await a.api(
        `/api/v1/appliance/updateAppliance?serialNumber=${serial}`,
        json({ applianceName: 'Renamed on A' }, kitchen.headers),
      );
      expect(renamed.status).toBe(200);
      await eventually(async () => (await listOnB())[0]?.applianceName === 'Renamed on A', 5_000);
      await telemetry(machine, 777);
      await eventually(async () => (await boilerOnB()) === 777, 10_000);
      const released = await a.api(`/api/v1/appliance/unclaim?serialNumber=${serial}`, {
        method: 'POST',
        headers: kitchen.headers,
      });
      expect(released.status).toBe(200);
      await eventually(async () => (await listOnB()).length === 0, 5_000);
    });

    it('stops pushing the old company’s machine to B’s socket when an admin on A moves the technician', async () => {
      const company = async (name: string) =>
        ((await (await a.api('/api/v1/account/companies', json({ name }, admin))).json()) as { code: string }).code;
      const [first, second] = [await company('First Two Service'), await company('Second Two Service')];
      const id = await activeUser(a, admin, 'tech@two.test');
      const put = (path: string) => a.api(path, { method: 'PUT', headers: admin });
      expect((await put(`/api/v1/account/users/${id}/updateRole?targetRole=SERVICE&companyCode=${first}`)).status).toBe(200);
      const tech = await signIn(a, 'tech@two.test', PASSWORD);
      const machine = await machineFor('tech@two.test');
      const live = await openLive(b, tech.headers);
      await telemetry(machine, 801);
      await eventually(async () => got(live, machine, 801), 10_000);

      expect((await put(`/api/v1/account/users/${id}/updateCompany?companyCode=${second}`)).status).toBe(200);
      await settle(300);
      for (const value of [802, 803, 804, 805]) await telemetry(machine, value);
      await settle(800);
      expect([802, 803, 804, 805].filter((value) => got(live, machine, value))).toEqual([]);
      live.socket.close();
    });
  },
);
