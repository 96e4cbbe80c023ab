import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkParameterValue,
  type TApplianceDetail,
  type TAuditPage,
  type TBrokerCredentialsResponse,
  type THaccpEventView,
  type TMainBoardStatus,
} from '@washboard/contracts';
import { QUIET_ACTIVITY, VirtualDishwasher } from '@washboard/simulator';
import { startTestServer, testBroker, type TTestServer } from '../../test/harness';
import { ADMIN, json, newCompany, signedInUsers, signIn, staffMember } from '../../test/accounts';
import { connectDevice, createProduct, eventually, newSerial, type TProduct } from '../../test/devices';

type THeaders = Record<string, string>;

const TODAY = new Date().toISOString().slice(0, 10);
const RANGE = `startDate=${TODAY}T00:00:00.000Z&stopDate=${TODAY}T23:59:59.999Z`;
const INSTALLATION = { name: 'Cucina 3', country: 'IT', unitSystem: 'metric', timeZone: 'Europe/Rome', language: 'it' } as const;

/** A virtual dishwasher on the test broker that does nothing unless asked. */
function board(server: TTestServer, options: ConstructorParameters<typeof VirtualDishwasher>[0]): VirtualDishwasher {
  return new VirtualDishwasher({
    broker: server.mqttUrl,
    seed: 11,
    initialState: 'IDLE',
    activity: QUIET_ACTIVITY,
    mqtt: { reconnectPeriod: 300, connectTimeout: 5_000 },
    ...options,
  });
}

/** Two parameter values other than the machine's presets, within the catalogue's range. */
function changedValues(machine: VirtualDishwasher): Record<string, number> {
  const changed: Record<string, number> = {};
  for (const [key, value] of Object.entries(machine.params)) {
    const other = [value + 1, value - 1].find((v) => checkParameterValue(key, v, machine.gamma) === 'ok');
    if (other !== undefined) changed[key] = other;
    if (Object.keys(changed).length === 2) break;
  }
  return changed;
}

