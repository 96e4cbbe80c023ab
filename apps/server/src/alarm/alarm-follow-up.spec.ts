import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotificationList } from '@washboard/contracts';
import { testBroker, type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, json, PASSWORD, signIn } from '../../test/accounts';
import { connectDevice, createProduct, eventually, publish } from '../../test/devices';
import { headerOf, plainText, startMailingServer, type TMailCatcher, unsubscribeLinkOf } from '../../test/mail-catcher';

type THeaders = Record<string, string>;

describe(`alarm reminders and escalation on a fast clock (${testBroker()})`, () => {
  let server: TTestServer;
  let mail: TMailCatcher;
  let admin: THeaders;
  const headers: Record<string, THeaders> = {};
  let serial = '';
  let device: MqttClient;
  const unacknowledged = randomUUID();
  const acknowledged = randomUUID();
  const lowSeverity = randomUUID();

  beforeAll(async () => {
    // Four seconds to the reminder, one more to the escalation. The setup acknowledges one alarm as
    // soon as it is stored; with one second to the reminder a busy host (three test files on two
    // cores) once stored and acknowledged it later than that, and the acknowledged alarm was reminded.
    ({ server, mail } = await startMailingServer({ ALARM_REMINDER_SECONDS: '4', ALARM_ESCALATION_SECONDS: '1' }));
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    const company = async (name: string, parentCode?: string) => {
      const res = await server.api('/api/v1/account/companies', json({ name, ...(parentCode ? { parentCode } : {}) }, admin));
      return ((await res.json()) as { code: string }).code;
    };
    const central = await company('Rete Centrale');
    const north = await company('Servizi Nord', central);
    const south = await company('Servizi Sud');
    const people = [
      ['anna@kitchen.test', 'Anna', null, null],
      ['carlo@nord.test', 'Carlo', 'SERVICE', north],
      ['dora@centrale.test', 'Dora', 'SERVICE_MANAGER', central],
      ['elio@sud.test', 'Elio', 'SERVICE_MANAGER', south],
    ] as const;
    for (const [email, firstName, role, code] of people) {
      const id = await activeUser(server, admin, email, 'LUMINA', { firstName });
      if (role) {
        const res = await server.api(`/api/v1/account/users/${id}/updateRole?targetRole=${role}&companyCode=${code}`, {
          method: 'PUT',
          headers: admin,
        });
        expect(res.status).toBe(200);
      }
      headers[firstName] = (await signIn(server, email, PASSWORD)).headers;
      // Everyone wants alarm mails but Carlo.
      const profile = { firstName, lastName: 'Test', weeklyReport: false, thresholdNotifications: false, language: 'en' };
      const saved = await server.api(
        '/api/v1/account/updateUser',
        json({ ...profile, alarmNotifications: firstName !== 'Carlo' }, headers[firstName]),
      );
      expect(saved.status).toBe(200);
    }

    const product = await createProduct(server, admin, { gamma: 'infinity' });
    serial = product.serialNumber;
    for (const userEmail of ['anna@kitchen.test', 'carlo@nord.test']) {
      expect((await server.api('/api/v1/appliance/claim', json({ serialNumber: serial, userEmail }, admin))).status).toBe(200);
    }
    await server.api('/api/v1/appliance/updateAppliance?serialNumber=' + serial, json({ applianceName: 'Bar counter' }, admin));
    device = await connectDevice(server, product);
    const startDate = new Date().toISOString();
    await publish(device, serial, 'alarm', { id: unacknowledged, errorCode: 'OH01', startDate, stopDate: null });
    await publish(device, serial, 'alarm', { id: acknowledged, errorCode: 'AN01', startDate, stopDate: null });
    await publish(device, serial, 'alarm', { id: lowSeverity, errorCode: 'W03', startDate, stopDate: null });
    // Anna acknowledges one high-severity alarm at once.
    await eventually(async () => {
      const res = await server.api(
        `/api/v1/event-hub-listener/event/${serial}/alarms/${acknowledged}/acknowledge`,
        json({}, headers.Anna),
      );
      return res.status === 200;
    });
  });
  afterAll(async () => {
    await device.endAsync(true);
    await server.close();
    await mail.close();
  });

  const notifications = async (name: string) => {
    const res = await server.api('/api/v1/notifications', { headers: headers[name] });
    expect(res.status).toBe(200);
    return (await res.json()) as TNotificationList;
  };

  it('escalates an unacknowledged high-severity alarm to the service managers after reminding who sees the machine', async () => {
    const escalation = await mail.waitFor('dora@centrale.test', (m) => /Subject: Unhandled alarm/.test(m.text), 20_000);
    const text = plainText(escalation);
    expect(escalation.text).toMatch(/Subject: Unhandled alarm on Bar counter/);
    expect(text).toContain('OH01');
    expect(text).toContain(`/device/${serial}`);
    // The reminder went first, to the people who see the machine and want alarm mails.
    const reminder = await mail.waitFor('anna@kitchen.test', (m) =>
      /Subject: Alarm still unacknowledged on Bar counter/.test(m.text),
    );
    expect(plainText(reminder)).toContain('OH01');
    // Like every notification mail, both carry the one-click unsubscribe of alarm mails.
    for (const m of [escalation, reminder]) {
      expect(headerOf(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(unsubscribeLinkOf(m).pathname).toBe('/api/v1/unsubscribe');
    }

    // Dora's centre holds the escalation; Anna's the openings and the reminder; Carlo (no mails) too.
    const dora = await notifications('Dora');
    expect(dora.items.filter((n) => n.kind === 'alarmEscalation').map((n) => n.alarmId)).toEqual([unacknowledged]);
    const anna = await notifications('Anna');
    expect(
      anna.items
        .filter((n) => n.kind === 'alarmOpened')
        .map((n) => n.errorCode)
        .sort(),
    ).toEqual(['AN01', 'OH01', 'W03']);
    expect(anna.items.filter((n) => n.kind === 'alarmReminder').map((n) => n.alarmId)).toEqual([unacknowledged]);
    expect(anna.items.some((n) => n.kind === 'alarmEscalation')).toBe(false);
    const carlo = await notifications('Carlo');
    expect(carlo.items.filter((n) => n.kind === 'alarmReminder')).toHaveLength(1);

    // Every job the alarms caused is the machine's brand's: a failed one is shown to its administrators only.
    const { rows } = await server.washboard.database.transaction((sql) =>
      sql.query<{ kind: string; brand: string | null }>(
        `select distinct kind, brand from jobs where kind like 'alarm.%' and kind <> 'alarm.mail' order by kind`,
      ),
    );
    expect(rows).toEqual(
      ['alarm.escalate', 'alarm.notify', 'alarm.opened', 'alarm.remind'].map((kind) => ({ kind, brand: 'LUMINA' })),
    );
  });

  it('does not remind or escalate an acknowledged or a low-severity alarm, nor tell another company', async () => {
    // Two more job polls after the escalation: anything else due would have gone by now.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const followUps = mail.mails.filter((m) => /Subject: (Alarm still|Unhandled alarm)/.test(m.text));
    expect(followUps.every((m) => /OH01/.test(m.text) && !/AN01|W03/.test(m.text))).toBe(true);
    // Dora sees the machine too: she had the reminder, then the escalation.
    expect(followUps.map((m) => m.to).sort()).toEqual(['anna@kitchen.test', 'dora@centrale.test', 'dora@centrale.test']);
    expect((await notifications('Elio')).items).toEqual([]);
  });

  it('escalates to the brand administrators when no service company serves the machine', async () => {
    const product = await createProduct(server, admin, { gamma: 'infinity' });
    await activeUser(server, admin, 'gina@bistro.test', 'LUMINA', { firstName: 'Gina' });
    const claim = { serialNumber: product.serialNumber, userEmail: 'gina@bistro.test' };
    expect((await server.api('/api/v1/appliance/claim', json(claim, admin))).status).toBe(200);
    const client = await connectDevice(server, product);
    try {
      const id = randomUUID();
      await publish(client, product.serialNumber, 'alarm', {
        id,
        errorCode: 'OH01',
        startDate: new Date().toISOString(),
        stopDate: null,
      });
      const escalated = async (who: Record<string, string> | undefined) => {
        const res = await server.api('/api/v1/notifications', { headers: who });
        return ((await res.json()) as TNotificationList).items.some((n) => n.kind === 'alarmEscalation' && n.alarmId === id);
      };
      await eventually(() => escalated(admin), 20_000);
      expect(await escalated(headers.Dora)).toBe(false);
    } finally {
      await client.endAsync(true);
    }
  });

  describe('POST /api/v1/notifications/{id}/read and read-all', () => {
    it("marks one of the caller's notifications read, refuses another user's, then marks all read", async () => {
      const before = await notifications('Anna');
      expect(before.unread).toBe(before.items.length);
      const first = before.items[0];
      if (!first) throw new Error('Anna has no notification');
      // Dora cannot touch Anna's notification.
      const foreign = await server.api(`/api/v1/notifications/${first.id}/read`, json({}, headers.Dora));
      expect(foreign.status).toBe(404);
      expect((await notifications('Anna')).unread).toBe(before.unread);

      expect((await server.api(`/api/v1/notifications/${first.id}/read`, json({}, headers.Anna))).status).toBe(200);
      const after = await notifications('Anna');
      expect(after.unread).toBe(before.unread - 1);
      expect(after.items.find((n) => n.id === first.id)?.readAt).not.toBeNull();
      expect((await server.api('/api/v1/notifications/read-all', json({}, headers.Anna))).status).toBe(200);
      expect((await notifications('Anna')).unread).toBe(0);
      expect((await notifications('Dora')).unread).toBeGreaterThan(0);
    });
  });
  it('takes a machine out of the centre of whoever no longer sees it', async () => {
    expect((await notifications('Anna')).items.length).toBeGreaterThan(0);
    const anna = await server.api(`/api/v1/appliance/unclaim?serialNumber=${serial}&userEmail=anna%40kitchen.test`, {
      method: 'POST',
      headers: admin,
    });
    expect(anna.status).toBe(200);
    expect(await notifications('Anna')).toEqual({ items: [], unread: 0 });
    // Carlo still sees the machine and its notifications.
    expect((await notifications('Carlo')).items.map((n) => n.serialNumber)).toContain(serial);
  });
});
