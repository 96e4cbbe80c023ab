import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  parametersFor,
  type TApplianceDetail,
  type TAuditPage,
  type TCommandResponse,
  type TServicePinState,
  type TServiceSession,
  type TSettingsProfileDetail,
} from '@washboard/contracts';
import { QUIET_ACTIVITY, VirtualDishwasher } from '@washboard/simulator';
import { testBroker, type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, json, PASSWORD, signIn } from '../../test/accounts';
import { createProduct, eventually } from '../../test/devices';
import { plainText, startMailingServer, type TMailCatcher } from '../../test/mail-catcher';

type THeaders = Record<string, string>;
type TError = { code: string; message: string; attemptsLeft?: number; step?: string };

describe(`the service menu: PIN, service session and its commands (${testBroker()})`, () => {
  let server: TTestServer;
  let mail: TMailCatcher;
  let admin: THeaders;
  let kitchen: THeaders;
  let tecnico: THeaders;
  let altro: THeaders;
  let locked: THeaders;
  let machine: VirtualDishwasher;
  const session: THeaders = {};

  async function company(name: string): Promise<string> {
    const res = await server.api('/api/v1/account/companies', json({ name }, admin));
    expect(res.status).toBe(200);
    return ((await res.json()) as { code: string }).code;
  }
  /** An active service technician of company `code`, signed in. */
  async function technician(email: string, code: string): Promise<THeaders> {
    const id = await activeUser(server, admin, email, 'LUMINA', { firstName: 'Carlo', lastName: 'Tecnico' });
    const res = await server.api(`/api/v1/account/users/${id}/updateRole?targetRole=SERVICE&companyCode=${code}`, {
      method: 'PUT',
      headers: admin,
    });
    expect(res.status).toBe(200);
    return (await signIn(server, email, PASSWORD)).headers;
  }
  const setPin = (headers: THeaders, pin: string) =>
    server.api('/api/v1/service/pin', { ...json({ pin }, headers), method: 'PUT' });
  const openSession = (headers: THeaders, pin: string, lang = 'en') =>
    server.api('/api/v1/service/session', json({ pin }, { ...headers, 'accept-language': lang }));
  const pinState = async (headers: THeaders) =>
    (await (await server.api('/api/v1/service/pin', { headers })).json()) as TServicePinState;
  const event = (rest: string) => `/api/v1/event-hub-listener/event/${machine.serial}/${rest}`;
  const command = (rest: string, headers: THeaders, body?: unknown) =>
    server.api(event(rest), body === undefined ? { method: 'POST', headers } : json(body, headers));
  const detail = async (): Promise<TApplianceDetail> => {
    const res = await server.api(`/api/v1/appliance/getApplianceDetail?serialNumber=${machine.serial}`, { headers: admin });
    return (await res.json()) as TApplianceDetail;
  };
  const error = async (res: Response) => (await res.json()) as TError;
  /** A technician's settings profile of the machine's model, from its defaults with `values` over them. */
  const profileWith = async (name: string, values: Record<string, number>): Promise<TSettingsProfileDetail> => {
    const created = await server.api(
      '/api/v1/settings-profiles',
      json({ name, from: { source: 'defaults', gamma: 'hiline', modelNumber: 'WB-500' } }, tecnico),
    );
    const profile = (await created.json()) as TSettingsProfileDetail;
    const changed = await server.api(`/api/v1/settings-profiles/${profile.id}`, { ...json({ values }, tecnico), method: 'PUT' });
    expect(changed.status).toBe(200);
    return profile;
  };

  beforeAll(async () => {
    ({ server, mail } = await startMailingServer({ PUBLIC_URL: 'http://wb.test' }));
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    await activeUser(server, admin, 'kim@kitchen.test');
    kitchen = (await signIn(server, 'kim@kitchen.test', PASSWORD)).headers;
    const north = await company('Servizi Nord');
    const south = await company('Servizi Sud');
    tecnico = await technician('tecnico@nord.test', north);
    altro = await technician('altro@sud.test', south);
    locked = await technician('bloccato@nord.test', north);

    const product = await createProduct(server, admin, { gamma: 'hiline', country: 'IT' });
    for (const userEmail of ['kim@kitchen.test', 'tecnico@nord.test']) {
      const claimed = await server.api('/api/v1/appliance/claim', json({ serialNumber: product.serialNumber, userEmail }, admin));
      expect(claimed.status).toBe(200);
    }
    machine = new VirtualDishwasher({
      serial: product.serialNumber,
      secret: product.deviceSecret,
      broker: server.mqttUrl,
      gamma: 'hiline',
      seed: 7,
      initialState: 'IDLE',
      activity: QUIET_ACTIVITY,
      mqtt: { reconnectPeriod: 500 },
    });
    await machine.connect();
    await eventually(async () => (await detail()).status.online);
  });
  afterAll(async () => {
    await machine.close();
    await server.close();
    await mail.close();
  });

  describe('the service PIN', () => {
    it('is refused to a kitchen manager', async () => {
      expect((await server.api('/api/v1/service/pin', { headers: kitchen })).status).toBe(403);
      expect((await setPin(kitchen, '1234')).status).toBe(403);
      expect((await openSession(kitchen, '1234')).status).toBe(403);
    });

    it('takes four to six digits only, and is never answered back', async () => {
      for (const bad of ['123', '1234567', '12a4', '']) expect((await setPin(tecnico, bad)).status).toBe(400);
      expect(await pinState(tecnico)).toEqual({ isSet: false, locked: false, attemptsLeft: 5 });
      expect((await setPin(tecnico, '482913')).status).toBe(200);
      const state = await server.api('/api/v1/service/pin', { headers: tecnico });
      expect(await state.text()).not.toContain('482913');
      expect(await pinState(tecnico)).toEqual({ isSet: true, locked: false, attemptsLeft: 5 });
    });

    it('answers a wrong PIN with a translated "Wrong PIN" and the tries left, then opens a session with the right one', async () => {
      const wrong = await openSession(tecnico, '000000', 'it');
      expect(wrong.status).toBe(400);
      const body = await error(wrong);
      expect(body).toMatchObject({ code: 'WRONG_PIN', attemptsLeft: 4 });
      expect(body.message).toMatch(/PIN errato.*4/);
      const right = await openSession(tecnico, '482913');
      expect(right.status).toBe(200);
      const opened = (await right.json()) as TServiceSession;
      expect(Date.parse(opened.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
      session['x-service-session'] = opened.token;
      // The right PIN starts the count again.
      expect((await pinState(tecnico)).attemptsLeft).toBe(5);
    });

    it('changes only within a session', async () => {
      const res = await setPin(tecnico, '111111');
      expect(res.status).toBe(403);
      expect((await error(res)).code).toBe('SERVICE_SESSION_REQUIRED');
      expect((await openSession(tecnico, '111111')).status).toBe(400);
    });

    it('locks after five wrong PINs, even against the right one, until reset through the e-mailed link', async () => {
      expect((await setPin(locked, '2468')).status).toBe(200);
      const answers: number[] = [];
      for (let i = 0; i < 5; i += 1) answers.push((await openSession(locked, '9999')).status);
      expect(answers).toEqual([400, 400, 400, 400, 423]);
      expect((await openSession(locked, '2468')).status).toBe(423);
      expect(await pinState(locked)).toMatchObject({ locked: true, attemptsLeft: 0 });

      expect((await server.api('/api/v1/service/pin/forgot', json({}, locked))).status).toBe(200);
      const message = await mail.waitFor('bloccato@nord.test', (m) => /service\/pin-reset/.test(plainText(m)));
      const link = new URL(/https?:\/\/\S+\/app\/service\/pin-reset\?\S+/.exec(plainText(message))?.[0] ?? '');
      const token = link.searchParams.get('token') ?? '';
      // Someone else's link does nothing for them.
      const stolen = await server.api('/api/v1/service/pin/reset', json({ token, pin: '1357' }, altro));
      expect((await error(stolen)).code).toBe('SERVICE_PIN_RESET_INVALID');
      expect((await server.api('/api/v1/service/pin/reset', json({ token, pin: '1357' }, locked))).status).toBe(200);
      expect(await pinState(locked)).toEqual({ isSet: true, locked: false, attemptsLeft: 5 });
      expect((await openSession(locked, '1357')).status).toBe(200);
      // The link works once.
      expect((await server.api('/api/v1/service/pin/reset', json({ token, pin: '8642' }, locked))).status).toBe(400);

      const audit = await server.api('/api/v1/audit?account=bloccato%40nord.test&page=1&size=25', { headers: admin });
      const actions = ((await audit.json()) as TAuditPage).items.map((r) => r.action);
      expect(actions).toEqual(expect.arrayContaining(['service.pin-set', 'service.pin-locked', 'service.pin-reset']));

      // Guesses sent all at once are counted before they are checked: no more than five are tried.
      const guesses = await Promise.all(
        Array.from({ length: 12 }, (_, i) => openSession(locked, String(2000 + i)).then((r) => r.status)),
      );
      expect(guesses.filter((status) => status === 400).length).toBeLessThanOrEqual(4);
      expect(guesses.filter((status) => status !== 400 && status !== 423)).toEqual([]);
      expect((await openSession(locked, '1357')).status).toBe(423);
    });

    it('mails one reset link a minute, however often it is asked for', async () => {
      const email = 'vergesslich@nord.test';
      const headers = await technician(email, await company('Servizi Smemorati'));
      expect((await setPin(headers, '4826')).status).toBe(200);
      // Every mail is in the outbox before the answer (the account's own mails came before).
      const written = async () =>
        (
          await server.washboard.database.transaction((q) =>
            q.query<{ n: number }>('select count(*)::int as n from mail_outbox where "to" = $1', [email]),
          )
        ).rows[0]?.n ?? 0;
      const before = await written();
      const asks = await Promise.all(
        Array.from({ length: 4 }, () => server.api('/api/v1/service/pin/forgot', json({}, headers)).then((r) => r.status)),
      );
      expect(asks).toEqual([200, 200, 200, 200]);
      expect((await written()) - before).toBe(1);
      await mail.waitFor(email, (m) => /service\/pin-reset/.test(plainText(m)));
    });
  });

  describe('POST …/alarm-reset', () => {
    it('is refused without a service session, to a kitchen manager, and to a technician of another company', async () => {
      const none = await command('alarm-reset', tecnico, {});
      expect(none.status).toBe(403);
      expect((await error(none)).code).toBe('SERVICE_SESSION_REQUIRED');
      const forged = await command('alarm-reset', { ...tecnico, 'x-service-session': 'not-a-session' }, {});
      expect((await error(forged)).code).toBe('SERVICE_SESSION_REQUIRED');
      expect((await command('alarm-reset', kitchen, {})).status).toBe(403);
      expect((await setPin(altro, '7777')).status).toBe(200);
      const other = (await (await openSession(altro, '7777')).json()) as TServiceSession;
      expect((await command('alarm-reset', { ...altro, 'x-service-session': other.token }, {})).status).toBe(404);
    });

    it('resets the faults on the machine and answers what it cleared; the notices of its state stay', async () => {
      machine.model.raiseAlarm('A2');
      machine.model.openDoor();
      const res = await command('alarm-reset', { ...tecnico, ...session }, {});
      expect(res.status).toBe(200);
      expect(((await res.json()) as TCommandResponse).cleared).toEqual(['A2']);
      expect(machine.model.activeAlarms.map((a) => a.code)).toEqual(['F1']);
      machine.model.closeDoor();
      const audit = await server.api(`/api/v1/audit?serial=${machine.serial}&action=command.alarm-reset&page=1&size=25`, {
        headers: admin,
      });
      const [record] = ((await audit.json()) as TAuditPage).items;
      expect(record).toMatchObject({ actorEmail: 'tecnico@nord.test', after: { cleared: ['A2'], outcome: 'ok' } });
    });
  });

  describe('POST …/energy-saving and POST …/factory-reset', () => {
    it('switches energy saving, which the machine reports in its info', async () => {
      expect((await command('energy-saving', { ...tecnico, ...session }, { on: false })).status).toBe(200);
      await eventually(async () => (await detail()).info?.energySaving === false);
    });

    it('returns the machine to its factory values and answers them', async () => {
      const [key, value] = Object.entries(machine.model.params)[0] ?? ['', 0];
      machine.model.handleCommand({ id: crypto.randomUUID(), name: 'params-set', args: { values: { [key]: value + 1 } } });
      const res = await command('factory-reset', { ...tecnico, ...session });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as TCommandResponse;
      expect(answer.values?.[key]).toBe(value);
      expect(machine.model.params[key]).toBe(value);
      await eventually(async () => (await detail()).info?.energySaving === true);
    });
  });

  describe('POST …/install', () => {
    const install = { name: 'Cucina Bar', country: 'FR', unitSystem: 'imperial', timeZone: 'Europe/Paris', language: 'fr' };

    it('refuses bad input before the machine hears of it', async () => {
      for (const bad of [
        { ...install, country: 'US' },
        { ...install, timeZone: 'Mars/Base' },
        { ...install, name: '' },
      ]) {
        expect((await command('install', { ...tecnico, ...session }, bad)).status).toBe(400);
      }
    });

    it("names the step the machine failed at, in the caller's language", async () => {
      const res = await command('install', { ...tecnico, ...session, 'accept-language': 'en' }, { ...install, name: '洗碗機' });
      expect(res.status).toBe(409);
      const body = await error(res);
      expect(body).toMatchObject({ code: 'INSTALL_FAILED', step: 'name' });
      expect(body.message).toBe('Replacement or install unsuccessful: machine name');
      expect(machine.model.display).toBe('READY');
    });

    it('installs the machine: its display, its info and its details follow the choice', async () => {
      const before = await detail();
      expect({ country: before.country, installationDate: before.installationDate }).toEqual({
        country: 'IT',
        installationDate: null,
      });
      const res = await command('install', { ...tecnico, ...session }, install);
      expect(res.status).toBe(200);
      expect(machine.model.display).toBe('PRÊTE');
      expect(machine.model.displayTemperature).toMatch(/°F$/);
      const info = await eventually(async () => (await detail()).info?.installation ?? undefined);
      expect(info).toMatchObject(install);
      // The details' country and installation date are the machine's from now on.
      const { country, installationDate } = await detail();
      expect({ country, installationDate }).toEqual({ country: 'FR', installationDate: info.at });
    });

    it('takes no installation time from the caller: the machine is installed when the command reaches it', async () => {
      const sent = Date.now();
      const res = await command('install', { ...tecnico, ...session }, { ...install, at: '2020-01-01T00:00:00.000Z' });
      expect(res.status).toBe(200);
      const at = machine.model.info().installation?.at;
      expect(Date.parse(at ?? '')).toBeGreaterThanOrEqual(sent);
    });

    it("sends a settings profile's values in the same command and answers the machine's outcome per parameter", async () => {
      const param = parametersFor('hiline', 'cycle').find((p) => !p.options && p.default + p.step <= p.max);
      if (!param) throw new Error('no writable cycle parameter');
      const value = param.default + param.step;
      const profile = await profileWith('Bar standard', { [param.key]: value });

      const res = await command('install', { ...tecnico, ...session }, { ...install, settingsProfileId: profile.id });
      expect(res.status, await res.clone().text()).toBe(200);
      const answer = (await res.json()) as TCommandResponse;
      expect(answer.parameters?.find((p) => p.code === param.key)).toMatchObject({ value, outcome: 'applied' });
      expect(machine.params[param.key]).toBe(value);
      await eventually(async () => {
        const read = await server.api(event(`parameters?parameters=${param.key}`), { headers: tecnico });
        return ((await read.json()) as { values: Record<string, number> }).values[param.key] === value;
      });
    });

    it('answers the value the machine got where a value given beside the profile overrides it', async () => {
      const param = parametersFor('hiline', 'cycle').find((p) => !p.options && p.default + 2 * p.step <= p.max);
      if (!param) throw new Error('no writable cycle parameter');
      const inProfile = param.default + param.step;
      const given = param.default + 2 * param.step;
      const profile = await profileWith('Bar override', { [param.key]: inProfile });
      // The machine holds the profile's value already: the profile alone would change nothing.
      const set = await command('parameters', tecnico, { values: { [param.key]: inProfile } });
      expect(set.status, await set.clone().text()).toBe(200);
      await eventually(async () => {
        const read = await server.api(event(`parameters?parameters=${param.key}`), { headers: tecnico });
        return ((await read.json()) as { values: Record<string, number> }).values[param.key] === inProfile;
      });

      const res = await command(
        'install',
        { ...tecnico, ...session },
        { ...install, settingsProfileId: profile.id, values: { [param.key]: given } },
      );
      expect(res.status, await res.clone().text()).toBe(200);
      expect(machine.params[param.key]).toBe(given);
      const answer = (await res.json()) as TCommandResponse;
      expect(answer.parameters?.find((p) => p.code === param.key)).toEqual({
        code: param.key,
        value: given,
        previous: inProfile,
        outcome: 'applied',
      });
    });

    it('refuses a profile the caller does not manage or of another model, before the machine hears of it', async () => {
      const unknown = await command('install', { ...tecnico, ...session }, { ...install, settingsProfileId: randomUUID() });
      expect([unknown.status, (await error(unknown)).code]).toEqual([404, 'SETTINGS_PROFILE_NOT_FOUND']);
      const other = (await (
        await server.api(
          '/api/v1/settings-profiles',
          json({ name: 'Other model', from: { source: 'defaults', gamma: 'hiline', modelNumber: 'WB-600' } }, tecnico),
        )
      ).json()) as TSettingsProfileDetail;
      const mismatch = await command('install', { ...tecnico, ...session }, { ...install, settingsProfileId: other.id });
      expect([mismatch.status, (await error(mismatch)).code]).toEqual([409, 'SETTINGS_PROFILE_MODEL_MISMATCH']);
    });
  });

  describe('the machine info and the panel lock in the details', () => {
    it('shows what the machine reported: MAC, mains, distribution, board versions', async () => {
      const d = await detail();
      expect(d.macAddress).toMatch(/^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/);
      expect(d.info).toMatchObject({ mainsFrequency: 50, connectivity: d.versions?.connectivity, control: d.versions?.control });
      expect(d.voltage).toBe(d.info?.mainsVoltage);
    });

    it('says the front panel is locked while remote control is active', async () => {
      expect((await detail()).panelLocked).toBe(false);
      expect((await command('run-live', kitchen, { seconds: 10 })).status).toBe(200);
      await eventually(async () => (await detail()).panelLocked);
      expect(machine.model.startCycle('fast')).toBe('PANEL_LOCKED');
    });
  });
});
