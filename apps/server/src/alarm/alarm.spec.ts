import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlarmPerson, TAlarmView, TAuditPage } from '@washboard/contracts';
import { startTestServer, testBroker, type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, json, PASSWORD, registration, signIn, userIdOf } from '../../test/accounts';
import { connectDevice, createProduct, eventually, publish } from '../../test/devices';
import { openLive, type TLiveSocket } from '../../test/live';

type THeaders = Record<string, string>;

describe(`the alarm lifecycle (${testBroker()})`, () => {
  let server: TTestServer;
  let admin: THeaders;
  let anna: THeaders;
  let bruno: THeaders;
  let tecnico: THeaders;
  let altro: THeaders;
  let kestrelAdmin: THeaders;
  const ids: Record<string, string> = {};
  let serial = '';
  let device: MqttClient;
  const openAlarm = randomUUID();
  const secondAlarm = randomUUID();
  const closedAlarm = randomUUID();

  /** Makes `email` an active account of `role` in company `code`; answers its id. */
  async function serviceUser(email: string, role: 'SERVICE' | 'SERVICE_MANAGER', code: string, name: string) {
    const id = await activeUser(server, admin, email, 'LUMINA', { firstName: name, lastName: 'Tecnico' });
    const res = await server.api(`/api/v1/account/users/${id}/updateRole?targetRole=${role}&companyCode=${code}`, {
      method: 'PUT',
      headers: admin,
    });
    expect(res.status).toBe(200);
    return id;
  }

  async function company(name: string, parentCode?: string): Promise<string> {
    const res = await server.api('/api/v1/account/companies', json({ name, ...(parentCode ? { parentCode } : {}) }, admin));
    expect(res.status).toBe(200);
    return ((await res.json()) as { code: string }).code;
  }

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: testBroker() });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    kestrelAdmin = (await signIn(server, ADMIN.email, ADMIN.password, 'KESTREL')).headers;
    ids.anna = await activeUser(server, admin, 'anna@kitchen.test');
    ids.bruno = await activeUser(server, admin, 'bruno@kitchen.test', 'LUMINA', { firstName: 'Bruno', lastName: 'Bianchi' });
    const central = await company('Rete Centrale');
    const north = await company('Servizi Nord', central);
    const south = await company('Servizi Sud');
    ids.tecnico = await serviceUser('tecnico@nord.test', 'SERVICE', north, 'Carlo');
    ids.manager = await serviceUser('manager@centrale.test', 'SERVICE_MANAGER', central, 'Dora');
    ids.altro = await serviceUser('altro@sud.test', 'SERVICE', south, 'Elio');
    // A kitchen manager of the other brand, whose id must not be assignable here.
    const kestrel = await server.api('/api/v2/account/users', { brand: 'KESTREL', ...json(registration('kate@kestrel.test')) });
    expect(kestrel.status).toBe(200);
    ids.kate = await userIdOf(server, kestrelAdmin, 'kate@kestrel.test', 'KESTREL');
    ids.admin = await userIdOf(server, admin, ADMIN.email);
    const headersOf = async (email: string) => (await signIn(server, email, PASSWORD)).headers;
    anna = await headersOf('anna@kitchen.test');
    bruno = await headersOf('bruno@kitchen.test');
    tecnico = await headersOf('tecnico@nord.test');
    altro = await headersOf('altro@sud.test');

    // Anna's machine, serviced by Servizi Nord (below Rete Centrale).
    const product = await createProduct(server, admin, { gamma: 'infinity' });
    serial = product.serialNumber;
    for (const userEmail of ['anna@kitchen.test', 'tecnico@nord.test']) {
      const claimed = await server.api('/api/v1/appliance/claim', json({ serialNumber: serial, userEmail }, admin));
      expect(claimed.status).toBe(200);
    }
    device = await connectDevice(server, product);
    const start = new Date(Date.now() - 3_600_000).toISOString();
    await publish(device, serial, 'alarm', { id: openAlarm, errorCode: 'OH01', startDate: start, stopDate: null });
    await publish(device, serial, 'alarm', { id: secondAlarm, errorCode: 'W03', startDate: start, stopDate: null });
    await publish(device, serial, 'alarm', {
      id: closedAlarm,
      errorCode: 'W03',
      startDate: start,
      stopDate: new Date(Date.now() - 60_000).toISOString(),
    });
    await eventually(async () => (await alarms(anna)).length === 3);
  });
  afterAll(async () => {
    await device.endAsync(true);
    await server.close();
  });

  const base = () => `/api/v1/event-hub-listener/event/${serial}/alarms`;
  const today = () => new Date().toISOString().slice(0, 10);
  async function alarms(headers: THeaders): Promise<TAlarmView[]> {
    const res = await server.api(`${base()}?startDate=${today()}&stopDate=${today()}`, { headers });
    expect(res.status).toBe(200);
    return (await res.json()) as TAlarmView[];
  }
  const alarm = async (id: string) => (await alarms(admin)).find((a) => a.id === id);
  const acknowledge = (id: string, body: unknown, headers: THeaders, brand?: string) =>
    server.api(`${base()}/${id}/acknowledge`, { ...json(body, headers), ...(brand ? { brand } : {}) });
  const assign = (id: string, userId: string, headers: THeaders) =>
    server.api(`${base()}/${id}/assign`, json({ userId }, headers));

  describe('GET …/alarms/assignees', () => {
    it('lists exactly the active accounts that see the machine', async () => {
      const res = await server.api(`${base()}/assignees`, { headers: anna });
      expect(res.status).toBe(200);
      const people = (await res.json()) as TAlarmPerson[];
      expect(people.map((p) => p.id).sort()).toEqual([ids.admin, ids.anna, ids.tecnico, ids.manager].sort());
      expect(people.find((p) => p.id === ids.tecnico)?.name).toBe('Carlo Tecnico');
    });

    it('answers 404 to a service user of another company', async () => {
      const res = await server.api(`${base()}/assignees`, { headers: altro });
      expect(res.status).toBe(404);
    });
  });

  describe('POST …/alarms/{id}/acknowledge', () => {
    it('refuses a note longer than the schema allows, in the caller language, and changes nothing', async () => {
      const res = await acknowledge(openAlarm, { note: 'x'.repeat(501) }, { ...tecnico, 'accept-language': 'fr' });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).toMatch(/body\.note/);
      expect((await alarm(openAlarm))?.acknowledgement).toBeNull();
    });

    it('refuses a service user of another company, a kitchen manager who does not own it, and the other brand', async () => {
      for (const headers of [altro, bruno]) {
        const res = await acknowledge(openAlarm, { note: 'seen' }, headers);
        expect(res.status).toBe(404);
        expect(((await res.json()) as { code: string }).code).toBe('APPLIANCE_NOT_FOUND');
      }
      expect((await acknowledge(openAlarm, {}, kestrelAdmin, 'KESTREL')).status).toBe(404);
      // A token of the other brand is not taken on this one.
      expect((await acknowledge(openAlarm, {}, kestrelAdmin)).status).toBe(401);
      expect((await alarm(openAlarm))?.acknowledgement).toBeNull();
    });

    it('records who acknowledged an open alarm, when and the note, for every viewer and in the audit trail', async () => {
      const live: TLiveSocket = await openLive(server, anna);
      const before = Date.now();
      const res = await acknowledge(openAlarm, { note: '  Called the plumber  ' }, tecnico);
      expect(res.status).toBe(200);
      const answered = (await res.json()) as TAlarmView;
      expect(answered.acknowledgement).toMatchObject({
        by: { id: ids.tecnico, name: 'Carlo Tecnico' },
        note: 'Called the plumber',
      });
      expect(Date.parse(answered.acknowledgement?.at ?? '')).toBeGreaterThanOrEqual(before - 1000);
      // Anna's register shows it, and her open tab was told.
      expect((await alarms(anna)).find((a) => a.id === openAlarm)?.acknowledgement).toEqual(answered.acknowledgement);
      const pushed = await eventually(async () =>
        live.messages.find((m) => m.type === 'alarm' && m.alarm.id === openAlarm && m.alarm.acknowledgement),
      );
      expect(pushed).toMatchObject({ serialNumber: serial, alarm: { acknowledgement: { by: { name: 'Carlo Tecnico' } } } });
      live.socket.close();

      const audit = await server.api(`/api/v1/audit?action=alarm.acknowledge&page=1&size=25`, { headers: admin });
      expect(audit.status).toBe(200);
      const page = (await audit.json()) as TAuditPage;
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({
        actorEmail: 'tecnico@nord.test',
        targetId: serial,
        after: { alarmId: openAlarm, note: 'Called the plumber' },
      });
    });

    it('refuses a second acknowledgement and a closed alarm, and answers 404 for an unknown one', async () => {
      const again = await acknowledge(openAlarm, {}, anna);
      expect(again.status).toBe(409);
      expect(((await again.json()) as { code: string }).code).toBe('ALARM_ALREADY_ACKNOWLEDGED');
      const closed = await acknowledge(closedAlarm, {}, anna);
      expect(closed.status).toBe(409);
      expect(((await closed.json()) as { code: string }).code).toBe('ALARM_CLOSED');
      const unknown = await acknowledge(randomUUID(), {}, anna);
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { code: string }).code).toBe('ALARM_NOT_FOUND');
      expect((await alarm(openAlarm))?.acknowledgement?.by?.id).toBe(ids.tecnico);
    });
  });

  describe('POST …/alarms/{id}/assign', () => {
    it('assigns an open alarm to someone who sees the machine', async () => {
      const res = await assign(secondAlarm, ids.manager ?? '', anna);
      expect(res.status).toBe(200);
      expect(((await res.json()) as TAlarmView).assignment?.to).toEqual({ id: ids.manager, name: 'Dora Tecnico' });
      expect((await alarm(secondAlarm))?.assignment?.to?.id).toBe(ids.manager);
    });

    it('refuses an assignee who does not see the machine, of the other brand, or unknown', async () => {
      for (const userId of [ids.altro, ids.bruno, ids.kate, randomUUID()]) {
        const res = await assign(secondAlarm, userId ?? '', anna);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { code: string }).code).toBe('ALARM_ASSIGNEE_INVALID');
      }
      expect((await alarm(secondAlarm))?.assignment?.to?.id).toBe(ids.manager);
    });

    it('refuses callers who do not see the machine and a closed alarm', async () => {
      expect((await assign(secondAlarm, ids.tecnico ?? '', altro)).status).toBe(404);
      expect((await assign(secondAlarm, ids.tecnico ?? '', bruno)).status).toBe(404);
      const closed = await assign(closedAlarm, ids.tecnico ?? '', anna);
      expect(closed.status).toBe(409);
      const bad = await assign(secondAlarm, 'not-a-uuid', anna);
      expect(bad.status).toBe(400);
      expect((await alarm(secondAlarm))?.assignment?.to?.id).toBe(ids.manager);
    });
  });
});
