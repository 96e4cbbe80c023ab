import type { MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_WATCH_MAX, type TApplianceDetail, type TApplianceListPage, type TLastTelemetry } from '@washboard/contracts';
import { openLive } from '../../test/live';
import { startTestServer, testBroker, type TTestServer } from '../../test/harness';
import { ADMIN, json, signedInUsers, signIn } from '../../test/accounts';
import { connectDevice, createProduct, deviceShowingCode, eventually, publish, type TProduct } from '../../test/devices';

type THeaders = Record<string, string>;

describe(`appliances: claiming, visibility and live push (${testBroker()})`, () => {
  let server: TTestServer;
  let admin: THeaders;
  let anna: THeaders;
  let bruno: THeaders;
  const devices: MqttClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: testBroker() });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    [anna, bruno] = await signedInUsers(server, admin, ['anna@kitchen.test', 'bruno@kitchen.test']);
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.endAsync(true)));
    await server.close();
  });

  /** A machine online, showing `code` on its display (as after pressing its show-code button). */
  async function machineShowing(code: string, extra: Record<string, unknown> = {}): Promise<TProduct & { client: MqttClient }> {
    const product = await createProduct(server, admin, extra);
    const client = await deviceShowingCode(server, product, code);
    devices.push(client);
    // The broker acknowledges Mosquitto publishes before the server stores them.
    await new Promise((r) => setTimeout(r, testBroker() === 'embedded' ? 0 : 300));
    return { ...product, client };
  }
  const claim = (headers: THeaders, body: Record<string, unknown>) => server.api('/api/v1/appliance/claim', json(body, headers));
  const list = async (headers: THeaders, query = '') =>
    ((await (await server.api(`/api/v1/appliance/devices${query}`, { headers })).json()) as TApplianceListPage).items;

  describe('POST /api/v1/appliance/products', () => {
    it('answers the device secret once and refuses a second product with the same serial number', async () => {
      const product = await createProduct(server, admin);
      expect(product.deviceSecret.length).toBeGreaterThanOrEqual(32);
      const again = await server.api(
        '/api/v1/appliance/products',
        json(
          { serialNumber: product.serialNumber, modelNumber: 'X', fw00: '1', fw02: '1', gamma: 'prime', ratingPower: 'M2' },
          admin,
        ),
      );
      expect(again.status).toBe(409);
      expect(((await again.json()) as { code: string }).code).toBe('APPLIANCE_ALREADY_EXISTS');
    });

    it('refuses a kitchen manager', async () => {
      const res = await server.api(
        '/api/v1/appliance/products',
        json({ serialNumber: 'SNKM0001', modelNumber: 'X', fw00: '1', fw02: '1', gamma: 'prime', ratingPower: 'M2' }, anna),
      );
      expect(res.status).toBe(403);
    });

    it('refuses bad input with a clear code and stores nothing', async () => {
      const res = await server.api(
        '/api/v1/appliance/products',
        json({ serialNumber: 'bad/serial', modelNumber: 'X', fw00: '1', fw02: '1', gamma: 'moon', ratingPower: 'M9' }, admin),
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string; message: string }).message).toMatch(/serialNumber/);
      expect((await list(admin)).some((a) => a.serialNumber === 'bad/serial')).toBe(false);
    });
  });

  describe('POST /api/v1/appliance/claim', () => {
    it('binds a machine to the kitchen manager who enters the code it shows, named as asked', async () => {
      const machine = await machineShowing('482913');
      const res = await claim(anna, {
        activationCode: '482913',
        serialNumber: machine.serialNumber,
        applianceName: 'Bar counter',
      });
      expect(res.status).toBe(200);
      const mine = await list(anna);
      expect(mine.map((a) => [a.serialNumber, a.applianceName, a.status.online])).toEqual([
        [machine.serialNumber, 'Bar counter', true],
      ]);
      expect((await list(bruno)).map((a) => a.serialNumber)).not.toContain(machine.serialNumber);
    });

    it('names the machine "My device" when no name is given', async () => {
      const machine = await machineShowing('110022');
      expect((await claim(bruno, { activationCode: '110022', serialNumber: machine.serialNumber })).status).toBe(200);
      expect((await list(bruno)).find((a) => a.serialNumber === machine.serialNumber)?.applianceName).toBe('My device');
    });

    it('refuses a wrong code, and voids the shown code after five wrong tries', async () => {
      const machine = await machineShowing('777111');
      for (let i = 0; i < 5; i += 1) {
        const res = await claim(bruno, { activationCode: '000000', serialNumber: machine.serialNumber });
        expect(res.status).toBe(400);
        expect(((await res.json()) as { code: string }).code).toBe('ACTIVATION_CODE_INVALID');
      }
      const right = await claim(bruno, { activationCode: '777111', serialNumber: machine.serialNumber });
      expect(right.status).toBe(400);
      expect((await list(bruno)).map((a) => a.serialNumber)).not.toContain(machine.serialNumber);
    });

    it('refuses an expired code and an unknown serial number alike', async () => {
      const product = await createProduct(server, admin);
      const client = await connectDevice(server, product);
      devices.push(client);
      await publish(client, product.serialNumber, 'claiming-code', {
        code: '123123',
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      });
      await new Promise((r) => setTimeout(r, 300));
      expect((await claim(anna, { activationCode: '123123', serialNumber: product.serialNumber })).status).toBe(400);
      expect((await claim(anna, { activationCode: '123123', serialNumber: 'SN-NOT-THERE' })).status).toBe(400);
    });

    it('refuses a machine another kitchen manager already claimed', async () => {
      const machine = await machineShowing('246810');
      expect((await claim(anna, { activationCode: '246810', serialNumber: machine.serialNumber })).status).toBe(200);
      await publish(machine.client, machine.serialNumber, 'claiming-code', {
        code: '135790',
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
      });
      await new Promise((r) => setTimeout(r, 300));
      const res = await claim(bruno, { activationCode: '135790', serialNumber: machine.serialNumber });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { code: string }).code).toBe('APPLIANCE_ALREADY_CLAIMED');
    });
  });

  describe('machines of other owners', () => {
    it('answers 404, not 403, for every call about a machine the caller may not see', async () => {
      const machine = await machineShowing('909090');
      expect((await claim(anna, { activationCode: '909090', serialNumber: machine.serialNumber })).status).toBe(200);
      const s = machine.serialNumber;
      const calls: [string, RequestInit][] = [
        [`/api/v1/appliance/getApplianceDetail?serialNumber=${s}`, {}],
        [`/api/v1/event-hub-listener/event/${s}/lastTelemetry`, {}],
        [`/api/v1/event-hub-listener/event/${s}/versions`, {}],
        [`/api/v1/event-hub-listener/event/${s}/parameters`, {}],
        [`/api/v1/event-hub-listener/event/${s}/events?startDate=2020-01-01&stopDate=2100-01-01`, {}],
        [`/api/v1/event-hub-listener/event/${s}/alarms?startDate=2020-01-01&stopDate=2100-01-01`, {}],
        [`/api/v1/appliance/otherinfo/${s}/presets_params`, {}],
        [`/api/v1/appliance/updateAppliance?serialNumber=${s}`, json({ applianceName: 'Mine now' })],
        [`/api/v1/appliance/unclaim?serialNumber=${s}`, { method: 'POST' }],
        [`/api/v1/event-hub-listener/event/${s}/restore-presets`, { method: 'POST' }],
      ];
      for (const [path, init] of calls) {
        const res = await server.api(path, { ...init, headers: { ...(init.headers as THeaders), ...bruno } });
        expect([path, res.status]).toEqual([path, 404]);
      }
      // The owner still has it, unrenamed.
      expect((await list(anna)).find((a) => a.serialNumber === s)?.applianceName).toBe('My device');
    });
  });

  describe('POST /api/v1/appliance/unclaim', () => {
    it("releases the machine: it leaves the owner's list", async () => {
      const machine = await machineShowing('565656');
      await claim(bruno, { activationCode: '565656', serialNumber: machine.serialNumber });
      const res = await server.api(`/api/v1/appliance/unclaim?serialNumber=${machine.serialNumber}`, {
        method: 'POST',
        headers: bruno,
      });
      expect(res.status).toBe(200);
      expect((await list(bruno)).map((a) => a.serialNumber)).not.toContain(machine.serialNumber);
    });
  });

  /** One field of a machine's status as Anna's list, its details and lastTelemetry answer it, in that order. */
  const statusesOf = async <K extends keyof TApplianceDetail['status']>(serial: string, key: K) => {
    const listed = (await list(anna)).find((a) => a.serialNumber === serial)?.status[key];
    const detail = await server.api(`/api/v1/appliance/getApplianceDetail?serialNumber=${serial}`, { headers: anna });
    const last = await server.api(`/api/v1/event-hub-listener/event/${serial}/lastTelemetry`, { headers: anna });
    const statuses = [(await detail.json()) as TApplianceDetail, (await last.json()) as TLastTelemetry];
    return [listed, ...statuses.map((x) => x.status[key])];
  };

  describe('status.updating (the machine shown as UPDATING)', () => {
    it('is true in the list, the details and lastTelemetry while the machine reports a firmware update in progress', async () => {
      const machine = await machineShowing('778899');
      await claim(anna, { activationCode: '778899', serialNumber: machine.serialNumber });
      const s = machine.serialNumber;
      const updating = () => statusesOf(s, 'updating');
      expect(await updating()).toEqual([false, false, false]);
      await publish(machine.client, s, 'fota', { perc: 40, inProg: true, version: '9.0.0' });
      await eventually(async () => (await updating()).every((u) => u === true));
      await publish(machine.client, s, 'fota', { perc: 100, inProg: false, version: '9.0.0' });
      await eventually(async () => (await updating()).every((u) => u === false));

      // An update whose closing report never came ends when the machine reports running its firmware.
      await publish(machine.client, s, 'fota', { perc: 70, inProg: true, version: '9.1.0' });
      await eventually(async () => (await updating()).every((u) => u === true));
      await publish(machine.client, s, 'versions', { fw00: '9.0.0', fw02: '1.4.1', connectivity: '2.0.0', control: '1.0.0' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await updating()).toEqual([true, true, true]);
      await publish(machine.client, s, 'versions', { fw00: '9.1.0', fw02: '1.4.1', connectivity: '2.0.0', control: '1.0.0' });
      await eventually(async () => (await updating()).every((u) => u === false));
    });
  });

  describe('status.unitSystem (the units its values are shown in)', () => {
    it("follows the machine's S47 in the list, the details and lastTelemetry, metric until it said", async () => {
      const machine = await machineShowing('446688');
      await claim(anna, { activationCode: '446688', serialNumber: machine.serialNumber });
      const s = machine.serialNumber;
      const systems = () => statusesOf(s, 'unitSystem');
      expect(await systems()).toEqual(['metric', 'metric', 'metric']);
      await publish(machine.client, s, 'params', { ts: new Date().toISOString(), values: { S47: 1, S48: 1 } });
      await eventually(async () => (await systems()).every((u) => u === 'imperial'));
      await publish(machine.client, s, 'params', { ts: new Date().toISOString(), values: { S47: 0, S48: 1 } });
      await eventually(async () => (await systems()).every((u) => u === 'metric'));
    });
  });

  describe("status.setpoints (the running cycle's)", () => {
    it("are the running cycle's boiler and tank setpoints in the details and lastTelemetry, none when idle, never in the list", async () => {
      const machine = await machineShowing('135791');
      await claim(anna, { activationCode: '135791', serialNumber: machine.serialNumber });
      const s = machine.serialNumber;
      const setpoints = async () => JSON.stringify(await statusesOf(s, 'setpoints'));
      const values = { S47: 0, 'dishes.boilerSetpoint': 850, 'dishes.tankSetpoint': 620, 'glasses.boilerSetpoint': 820 };
      await publish(machine.client, s, 'params', { ts: new Date().toISOString(), values });
      const status = (systemState: number, cycleType: string | null) =>
        publish(machine.client, s, 'status', {
          online: true,
          systemState,
          cycleType,
          cycleNumber: 3,
          ts: new Date().toISOString(),
        });
      // The list, the details, lastTelemetry: a list row has no setpoints (no list screen shows them).
      const dishes = { boilerTmp: 850, tankTmp: 620 };
      await status(4, 'dishes');
      await eventually(async () => (await setpoints()) === JSON.stringify([undefined, dishes, dishes]));
      // A cycle whose tank setpoint the machine has not reported shows the boiler's alone.
      await status(4, 'glasses');
      await eventually(async () => (await setpoints()) === JSON.stringify([undefined, { boilerTmp: 820 }, { boilerTmp: 820 }]));
      await status(2, null);
      await eventually(async () => (await setpoints()) === JSON.stringify([undefined, null, null]));
    });
  });

  describe('/api/v1/live', () => {
    const live = (headers: THeaders) => openLive(server, headers);

    it('delivers status and telemetry of exactly the machines the user may see', async () => {
      const annas = await machineShowing('314159');
      await claim(anna, { activationCode: '314159', serialNumber: annas.serialNumber });
      const brunos = await machineShowing('271828');
      await claim(bruno, { activationCode: '271828', serialNumber: brunos.serialNumber });
      const annaLive = await live(anna);
      const ts = new Date().toISOString();
      await publish(brunos.client, brunos.serialNumber, 'telemetry', { ts, boilerTmp: 811 }, 0);
      await publish(annas.client, annas.serialNumber, 'telemetry', { ts, boilerTmp: 833 }, 0);
      await publish(annas.client, annas.serialNumber, 'status', {
        online: true,
        systemState: 4,
        cycleType: 'eco',
        cycleNumber: 7,
        ts,
      });
      await eventually(async () => annaLive.messages.some((m) => m.type === 'status'));
      const serials = new Set(annaLive.messages.map((m) => ('serialNumber' in m ? m.serialNumber : '')));
      expect([...serials]).toEqual([annas.serialNumber]);
      expect(annaLive.messages.find((m) => m.type === 'telemetry')).toMatchObject({ telemetry: { boilerTmp: 833 } });
      expect(annaLive.messages.find((m) => m.type === 'status')).toMatchObject({
        systemState: 4,
        cycleType: 'eco',
        cycleNumber: 7,
      });
      annaLive.socket.close();
    });

    it('sends the values of the machines the page watches only, and refuses a malformed watch', async () => {
      const shown = await machineShowing('112358');
      await claim(anna, { activationCode: '112358', serialNumber: shown.serialNumber });
      const other = await machineShowing('132134');
      await claim(anna, { activationCode: '132134', serialNumber: other.serialNumber });
      // The machines shown said with the first message: no other machine's values from the start.
      const annaLive = await openLive(server, anna, 'LUMINA', { serials: [shown.serialNumber] });
      const send = (message: unknown) => annaLive.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
      // Each refused, changing nothing: not a list, too many, not a serial number, not JSON.
      send({ type: 'watch', serials: 'all' });
      send({ type: 'watch', serials: Array<string>(LIVE_WATCH_MAX + 1).fill(other.serialNumber) });
      send({ type: 'watch', serials: ['../x'] });
      send('{"type":"watch"');
      await eventually(async () => annaLive.errors.length === 4);
      expect(annaLive.errors).toEqual(Array(4).fill('BAD_MESSAGE'));
      const ts = new Date().toISOString();
      await publish(other.client, other.serialNumber, 'telemetry', { ts, boilerTmp: 801 }, 0);
      await publish(shown.client, shown.serialNumber, 'telemetry', { ts, boilerTmp: 802 }, 0);
      // The other machine's status still comes: it changes what a page shows until its next read.
      await publish(other.client, other.serialNumber, 'status', { online: true, systemState: 2, ts });
      await eventually(async () => annaLive.messages.some((m) => m.type === 'status' && m.serialNumber === other.serialNumber));
      await eventually(async () =>
        annaLive.messages.some((m) => m.type === 'telemetry' && m.serialNumber === shown.serialNumber),
      );
      const values = annaLive.messages.flatMap((m) => (m.type === 'telemetry' ? [[m.serialNumber, m.telemetry.boilerTmp]] : []));
      expect(values).toEqual([[shown.serialNumber, 802]]);
      // Watching every machine again (taken once the refusal of what follows it comes back).
      send({ type: 'watch', serials: null });
      send({ type: 'hello' });
      await eventually(async () => annaLive.errors.length === 5);
      await publish(other.client, other.serialNumber, 'telemetry', { ts: new Date().toISOString(), boilerTmp: 803 }, 0);
      await eventually(async () => annaLive.messages.some((m) => m.type === 'telemetry' && m.telemetry.boilerTmp === 803));
      annaLive.socket.close();
    });

    it('refuses machines shown that are no serial numbers in the first message, and closes a socket that says too much', async () => {
      const refused = await openLive(server, anna, 'LUMINA', { serials: ['../x'] });
      await eventually(async () => refused.errors.length === 1);
      expect(refused.errors).toEqual(['BAD_MESSAGE']);
      // A page says what it shows a few times a second at most.
      for (let i = 0; i < 50; i += 1) refused.socket.send(JSON.stringify({ type: 'watch', serials: [] }));
      expect(await refused.closed).toEqual({ code: 1008, reason: 'TOO_MANY_MESSAGES' });
    });

    it('pushes firmware progress once stored, and not a report older than the last one', async () => {
      const machine = await machineShowing('161803');
      await claim(anna, { activationCode: '161803', serialNumber: machine.serialNumber });
      const s = machine.serialNumber;
      const annaLive = await live(anna);
      const progress = () => annaLive.messages.filter((m) => m.type === 'fotaStatus').map((m) => [m.perc, m.inProg]);
      await publish(machine.client, s, 'fota', { perc: 40, inProg: true, version: '9.0.0' });
      await publish(machine.client, s, 'fota', { perc: 100, inProg: false, version: '9.0.0' });
      // Delivered late (a retransmission): older than the update's end, so neither stored nor pushed.
      await publish(machine.client, s, 'fota', { perc: 60, inProg: true, version: '9.0.0' });
      await publish(machine.client, s, 'status', { online: true, systemState: 2, ts: new Date().toISOString() });
      await eventually(async () => annaLive.messages.some((m) => m.type === 'status'));
      expect(progress()).toEqual([
        [40, true],
        [100, false],
      ]);
      const detail = await server.api(`/api/v1/appliance/getApplianceDetail?serialNumber=${s}`, { headers: anna });
      expect(((await detail.json()) as TApplianceDetail).fota).toMatchObject({ perc: 100, inProg: false });
      annaLive.socket.close();
    });

    it('starts delivering a machine as soon as the user claims it', async () => {
      const machine = await machineShowing('161803');
      const brunoLive = await live(bruno);
      await claim(bruno, { activationCode: '161803', serialNumber: machine.serialNumber });
      await eventually(async () => brunoLive.messages.some((m) => m.type === 'appliances'));
      await publish(machine.client, machine.serialNumber, 'telemetry', { ts: new Date().toISOString(), tankTmp: 612 }, 0);
      await eventually(async () =>
        brunoLive.messages.some((m) => m.type === 'telemetry' && m.serialNumber === machine.serialNumber),
      );
      brunoLive.socket.close();
    });

    it('refuses a connection without a valid token', async () => {
      const error = await live({ authorization: 'Bearer nope', 'x-subscription-key': 'x' }).catch((e: unknown) => e);
      expect(String(error)).toContain('4401');
    });

    it('refuses a first message that is no object, and goes on serving others', async () => {
      for (const first of ['null', '5', '"auth"', '{not json']) {
        const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/v1/live`);
        const closed = new Promise<number>((resolve) => socket.on('close', resolve));
        socket.on('open', () => socket.send(first));
        expect(await closed).toBe(4401);
      }
      const anyone = await live(anna);
      expect(anyone.errors).toEqual([]);
      anyone.socket.close();
    });
  });
});
