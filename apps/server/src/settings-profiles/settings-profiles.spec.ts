import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import {
  defaultParameterValues,
  deviceTopic,
  parametersFor,
  type TParameter,
  type TSettingsProfile,
  type TSettingsProfileApplyResult,
  type TSettingsProfileDetail,
} from '@washboard/contracts';
import { QUIET_ACTIVITY, VirtualDishwasher } from '@washboard/simulator';
import { startTestServer, testBroker, type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, json, newCompany, PASSWORD, signIn, staffMember } from '../../test/accounts';
import { connectDevice, createProduct, eventually, publish } from '../../test/devices';

type THeaders = Record<string, string>;
type TError = { code: string; message: string };

/** A parameter of the range whose preset can be raised by one step without leaving its bounds. */
function writable(kind: 'cycle' | 'factory', skip = 0): { param: TParameter; value: number } {
  const param = parametersFor('infinity', kind).filter((p) => !p.options && p.default + p.step <= p.max)[skip];
  if (!param) throw new Error(`no writable ${kind} parameter in the catalogue`);
  return { param, value: param.default + param.step };
}

/** docs/customers.md, "Settings profiles": named parameter sets per model, applied to machines. */
describe(`settings profiles (${testBroker()})`, () => {
  let server: TTestServer;
  let admin: THeaders;
  let tech: THeaders;
  let boss: THeaders;
  let rival: THeaders;
  let kitchen: THeaders;
  const machines: VirtualDishwasher[] = [];
  const clients: MqttClient[] = [];

  const company = (name: string, parentCode?: string) => newCompany(server, admin, name, parentCode);
  const staff = (email: string, role: string, companyCode: string) => staffMember(server, admin, email, role, companyCode);
  const call = (headers: THeaders, path: string, method = 'GET', body?: unknown) =>
    server.api(path, body === undefined ? { method, headers } : { ...json(body, headers), method });
  const codeOf = async (res: Response) => ((await res.json()) as TError).code;
  const create = async (headers: THeaders, body: Record<string, unknown>) => {
    const res = await call(headers, '/api/v1/settings-profiles', 'POST', body);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as TSettingsProfileDetail;
  };
  const fromDefaults = (name: string, extra: Record<string, unknown> = {}, modelNumber = 'WB-500') => ({
    name,
    from: { source: 'defaults', gamma: 'infinity', modelNumber },
    ...extra,
  });
  const valueOf = (profile: TSettingsProfileDetail, code: string) => profile.parameters.find((p) => p.code === code)?.value;

  /** A virtual dishwasher online, serviced by the technician's company. */
  async function servicedMachine(): Promise<VirtualDishwasher> {
    const product = await createProduct(server, admin, { modelNumber: 'WB-500', gamma: 'infinity' });
    const machine = new VirtualDishwasher({
      serial: product.serialNumber,
      secret: product.deviceSecret,
      broker: server.mqttUrl,
      gamma: 'infinity',
      seed: machines.length + 1,
      initialState: 'IDLE',
      activity: QUIET_ACTIVITY,
      mqtt: { reconnectPeriod: 500 },
    });
    machines.push(machine);
    await machine.connect();
    const claim = await server.api(
      '/api/v1/appliance/claim',
      json({ serialNumber: machine.serial, userEmail: 'tech@service.test' }, admin),
    );
    expect(claim.status).toBe(200);
    await eventually(async () => {
      const res = await call(tech, `/api/v1/event-hub-listener/event/${machine.serial}/parameters`);
      return res.status === 200 && ((await res.json()) as { reportedAt: string | null }).reportedAt !== null;
    });
    return machine;
  }

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: testBroker() });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    const partner = await company('Partner');
    const service = await company('Service', partner);
    tech = await staff('tech@service.test', 'SERVICE', service);
    boss = await staff('boss@partner.test', 'SERVICE_MANAGER', partner);
    rival = await staff('tech@rival.test', 'SERVICE', await company('Rival'));
    await activeUser(server, admin, 'chef@kitchen.test');
    kitchen = (await signIn(server, 'chef@kitchen.test', PASSWORD)).headers;
  }, 60_000);
  afterAll(async () => {
    await Promise.all(machines.map((m) => m.close()));
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await server.close();
  });

  describe('POST /api/v1/settings-profiles', () => {
    it("starts from the model's default parameter list, with the catalogue's bounds", async () => {
      const profile = await create(tech, fromDefaults('Standard'));
      expect(profile).toMatchObject({ name: 'Standard', modelNumber: 'WB-500', gamma: 'infinity', isDefault: false });
      expect(Object.fromEntries(profile.parameters.map((p) => [p.code, p.value]))).toEqual(
        defaultParameterValues('infinity', {}),
      );
      expect(profile.parameters.every((p) => p.min <= p.value && p.value <= p.max)).toBe(true);
    });

    it("starts from a machine's current values", async () => {
      const machine = await servicedMachine();
      const { param, value } = writable('cycle', 1);
      const written = await call(tech, `/api/v1/event-hub-listener/event/${machine.serial}/parameters`, 'POST', {
        values: { [param.key]: value },
      });
      expect(written.status).toBe(200);
      await eventually(async () => {
        const res = await call(tech, `/api/v1/event-hub-listener/event/${machine.serial}/parameters?parameters=${param.key}`);
        return ((await res.json()) as { values: Record<string, number> }).values[param.key] === value;
      });
      const profile = await create(tech, { name: 'As installed', from: { source: 'appliance', serialNumber: machine.serial } });
      expect(valueOf(profile, param.key)).toBe(value);
    });

    it('refuses a kitchen manager (403), bad input (400) and a machine the caller does not see (404)', async () => {
      expect((await call(kitchen, '/api/v1/settings-profiles', 'POST', fromDefaults('Mine'))).status).toBe(403);
      const blank = await call(tech, '/api/v1/settings-profiles', 'POST', fromDefaults(''));
      expect([blank.status, await codeOf(blank)]).toEqual([400, 'VALIDATION_FAILED']);
      const machine = await servicedMachine();
      const hidden = await call(rival, '/api/v1/settings-profiles', 'POST', {
        name: 'Theirs',
        from: { source: 'appliance', serialNumber: machine.serial },
      });
      expect([hidden.status, await codeOf(hidden)]).toEqual([404, 'APPLIANCE_NOT_FOUND']);
    });
  });

  describe('one default per model and company', () => {
    it('moves the flag to the newest default, and the database refuses a second one', async () => {
      const first = await create(tech, fromDefaults('Summer', { isDefault: true }, 'WB-600'));
      const second = await create(tech, fromDefaults('Winter', { isDefault: true }, 'WB-600'));
      const list = (await (await call(tech, '/api/v1/settings-profiles?modelNumber=WB-600')).json()) as TSettingsProfile[];
      expect(list.filter((p) => p.isDefault).map((p) => p.id)).toEqual([second.id]);

      const flagged = await call(tech, `/api/v1/settings-profiles/${first.id}`, 'PUT', { isDefault: true });
      expect(((await flagged.json()) as TSettingsProfileDetail).isDefault).toBe(true);
      const again = (await (await call(tech, `/api/v1/settings-profiles/${second.id}`)).json()) as TSettingsProfileDetail;
      expect(again.isDefault).toBe(false);

      await expect(
        server.washboard.database.db.execute(sql`update settings_profiles set is_default = true where model_number = 'WB-600'`),
      ).rejects.toThrow();
    });
  });

  describe('PUT /api/v1/settings-profiles/{id}', () => {
    it("changes values within the catalogue's bounds and refuses the others, changing nothing", async () => {
      const profile = await create(tech, fromDefaults('Tuned'));
      const { param, value } = writable('cycle');
      const res = await call(tech, `/api/v1/settings-profiles/${profile.id}`, 'PUT', {
        name: 'Tuned up',
        values: { [param.key]: value },
      });
      expect(res.status).toBe(200);
      const changed = (await res.json()) as TSettingsProfileDetail;
      expect([changed.name, valueOf(changed, param.key)]).toEqual(['Tuned up', value]);

      const refused = await server.api(`/api/v1/settings-profiles/${profile.id}`, {
        ...json({ values: { [param.key]: param.max + 1 } }, { ...tech, 'accept-language': 'de' }),
        method: 'PUT',
      });
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as TError;
      expect(body.code).toBe('VALUE_OUT_OF_RANGE');
      expect(body.message).toContain(param.key);
      const kept = (await (await call(tech, `/api/v1/settings-profiles/${profile.id}`)).json()) as TSettingsProfileDetail;
      expect(valueOf(kept, param.key)).toBe(value);
    });

    it('lets a service manager change a factory parameter, not a technician', async () => {
      const profile = await create(tech, fromDefaults('Factory'));
      const { param, value } = writable('factory');
      const path = `/api/v1/settings-profiles/${profile.id}`;
      expect((await call(tech, path, 'PUT', { values: { [param.key]: value } })).status).toBe(403);
      const res = await call(boss, path, 'PUT', { values: { [param.key]: value } });
      expect(res.status).toBe(200);
      expect(valueOf((await res.json()) as TSettingsProfileDetail, param.key)).toBe(value);
    });
  });

  describe('another company', () => {
    it('cannot list, read, change, apply or delete the profiles', async () => {
      const profile = await create(tech, fromDefaults('Private'));
      const machine = await servicedMachine();
      const base = `/api/v1/settings-profiles/${profile.id}`;
      const list = (await (await call(rival, '/api/v1/settings-profiles')).json()) as TSettingsProfile[];
      expect(list).toEqual([]);
      for (const res of [
        await call(rival, base),
        await call(rival, base, 'PUT', { name: 'Stolen' }),
        await call(rival, `${base}/apply`, 'POST', { serialNumber: machine.serial }),
        await call(rival, base, 'DELETE'),
      ]) {
        expect(res.status).toBe(404);
        expect(await codeOf(res)).toBe('SETTINGS_PROFILE_NOT_FOUND');
      }
      expect((await call(kitchen, base)).status).toBe(403);
      expect((await call(boss, base)).status).toBe(200);
    });
  });

  describe('POST /api/v1/settings-profiles/{id}/apply', () => {
    it("sends the changed values to the machine and answers the machine's outcome per parameter", async () => {
      const machine = await servicedMachine();
      const profile = await create(tech, fromDefaults('Apply me'));
      const { param, value } = writable('cycle', 2);
      const factory = writable('factory');
      await call(boss, `/api/v1/settings-profiles/${profile.id}`, 'PUT', {
        values: { [param.key]: value, [factory.param.key]: factory.value },
      });
      const res = await call(tech, `/api/v1/settings-profiles/${profile.id}/apply`, 'POST', { serialNumber: machine.serial });
      expect(res.status, await res.clone().text()).toBe(200);
      const result = (await res.json()) as TSettingsProfileApplyResult;
      const outcome = (code: string) => result.parameters.find((p) => p.code === code)?.outcome;
      expect(result.ok).toBe(true);
      expect(outcome(param.key)).toBe('applied');
      // A technician may not write factory parameters: the profile's is left out.
      expect(outcome(factory.param.key)).toBe('skipped');
      expect(machine.params[factory.param.key]).not.toBe(factory.value);
      expect(machine.params[param.key]).toBe(value);
      await eventually(async () => {
        const read = await call(tech, `/api/v1/event-hub-listener/event/${machine.serial}/parameters?parameters=${param.key}`);
        return ((await read.json()) as { values: Record<string, number> }).values[param.key] === value;
      });
      // Applied again: the machine already holds every value, nothing is sent.
      const again = (await (
        await call(tech, `/api/v1/settings-profiles/${profile.id}/apply`, 'POST', { serialNumber: machine.serial })
      ).json()) as TSettingsProfileApplyResult;
      expect(again.parameters.filter((p) => p.outcome !== 'unchanged' && p.outcome !== 'skipped')).toEqual([]);
    });

    it('shows which values the machine refused, and that it took none of them', async () => {
      // A machine whose own firmware refuses a value the catalogue allows: it answers the write with
      // VALUE_OUT_OF_RANGE and the keys it refused, changing nothing.
      const product = await createProduct(server, admin, { modelNumber: 'WB-500', gamma: 'infinity' });
      const device = await connectDevice(server, product);
      clients.push(device);
      const serial = product.serialNumber;
      await device.subscribeAsync(deviceTopic(serial, 'cmd'), { qos: 1 });
      const first = writable('cycle', 3);
      const second = writable('cycle', 4);
      device.on('message', (_topic, payload) => {
        const command = JSON.parse(payload.toString()) as { id: string };
        void publish(device, serial, 'cmd/result', {
          id: command.id,
          ok: false,
          error: 'VALUE_OUT_OF_RANGE',
          rejected: [first.param.key],
        });
      });
      await publish(device, serial, 'status', { online: true, systemState: 2, ts: new Date().toISOString() });
      await publish(device, serial, 'params', { ts: new Date().toISOString(), values: defaultParameterValues('infinity', {}) });
      expect(
        (await server.api('/api/v1/appliance/claim', json({ serialNumber: serial, userEmail: 'tech@service.test' }, admin)))
          .status,
      ).toBe(200);
      await eventually(async () => {
        const res = await call(tech, `/api/v1/event-hub-listener/event/${serial}/lastTelemetry`);
        return res.status === 200 && ((await res.json()) as { status: { online: boolean } }).status.online;
      });

      const profile = await create(tech, fromDefaults('Refused'));
      await call(tech, `/api/v1/settings-profiles/${profile.id}`, 'PUT', {
        values: { [first.param.key]: first.value, [second.param.key]: second.value },
      });
      const res = await call(tech, `/api/v1/settings-profiles/${profile.id}/apply`, 'POST', { serialNumber: serial });
      expect(res.status, await res.clone().text()).toBe(200);
      const result = (await res.json()) as TSettingsProfileApplyResult;
      const outcome = (code: string) => result.parameters.find((p) => p.code === code)?.outcome;
      expect(result.ok).toBe(false);
      expect(outcome(first.param.key)).toBe('rejected');
      expect(outcome(second.param.key)).toBe('notApplied');
    });

    it('refuses a machine of another model (409) and one the caller does not see (404)', async () => {
      const machine = await servicedMachine();
      const other = await create(tech, fromDefaults('Other model', {}, 'WB-900'));
      const mismatch = await call(tech, `/api/v1/settings-profiles/${other.id}/apply`, 'POST', { serialNumber: machine.serial });
      expect([mismatch.status, await codeOf(mismatch)]).toEqual([409, 'SETTINGS_PROFILE_MODEL_MISMATCH']);
      const mine = await create(rival, fromDefaults('Rival standard'));
      const hidden = await call(rival, `/api/v1/settings-profiles/${mine.id}/apply`, 'POST', { serialNumber: machine.serial });
      expect([hidden.status, await codeOf(hidden)]).toEqual([404, 'APPLIANCE_NOT_FOUND']);
    });
  });

  describe('DELETE /api/v1/settings-profiles/{id}', () => {
    it('deletes the profile', async () => {
      const profile = await create(tech, fromDefaults('Gone'));
      expect((await call(tech, `/api/v1/settings-profiles/${profile.id}`, 'DELETE')).status).toBe(200);
      expect((await call(tech, `/api/v1/settings-profiles/${profile.id}`)).status).toBe(404);
    });
  });
});
