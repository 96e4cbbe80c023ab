import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parameterByKey,
  parametersFor,
  type TDefaultParameter,
  type TDefaultParameterList,
  type TDefaultParameterModel,
} from '@washboard/contracts';
import { QUIET_ACTIVITY, VirtualDishwasher } from '@washboard/simulator';
import { startTestServer, testBroker, type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, json, PASSWORD, signIn } from '../../test/accounts';
import { createProduct, eventually } from '../../test/devices';

type THeaders = Record<string, string>;
type TError = { code: string; message: string };

const BASE = '/api/v1/appliance/default-parameters';
const at = (gamma: string, model: string, code = '') =>
  `${BASE}/${gamma}/${encodeURIComponent(model)}${code ? `/${encodeURIComponent(code)}` : ''}`;
/** S12 (boiler standby temperature, 50–80 °C, raw tenths): a cycle parameter every range has. */
const S12 = parameterByKey('S12');

describe(`default parameter lists (${testBroker()})`, () => {
  let server: TTestServer;
  let admin: THeaders;
  let kitchen: THeaders;
  let products: THeaders;
  let accounts: THeaders;
  const machines: VirtualDishwasher[] = [];

  /** A kitchen manager holding only `profile`. */
  async function holderOf(email: string, profile: string): Promise<THeaders> {
    const id = await activeUser(server, admin, email);
    const res = await server.api(`/api/v1/account/users/${id}/administrationProfile`, {
      ...json({ administrationProfile: [profile] }, admin),
      method: 'PUT',
    });
    expect(res.status).toBe(200);
    return (await signIn(server, email, PASSWORD)).headers;
  }

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: testBroker() });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    await activeUser(server, admin, 'kim@kitchen.test');
    kitchen = (await signIn(server, 'kim@kitchen.test', PASSWORD)).headers;
    products = await holderOf('products@admin.test', 'PRODUCTS');
    accounts = await holderOf('accounts@admin.test', 'ACCOUNTS');
    await createProduct(server, admin, { modelNumber: 'WB-500', gamma: 'infinity' });
    await createProduct(server, admin, { modelNumber: 'WB-500', gamma: 'infinity' });
    await createProduct(server, admin, { modelNumber: 'HL 40/2', gamma: 'hiline' });
  });
  afterAll(async () => {
    await Promise.all(machines.map((m) => m.close()));
    await server.close();
  });

  const put = (headers: THeaders, path: string, value: unknown, lang = 'en') =>
    server.api(path, { ...json({ value }, { ...headers, 'accept-language': lang }), method: 'PUT' });
  const read = async <T>(headers: THeaders, path: string): Promise<T> => {
    const res = await server.api(path, { headers });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };
  const valueOf = async (gamma: string, model: string, code: string) =>
    (await read<TDefaultParameterList>(admin, at(gamma, model))).parameters.find((p) => p.code === code);

  describe(`GET ${BASE}`, () => {
    it("lists the brand's models with their products", async () => {
      const models = await read<TDefaultParameterModel[]>(admin, BASE);
      expect(models).toEqual([
        { modelNumber: 'HL 40/2', gamma: 'hiline', products: 1, edited: 0 },
        { modelNumber: 'WB-500', gamma: 'infinity', products: 2, edited: 0 },
      ]);
    });

    it("shows another brand's administrator none of them", async () => {
      const kestrel = (await signIn(server, ADMIN.email, ADMIN.password, 'KESTREL')).headers;
      const res = await server.api(BASE, { brand: 'KESTREL', headers: kestrel });
      expect(await res.json()).toEqual([]);
    });

    it('refuses a kitchen manager and a holder of another profile, lets a PRODUCTS holder through', async () => {
      expect((await server.api(BASE, { headers: kitchen })).status).toBe(403);
      expect((await server.api(BASE, { headers: accounts })).status).toBe(403);
      expect((await server.api(BASE)).status).toBe(401);
      expect((await server.api(BASE, { headers: products })).status).toBe(200);
    });
  });

  describe(`GET ${BASE}/{gamma}/{modelNumber}`, () => {
    it("answers every parameter of the range at the catalogue's default: ID, code, type 0/1, value and bounds", async () => {
      const list = await read<TDefaultParameterList>(products, at('infinity', 'WB-500'));
      const range = parametersFor('infinity');
      expect(list.parameters).toHaveLength(range.length);
      expect(list.parameters.map((p) => p.code)).toEqual(range.map((p) => p.key));
      expect(list.parameters.find((p) => p.code === 'S2')).toEqual({
        id: 1,
        code: 'S2',
        type: 1,
        value: 820,
        catalogueDefault: 820,
        edited: false,
        min: 600,
        max: 850,
        unit: 'celsius',
        scale: 10,
      });
      expect(list.parameters.find((p) => p.code === 'S12')).toMatchObject({ type: 0, value: S12?.default });
      // Hiline has fewer parameters (no flow meter).
      const hiline = await read<TDefaultParameterList>(admin, at('hiline', 'HL 40/2'));
      expect(hiline.parameters.some((p) => p.code === 'FM1')).toBe(false);
    });

    it('answers 404 MODEL_NOT_FOUND for a model the brand has no product of, or in another range', async () => {
      for (const path of [at('infinity', 'NOPE-1'), at('prime', 'WB-500')]) {
        const res = await server.api(path, { headers: admin });
        expect(res.status).toBe(404);
        expect(((await res.json()) as TError).code).toBe('MODEL_NOT_FOUND');
      }
    });

    it('refuses a kitchen manager (403) and an unknown range (400)', async () => {
      expect((await server.api(at('infinity', 'WB-500'), { headers: kitchen })).status).toBe(403);
      expect((await server.api(at('turbo', 'WB-500'), { headers: admin })).status).toBe(400);
    });
  });

  describe(`PUT ${BASE}/{gamma}/{modelNumber}/{code}`, () => {
    it('stores a value within the bounds and lists it as edited', async () => {
      const res = await put(products, at('infinity', 'WB-500', 'S12'), 650);
      expect(res.status).toBe(200);
      expect((await res.json()) as TDefaultParameter).toMatchObject({ code: 'S12', value: 650, edited: true });
      expect(await valueOf('infinity', 'WB-500', 'S12')).toMatchObject({ value: 650, edited: true });
      const models = await read<TDefaultParameterModel[]>(admin, BASE);
      expect(models.find((m) => m.modelNumber === 'WB-500')).toMatchObject({ edited: 1 });
      // Other models keep the catalogue's value.
      expect(await valueOf('hiline', 'HL 40/2', 'S12')).toMatchObject({ value: S12?.default, edited: false });
      // The edit is in the audit trail with the value before and after.
      const trail = await read<{ items: { action: string; targetLabel: string; before: unknown; after: unknown }[] }>(
        admin,
        '/api/v1/audit?action=defaults.set',
      );
      expect(trail.items[0]).toMatchObject({ targetLabel: 'WB-500', before: { S12: S12?.default }, after: { S12: 650 } });
    });

    it('refuses a value outside the bounds with "Value not allowed", in the caller\'s language, changing nothing', async () => {
      await put(admin, at('infinity', 'WB-500', 'S13'), 520);
      for (const value of [S12 ? S12.max + 1 : 0, S12 ? S12.min - 1 : 0, 650.5]) {
        const res = await put(admin, at('infinity', 'WB-500', 'S12'), value);
        expect(res.status).toBe(400);
        const body = (await res.json()) as TError;
        expect(body.code).toBe('VALUE_OUT_OF_RANGE');
        expect(body.message).toContain('Value not allowed (insert a correct value)');
      }
      const italian = (await (await put(admin, at('infinity', 'WB-500', 'S12'), 5000, 'it')).json()) as TError;
      expect(italian.message).toContain('Valore non consentito (inserisci un valore corretto)');
      expect(await valueOf('infinity', 'WB-500', 'S12')).toMatchObject({ value: 650 });
      expect(await valueOf('infinity', 'WB-500', 'S13')).toMatchObject({ value: 520 });
    });

    it('refuses an enumeration value that is not one of its options', async () => {
      const res = await put(admin, at('infinity', 'WB-500', 'S49'), 7);
      expect(res.status).toBe(400);
      expect(await valueOf('infinity', 'WB-500', 'S49')).toMatchObject({ value: 0 });
    });

    it('refuses a body that is not a number (400 VALIDATION_FAILED)', async () => {
      const res = await put(admin, at('infinity', 'WB-500', 'S12'), '700');
      expect(res.status).toBe(400);
      expect(((await res.json()) as TError).code).toBe('VALIDATION_FAILED');
    });

    it('answers 404 for a parameter the range does not have and for an unknown model', async () => {
      const missing = await put(admin, at('hiline', 'HL 40/2', 'FM1'), 1);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as TError).code).toBe('NOT_FOUND');
      const model = await put(admin, at('infinity', 'NOPE-1', 'S12'), 650);
      expect(((await model.json()) as TError).code).toBe('MODEL_NOT_FOUND');
    });

    it('refuses a kitchen manager and an ACCOUNTS holder, changing nothing', async () => {
      expect((await put(kitchen, at('infinity', 'WB-500', 'S12'), 700)).status).toBe(403);
      expect((await put(accounts, at('infinity', 'WB-500', 'S12'), 700)).status).toBe(403);
      expect(await valueOf('infinity', 'WB-500', 'S12')).toMatchObject({ value: 650 });
    });
  });

  describe(`DELETE ${BASE}/{gamma}/{modelNumber}/{code}`, () => {
    it("puts a value back to the catalogue's default", async () => {
      const res = await server.api(at('infinity', 'WB-500', 'S13'), { method: 'DELETE', headers: products });
      expect(res.status).toBe(200);
      expect((await res.json()) as TDefaultParameter).toMatchObject({ code: 'S13', value: 500, edited: false });
      expect(await valueOf('infinity', 'WB-500', 'S13')).toMatchObject({ value: 500, edited: false });
    });

    it('refuses a kitchen manager', async () => {
      const res = await server.api(at('infinity', 'WB-500', 'S12'), { method: 'DELETE', headers: kitchen });
      expect(res.status).toBe(403);
    });
  });

  describe('POST /api/v1/event-hub-listener/event/{serialNumber}/restore-presets', () => {
    it("brings a machine to its model's default parameter list", async () => {
      const model = 'WB-700';
      const { serialNumber, deviceSecret } = await createProduct(server, admin, { modelNumber: model, gamma: 'infinity' });
      expect((await put(admin, at('infinity', model, 'S12'), 760)).status).toBe(200);
      expect((await put(admin, at('infinity', model, 'eco.washDuration'), 200)).status).toBe(200);
      const machine = new VirtualDishwasher({
        serial: serialNumber,
        secret: deviceSecret,
        broker: server.mqttUrl,
        gamma: 'infinity',
        seed: 7,
        initialState: 'IDLE',
        activity: QUIET_ACTIVITY,
        mqtt: { reconnectPeriod: 500 },
      });
      machines.push(machine);
      await machine.connect();
      const presets = await read<{ presetsParams: Record<string, number> }>(
        admin,
        `/api/v1/appliance/otherinfo/${serialNumber}/presets_params`,
      );
      expect(presets.presetsParams).toMatchObject({ S12: 760, 'eco.washDuration': 200, S13: parameterByKey('S13')?.default });
      const event = (call: string) => `/api/v1/event-hub-listener/event/${serialNumber}/${call}`;
      const reported = async () =>
        ((await read<{ values: Record<string, number> }>(admin, event('parameters'))).values ?? {}) as Record<string, number>;
      await eventually(async () => (await read<{ status: { online: boolean } }>(admin, event('lastTelemetry'))).status.online);
      // The machine was changed at its panel; S13 differs from everything the list says.
      const changed = await server.api(event('parameters'), json({ values: { S13: 450, S12: 700 } }, admin));
      expect(changed.status).toBe(200);
      await eventually(async () => (await reported()).S13 === 450);

      const res = await server.api(event('restore-presets'), { method: 'POST', headers: admin });
      expect(res.status, await res.clone().text()).toBe(200);
      const values = await eventually(async () => {
        const now = await reported();
        return now.S12 === 760 ? now : undefined;
      });
      expect(values).toMatchObject({ S12: 760, 'eco.washDuration': 200, S13: parameterByKey('S13')?.default });
      expect(machine.model.params).toMatchObject({ S12: 760, 'eco.washDuration': 200 });
      // The audit trail says what the machine held and what it was sent.
      const trail = await read<{ items: { before: Record<string, number>; after: Record<string, number> }[] }>(
        admin,
        `/api/v1/audit?action=command.restore-presets&serial=${serialNumber}`,
      );
      expect(trail.items[0]?.before).toMatchObject({ S13: 450 });
      expect(trail.items[0]?.after).toMatchObject({ S12: 760, 'eco.washDuration': 200 });
    });

    it('no longer counts a deleted product: a model whose last product is gone has no list to edit', async () => {
      const model = 'WB-900';
      const { serialNumber } = await createProduct(server, admin, { modelNumber: model, gamma: 'infinity' });
      expect((await read<TDefaultParameterModel[]>(admin, BASE)).find((m) => m.modelNumber === model)).toMatchObject({
        products: 1,
      });
      const gone = await server.api(`/api/v1/appliance/products/${serialNumber}`, { method: 'DELETE', headers: admin });
      expect(gone.status).toBe(200);
      expect((await read<TDefaultParameterModel[]>(admin, BASE)).map((m) => m.modelNumber)).not.toContain(model);
      expect((await put(admin, at('infinity', model, 'S12'), 700)).status).toBe(404);
    });
  });
});