describe(`POST /api/v1/appliance/{serialNumber}/main-board (${testBroker()})`, () => {
  let server: TTestServer;
  let admin: THeaders;
  let tech: THeaders;
  let otherTech: THeaders;
  let kitchen: THeaders;
  const TECH = 'tech@board.test';
  const COOK = 'cook@board.test';
  const boards: VirtualDishwasher[] = [];

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: testBroker() });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    tech = await staffMember(server, admin, TECH, 'SERVICE', await newCompany(server, admin, 'Assistenza Nord'));
    otherTech = await staffMember(
      server,
      admin,
      'other@board.test',
      'SERVICE',
      await newCompany(server, admin, 'Assistenza Sud'),
    );
    [kitchen] = await signedInUsers(server, admin, [COOK]);
  });
  afterAll(async () => {
    for (const b of boards) await b.close();
    await server.close();
  });

  const sql = <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    server.washboard.database.transaction((q) => q.query<R>(text, params)).then((r) => r.rows);
  const replace = (serial: string, boardSerial: unknown, headers: THeaders = tech) =>
    server.api(`/api/v1/appliance/${serial}/main-board`, json({ boardSerial }, headers));
  const status = async (serial: string, headers: THeaders = tech) => {
    const res = await server.api(`/api/v1/appliance/${serial}/main-board`, { headers });
    expect(res.status).toBe(200);
    return (await res.json()) as TMainBoardStatus;
  };
  const code = async (res: Response) => ((await res.json()) as { code: string }).code;
  /** A product held by the tech's company and owned by the cook. */
  const held = async (): Promise<TProduct> => {
    const product = await createProduct(server, admin);
    for (const userEmail of [COOK, TECH]) {
      const res = await server.api('/api/v1/appliance/claim', json({ serialNumber: product.serialNumber, userEmail }, admin));
      expect(res.status).toBe(200);
    }
    return product;
  };
  /** The product's machine with its factory board `boardSerial`, online and reporting it. */
  const fitted = async (product: TProduct, boardSerial: string): Promise<VirtualDishwasher> => {
    const machine = board(server, { serial: product.serialNumber, secret: product.deviceSecret, boardSerial });
    boards.push(machine);
    await machine.connect();
    await eventually(async () => (await status(product.serialNumber)).boardSerial === boardSerial);
    return machine;
  };
  const brokerTakes = (serialNumber: string, secret: string) =>
    connectDevice(server, { serialNumber, deviceSecret: secret }).then(
      (client) => client.endAsync(true).then(() => true),
      () => false,
    );

  it('refuses a kitchen manager (403), a machine the caller does not see (404) and a malformed board serial (400)', async () => {
    const product = await held();
    const res = await replace(product.serialNumber, 'MB-NEW-1', kitchen);
    expect(res.status).toBe(403);
    expect(await code(res)).toBe('FORBIDDEN');
    for (const serial of [product.serialNumber, 'SN-NOBODY-HAS']) {
      const hidden = await replace(serial, 'MB-NEW-1', otherTech);
      expect(hidden.status, serial).toBe(404);
      expect(await code(hidden)).toBe('APPLIANCE_NOT_FOUND');
    }
    for (const bad of ['', 'MB/1', 'x', 42]) {
      const malformed = await replace(product.serialNumber, bad);
      expect(malformed.status, String(bad)).toBe(400);
      expect(await code(malformed)).toBe('VALIDATION_FAILED');
    }
    // Nothing changed: the machine's own secret still works, and no replacement was recorded.
    expect(await brokerTakes(product.serialNumber, product.deviceSecret)).toBe(true);
    expect((await status(product.serialNumber)).replacement).toBeNull();
  });

  it('refuses the board the machine already has, and one another machine reports (409)', async () => {
    const product = await held();
    const own = newSerial('MB');
    await fitted(product, own);
    const neighbour = await held();
    const theirs = newSerial('MB');
    await fitted(neighbour, theirs);
    for (const boardSerial of [own, theirs]) {
      const res = await replace(product.serialNumber, boardSerial);
      expect(res.status, boardSerial).toBe(409);
      expect(await code(res)).toBe('BOARD_IN_USE');
    }
    expect((await status(product.serialNumber)).replacement).toBeNull();
  });

  it("lets the brand's ADMIN replace a board", async () => {
    const product = await held();
    const res = await replace(product.serialNumber, newSerial('MB'), admin);
    expect(res.status).toBe(200);
  });

  it('revokes the old board, binds the serial to the new one, and restores the installation and parameters on it once online', async () => {
    const product = await held();
    const serial = product.serialNumber;
    const oldSerial = newSerial('MB');
    const old = await fitted(product, oldSerial);
    // The machine as its users set it up: installed, two parameters changed, a cycle washed.
    const values = changedValues(old);
    expect(Object.keys(values)).toHaveLength(2);
    expect(old.receiveCommand({ id: randomUUID(), name: 'install', args: { ...INSTALLATION, values: {} } })?.ok).toBe(true);
    const installedAt = old.model.info().installation?.at;
    expect(installedAt).toBeDefined();
    expect(old.receiveCommand({ id: randomUUID(), name: 'params-set', args: { values } })?.ok).toBe(true);
    expect(old.startCycle('dishes')).toBeNull();
    old.advance(600);
    old.sendTelemetry();
    const parametersSeen = async () => {
      const res = await server.api(`/api/v1/event-hub-listener/event/${serial}/parameters`, { headers: tech });
      const { values: known } = (await res.json()) as { values: Record<string, number> };
      return Object.entries(values).every(([k, v]) => known[k] === v);
    };
    await eventually(parametersSeen);
    const events = async () => {
      const res = await server.api(`/api/v1/event-hub-listener/event/${serial}/events?${RANGE}`, { headers: tech });
      return (await res.json()) as THaccpEventView[];
    };
    const history = await eventually(async () => {
      const found = await events();
      return found.length > 0 && found;
    });
    const counts = () =>
      sql<{ telemetry: number; haccp: number }>(
        `select (select count(*)::int from telemetry where serial_number = $1) as telemetry,
                (select count(*)::int from haccp_events where serial_number = $1) as haccp`,
        [serial],
      ).then((rows) => rows[0]);
    const before = await eventually(async () => {
      const c = await counts();
      return c && c.telemetry > 0 && c;
    });

    const newSerialOfBoard = newSerial('MB');
    const res = await replace(serial, `  ${newSerialOfBoard} `);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const issued = (await res.json()) as TBrokerCredentialsResponse;
    expect(issued.serialNumber).toBe(serial);
    expect(issued.deviceSecret).not.toBe(product.deviceSecret);

    // The old board is put off the broker, and refused when it comes back with its secret.
    await eventually(async () => !old.connected);
    old.disconnect();
    await expect(old.connect()).rejects.toThrow(/refused/);
    expect(await brokerTakes(serial, product.deviceSecret)).toBe(false);
    // Its last will says it is offline.
    await eventually(async () => !(await status(serial)).online);
    expect(await status(serial)).toMatchObject({
      boardSerial: oldSerial,
      online: false,
      replacement: { oldBoardSerial: oldSerial, newBoardSerial: newSerialOfBoard, restoredAt: null },
    });

    // The restore waits for the new board: its job is tried again while the machine is offline.
    const restoreJob = () =>
      sql<{ attempts: number; state: string }>(
        `select attempts, state from jobs where kind = 'board.restore' and payload->>'replacementId' = (
           select id::text from board_replacements where serial_number = $1 order by replaced_at desc limit 1)`,
        [serial],
      ).then((rows) => rows[0]);
    await eventually(async () => ((await restoreJob())?.attempts ?? 0) >= 2, 15_000);
    expect(['queued', 'running']).toContain((await restoreJob())?.state);

    // The spare board, given the machine's serial and secret (by the phone, over the local link), connects as the machine.
    const spare = board(server, { spareBoard: { boardSerial: newSerialOfBoard }, seed: 12 });
    boards.push(spare);
    expect(spare.params).not.toMatchObject(values);
    spare.joinWifi({ ssid: 'Cucina', security: 'wpa2-psk', password: 'hunter2hunter2' });
    expect(spare.takeSerial(serial)).toBe(true);
    spare.takeBrokerCredentials(issued.deviceSecret);
    await eventually(async () => spare.connected, 10_000);

    const restored = await eventually(async () => {
      const s = await status(serial);
      return s.replacement?.restoredAt && s;
    }, 60_000);
    expect(restored).toMatchObject({ boardSerial: newSerialOfBoard, online: true });
    // The new board holds the machine's parameters and installation — installed when the machine
    // was, not when its board was replaced — and the details say so.
    expect(spare.params).toEqual(old.params);
    expect(spare.model.info().installation).toEqual({ ...INSTALLATION, at: installedAt });
    expect((await restoreJob())?.state).toBe('completed');
    await eventually(parametersSeen);
    const detail = await eventually(async () => {
      const res = await server.api(`/api/v1/appliance/getApplianceDetail?serialNumber=${serial}`, { headers: tech });
      const found = (await res.json()) as TApplianceDetail;
      return found.info?.boardSerial === newSerialOfBoard && found.info.installation !== null && found;
    });
    expect({ country: detail.country, installationDate: detail.installationDate }).toEqual({
      country: INSTALLATION.country,
      installationDate: installedAt,
    });

    // History stays with the machine: nothing lost, and the old records still listed under its serial.
    const after = await counts();
    expect(after?.haccp).toBeGreaterThanOrEqual(before.haccp);
    expect(after?.telemetry).toBeGreaterThanOrEqual(before.telemetry);
    expect((await events()).map((e) => e.id)).toEqual(expect.arrayContaining(history.map((e) => e.id)));

    // Audited, without the secret.
    const audit = await server.api(`/api/v1/audit?serial=${serial}&page=1&size=25`, { headers: admin });
    const trail = await audit.text();
    expect(trail).not.toContain(issued.deviceSecret);
    const actions = (JSON.parse(trail) as TAuditPage).items.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['product.board-replace', 'product.board-restore']));
    // The restore went through the command path, recorded like every command.
    const sent = await sql<{ name: string; status: string }>(
      'select name, status from appliance_commands where serial_number = $1 and user_id is not null order by created_at',
      [serial],
    );
    expect(sent.at(-1)).toEqual({ name: 'install', status: 'ok' });
  });
});
