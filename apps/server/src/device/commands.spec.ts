import type { MqttClient } from 'mqtt';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deviceTopic,
  parametersFor,
  SYSTEM_STATES,
  type TApplianceDetail,
  type TApplianceListPage,
  type TLastTelemetry,
  type TParameter,
} from '@washboard/contracts';
import { QUIET_ACTIVITY, VirtualDishwasher, type TVirtualDishwasherOptions } from '@washboard/simulator';
import { startTestServer, testBroker, type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, json, PASSWORD, signIn, userIdOf } from '../../test/accounts';
import { connectDevice, createProduct, eventually, publish, type TProduct } from '../../test/devices';
import { applianceCommands } from '../db/schema/index';

const MANAGER = 'kim@kitchen.test';
type THeaders = Record<string, string>;
type TError = { code: string; message: string };

const event = (serial: string, call: string) => `/api/v1/event-hub-listener/event/${serial}/${call}`;
const plain = (body: string, headers: THeaders): RequestInit => ({
  method: 'POST',
  body,
  headers: { ...headers, 'content-type': 'text/plain' },
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A parameter of the range whose preset can be raised by one step without leaving its bounds. */
function writable(kind: 'cycle' | 'factory'): { param: TParameter; value: number } {
  const param = parametersFor('infinity', kind).find((p) => !p.options && p.default + p.step <= p.max);
  if (!param) throw new Error(`no writable ${kind} parameter in the catalogue`);
  return { param, value: param.default + param.step };
}

describe(`device commands: round trips with the virtual dishwasher (${testBroker()})`, () => {
  let server: TTestServer;
  let admin: THeaders;
  let manager: THeaders;
  let managerId: string;
  let seed = 1;
  const machines: VirtualDishwasher[] = [];
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: testBroker() });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    managerId = await activeUser(server, admin, MANAGER);
    manager = (await signIn(server, MANAGER, PASSWORD)).headers;
  });
  afterAll(async () => {
    await Promise.all(machines.map((m) => m.close()));
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await server.close();
  });

  const get = async <T>(headers: THeaders, path: string): Promise<T> => {
    const res = await server.api(path, { headers });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const lastTelemetry = (headers: THeaders, serial: string) => get<TLastTelemetry>(headers, event(serial, 'lastTelemetry'));
  const code = async (res: Response) => ((await res.json()) as TError).code;

  /** A new product, and the virtual dishwasher behind it online: quiet, seeded, driven by `advance()`. */
  async function virtualMachine(options: Partial<TVirtualDishwasherOptions> = {}): Promise<VirtualDishwasher> {
    const product = await createProduct(server, admin);
    const machine = new VirtualDishwasher({
      serial: product.serialNumber,
      secret: product.deviceSecret,
      broker: server.mqttUrl,
      gamma: 'infinity',
      seed: seed++,
      initialState: 'IDLE',
      activity: QUIET_ACTIVITY,
      fotaSeconds: 20,
      mqtt: { reconnectPeriod: 500 },
      ...options,
    });
    machines.push(machine);
    await machine.connect();
    await eventually(async () => (await lastTelemetry(admin, machine.serial)).status.online);
    return machine;
  }

  /** Claims a machine showing `activationCode` for the kitchen manager (the code reaches the server asynchronously). */
  async function claimWith(serialNumber: string, activationCode: string, applianceName = 'Dish line'): Promise<void> {
    // Each refused try counts; stay well under the five that void the code.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await sleep(250);
      const res = await server.api('/api/v1/appliance/claim', json({ activationCode, serialNumber, applianceName }, manager));
      if (res.status === 200) return;
    }
    throw new Error(`could not claim ${serialNumber}`);
  }

  /** A virtual dishwasher claimed by the kitchen manager at its show-code button. */
  async function claimedMachine(options: Partial<TVirtualDishwasherOptions> = {}): Promise<VirtualDishwasher> {
    const machine = await virtualMachine(options);
    await claimWith(machine.serial, machine.pressShowCode().code);
    return machine;
  }

  /** A device that connects, says it is online and then never answers a command. */
  async function silentDevice(): Promise<TProduct> {
    const product = await createProduct(server, admin);
    const client = await connectDevice(server, product);
    clients.push(client);
    await client.subscribeAsync(deviceTopic(product.serialNumber, 'cmd'), { qos: 1 });
    await publish(client, product.serialNumber, 'status', { online: true, systemState: 2, ts: new Date().toISOString() });
    await publish(client, product.serialNumber, 'claiming-code', {
      code: '314159',
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    });
    await eventually(async () => (await lastTelemetry(admin, product.serialNumber)).status.online);
    await claimWith(product.serialNumber, '314159');
    return product;
  }

  describe('POST /api/v1/event-hub-listener/event/{serial}/expose-claiming-code', () => {
    it('makes the machine show a fresh code, with which a kitchen manager claims it', async () => {
      const machine = await virtualMachine();
      expect(machine.claimingCode).toBeNull();
      // The kitchen manager does not see an unclaimed machine, so cannot make it show a code.
      const hidden = await server.api(event(machine.serial, 'expose-claiming-code'), { method: 'POST', headers: manager });
      expect(hidden.status).toBe(404);
      expect(machine.claimingCode).toBeNull();

      const res = await server.api(event(machine.serial, 'expose-claiming-code'), { method: 'POST', headers: admin });
      expect(res.status).toBe(200);
      const shown = machine.claimingCode;
      expect(shown?.code).toMatch(/^\d{6}$/);
      expect(machine.display).toBe(shown?.code);

      await claimWith(machine.serial, shown?.code ?? '', 'Pass-through');
      const mine = await get<TApplianceListPage>(manager, '/api/v1/appliance/devices');
      expect(mine.items.map((a) => [a.serialNumber, a.applianceName])).toContainEqual([machine.serial, 'Pass-through']);
    });
  });

  describe('POST /api/v1/event-hub-listener/event/{serial}/cycle', () => {
    let machine: VirtualDishwasher;
    beforeAll(async () => {
      machine = await claimedMachine();
    });

    it('starts the chosen cycle on the machine', async () => {
      const res = await server.api(event(machine.serial, 'cycle'), plain('eco', manager));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ code: '200' });
      expect(machine.state).toBe(SYSTEM_STATES.RUN);
      expect(machine.currentCycle?.type).toBe('eco');
      const seen = await eventually(async () => {
        const t = await lastTelemetry(manager, machine.serial);
        return t.status.systemState === SYSTEM_STATES.RUN && t.status.cycleType === 'eco' && t;
      });
      expect(seen.status.online).toBe(true);
    });

    it('answers APPLIANCE_BUSY to a second start while a cycle runs, and the running cycle goes on', async () => {
      const res = await server.api(event(machine.serial, 'cycle'), plain('intensive', manager));
      expect(res.status).toBe(409);
      expect(await code(res)).toBe('APPLIANCE_BUSY');
      expect(machine.currentCycle?.type).toBe('eco');
    });

    it('stops the running cycle with "stop"', async () => {
      const res = await server.api(event(machine.serial, 'cycle'), plain('stop', manager));
      expect(res.status).toBe(200);
      expect(machine.currentCycle).toBeNull();
      expect(machine.state).not.toBe(SYSTEM_STATES.RUN);
      await eventually(async () => {
        const t = await lastTelemetry(manager, machine.serial);
        return t.status.systemState !== SYSTEM_STATES.RUN && t.status.cycleType === null;
      });
    });

    it('answers CYCLE_NOT_RUNNING to "stop" when nothing runs', async () => {
      const res = await server.api(event(machine.serial, 'cycle'), plain('stop', manager));
      expect(res.status).toBe(409);
      expect(await code(res)).toBe('CYCLE_NOT_RUNNING');
    });

    it('refuses an unknown cycle type without bothering the machine', async () => {
      const res = await server.api(event(machine.serial, 'cycle'), plain('turbo', manager));
      expect(res.status).toBe(400);
      expect(machine.currentCycle).toBeNull();
    });
  });

  describe('commands whose body is optional, called with none', () => {
    it('turns the machine off with no body at all (no operation set)', async () => {
      const machine = await claimedMachine();
      const res = await server.api(event(machine.serial, 'switch-shutdown'), { method: 'POST', headers: manager });
      expect(res.status).toBe(200);
      expect([SYSTEM_STATES.SHUTDOWN, SYSTEM_STATES.OFF]).toContain(machine.state);
    });

    it('asks for live telemetry for the default five minutes with no body at all', async () => {
      const machine = await claimedMachine();
      const res = await server.api(event(machine.serial, 'run-live'), { method: 'POST', headers: manager });
      expect(res.status).toBe(200);
    });
  });

  describe('POST /api/v1/event-hub-listener/event/{serial}/parameters', () => {
    let machine: VirtualDishwasher;
    const parameters = async (headers: THeaders, key: string) =>
      (await get<{ values: Record<string, number> }>(headers, `${event(machine.serial, 'parameters')}?parameters=${key}`)).values[
        key
      ];
    beforeAll(async () => {
      machine = await claimedMachine();
    });

    it('writes a value within the bounds to the machine, and GET shows it', async () => {
      const { param, value } = writable('cycle');
      expect(machine.params[param.key]).not.toBe(value);
      const res = await server.api(event(machine.serial, 'parameters'), json({ values: { [param.key]: value } }, manager));
      expect(res.status).toBe(200);
      expect(machine.params[param.key]).toBe(value);
      await eventually(async () => (await parameters(manager, param.key)) === value);
    });

    it('refuses a value out of range with VALUE_OUT_OF_RANGE, and the machine keeps its value', async () => {
      const { param } = writable('cycle');
      const before = { ...machine.params };
      const res = await server.api(
        event(machine.serial, 'parameters'),
        json({ values: { [param.key]: param.max + 1 } }, manager),
      );
      expect(res.status).toBe(400);
      expect(await code(res)).toBe('VALUE_OUT_OF_RANGE');
      expect(machine.params).toEqual(before);
    });

    it('lets the admin write a factory parameter, but not a kitchen manager', async () => {
      const { param, value } = writable('factory');
      const before = machine.params[param.key];
      const refused = await server.api(event(machine.serial, 'parameters'), json({ values: { [param.key]: value } }, manager));
      expect(refused.status).toBe(403);
      expect(machine.params[param.key]).toBe(before);

      const res = await server.api(event(machine.serial, 'parameters'), json({ values: { [param.key]: value } }, admin));
      expect(res.status).toBe(200);
      expect(machine.params[param.key]).toBe(value);
      await eventually(async () => (await parameters(admin, param.key)) === value);
    });
  });

  describe('POST /api/v1/event-hub-listener/event/{serial}/tank-replace', () => {
    it('is refused while the machine starts up and accepted once it is ready', async () => {
      const machine = await claimedMachine({ initialState: 'OFF' });
      expect(machine.powerOn()).toBe(true);
      expect(machine.stateName).toBe('STARTUP');
      const refused = await server.api(event(machine.serial, 'tank-replace'), json({ tank: 'detergent' }, manager));
      expect(refused.status).toBe(409);
      expect(await code(refused)).toBe('TANK_REPLACEMENT_INHIBITED');

      for (let i = 0; i < 600 && machine.stateName !== 'IDLE'; i += 1) machine.advance(30);
      expect(machine.stateName).toBe('IDLE');
      const res = await server.api(event(machine.serial, 'tank-replace'), json({ tank: 'detergent' }, manager));
      expect(res.status).toBe(200);
    });
  });

  describe('POST /api/v1/event-hub-listener/event/{serial}/update', () => {
    it('updates the firmware over the air: progress to 100 % and the new version reported', async () => {
      const machine = await claimedMachine();
      // A version newer than any the machine ships with (an older one is refused: FIRMWARE_UP_TO_DATE).
      expect(machine.versions.fw00).not.toBe('9.0.0');
      const res = await server.api(event(machine.serial, 'update'), json({ version: '9.0.0' }, manager));
      expect(res.status).toBe(200);
      expect(machine.fota).toMatchObject({ inProg: true, perc: 0, version: '9.0.0' });

      // A second update while one runs is refused by the machine.
      const again = await server.api(event(machine.serial, 'update'), json({ version: '9.0.1' }, manager));
      expect(again.status).toBe(409);
      expect(await code(again)).toBe('APPLIANCE_BUSY');

      for (let i = 0; i < 10 && machine.fota; i += 1) machine.advance(5);
      expect(machine.fota).toBeNull();
      expect(machine.versions.fw00).toBe('9.0.0');
      const detail = await eventually(async () => {
        const d = await get<TApplianceDetail>(manager, `/api/v1/appliance/getApplianceDetail?serialNumber=${machine.serial}`);
        return d.fota?.perc === 100 && d;
      });
      expect(detail.fota).toMatchObject({ perc: 100, inProg: false });
      const versions = await eventually(async () => {
        const v = await get<{ fw00: string } | null>(manager, event(machine.serial, 'versions'));
        return v?.fw00 === '9.0.0' && v;
      });
      expect(versions.fw00).toBe('9.0.0');
    });
  });

  describe('a machine that does not answer', () => {
    it('is reported as APPLIANCE_NOT_ANSWERING after the timeout, never as success', async () => {
      const product = await silentDevice();
      const started = Date.now();
      const res = await server.api(event(product.serialNumber, 'cycle'), plain('eco', manager));
      const took = Date.now() - started;
      expect(res.status).toBe(504);
      expect(await code(res)).toBe('APPLIANCE_NOT_ANSWERING');
      expect(took).toBeGreaterThanOrEqual(2_900);
      expect(took).toBeLessThan(6_000);
    });
  });

  describe('an offline machine', () => {
    it('is reported as APPLIANCE_DISCONNECTED at once, and nothing reaches it', async () => {
      const machine = await claimedMachine();
      machine.disconnect();
      await eventually(async () => !(await lastTelemetry(manager, machine.serial)).status.online);
      const started = Date.now();
      const res = await server.api(event(machine.serial, 'cycle'), plain('eco', manager));
      expect(res.status).toBe(409);
      expect(await code(res)).toBe('APPLIANCE_DISCONNECTED');
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(machine.currentCycle).toBeNull();
    });
  });

  describe('the command log (appliance_commands)', () => {
    it('records every command with its outcome and the user who sent it', async () => {
      const adminId = await userIdOf(server, admin, ADMIN.email);
      const machine = await claimedMachine();
      expect((await server.api(event(machine.serial, 'cycle'), plain('eco', manager))).status).toBe(200);
      expect((await server.api(event(machine.serial, 'cycle'), plain('eco', admin))).status).toBe(409);
      machine.disconnect();
      await eventually(async () => !(await lastTelemetry(manager, machine.serial)).status.online);
      expect((await server.api(event(machine.serial, 'cycle'), plain('stop', manager))).status).toBe(409);
      const silent = await silentDevice();
      expect((await server.api(event(silent.serialNumber, 'run-live'), json({ seconds: 60 }, manager))).status).toBe(504);

      const db = server.washboard.database.db;
      const rowsOf = async (serial: string) =>
        (await db.select().from(applianceCommands).where(eq(applianceCommands.serialNumber, serial))).sort(
          (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
        );
      const rows = await rowsOf(machine.serial);
      expect(rows.map((r) => [r.name, r.args, r.status, r.error, r.userId])).toEqual([
        ['cycle-start', { cycleType: 'eco' }, 'ok', null, managerId],
        ['cycle-start', { cycleType: 'eco' }, 'error', 'BUSY', adminId],
        ['cycle-stop', {}, 'offline', null, managerId],
      ]);
      expect(rows[0]?.answeredAt).toBeInstanceOf(Date);
      expect(rows[1]?.answeredAt).toBeInstanceOf(Date);
      const timedOut = await rowsOf(silent.serialNumber);
      expect(timedOut.map((r) => [r.name, r.args, r.status, r.error, r.userId])).toEqual([
        ['run-live', { seconds: 60 }, 'timeout', null, managerId],
      ]);
    });
  });
});
