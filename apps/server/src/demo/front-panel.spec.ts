import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFrontPanel, TPanelMachine } from '@washboard/contracts';
import { startTestServer, type TTestServer, DEMO_START_MS, SHORT_HISTORY } from '../../test/harness';
import { json, signIn } from '../../test/accounts';
import { eventually } from '../../test/devices';

const KITCHEN = 'kitchen@demo.washboard';
const machines = '/api/v1/demo/machines';

describe('/api/v1/demo/machines (the virtual front panels)', () => {
  describe('with DEMO=1', () => {
    let server: TTestServer;
    let kitchen: Record<string, string>;

    beforeAll(async () => {
      server = await startTestServer({ DEMO: '1', ...SHORT_HISTORY });
      // The accounts the start block prints: the Lumina kitchen manager signs in as a user would.
      const account = server.washboard.demoAccounts?.find((a) => a.brand === 'LUMINA' && a.email === KITCHEN);
      kitchen = (await signIn(server, KITCHEN, account?.password ?? '')).headers;
      // The fleet connects after the start; the panel is most useful once the machines are online.
      await eventually(async () => (await list()).every((m) => m.online), 15_000);
    }, DEMO_START_MS);
    afterAll(() => server.close());

    const list = async () => (await (await server.api(machines)).json()) as TPanelMachine[];
    const panel = async (serial: string) => (await (await server.api(`${machines}/${serial}`)).json()) as TFrontPanel;
    const press = (serial: string, body: unknown) => server.api(`${machines}/${serial}/press`, json(body));
    const alarmCodes = async (serial: string) => {
      const range = new URLSearchParams({
        startDate: new Date(Date.now() - 3_600_000).toISOString(),
        stopDate: new Date().toISOString(),
      });
      const res = await server.api(`/api/v1/event-hub-listener/event/${serial}/alarms?${range}`, { headers: kitchen });
      return ((await res.json()) as { errorCode: string; stopDate: string | null }[])
        .filter((a) => a.stopDate === null)
        .map((a) => a.errorCode);
    };

    it('lists every virtual machine with its brand, range, name and state, without signing in', async () => {
      const all = await list();
      expect(all.length).toBeGreaterThanOrEqual(6);
      expect(all.find((m) => m.serialNumber === 'DEMO0004')).toMatchObject({
        brand: 'LUMINA',
        gamma: 'prime',
        modelNumber: 'PR-700',
        applianceName: 'Pot washer',
        online: true,
      });
      expect(all.every((m) => ['OFF', 'STARTUP', 'IDLE', 'RUN', 'SHUTDOWN'].includes(m.state))).toBe(true);
    });

    it('shows a claiming code at Show Code, with which a kitchen manager claims back a machine it had deleted', async () => {
      expect(
        (await server.api('/api/v1/appliance/unclaim?serialNumber=DEMO0002', { method: 'POST', headers: kitchen })).status,
      ).toBe(200);
      const res = await press('DEMO0002', { button: 'show-code' });
      expect(res.status).toBe(200);
      const shown = (await res.json()) as TFrontPanel;
      const code = shown.claimingCode?.code ?? '';
      expect(code).toMatch(/^\d{6}$/);
      expect(shown.display).toBe(code);
      // The machine sends its code to the cloud over MQTT: give it a moment to arrive.
      const claimed = await eventually(async () => {
        const claim = await server.api(
          '/api/v1/appliance/claim',
          json({ activationCode: code, serialNumber: 'DEMO0002', applianceName: 'Line 2 again' }, kitchen),
        );
        return claim.status === 200;
      });
      expect(claimed).toBe(true);
      expect((await panel('DEMO0002')).applianceName).toBe('Line 2 again');
    });

    it('raises a catalogue alarm that reaches the alarm register, and clears it again', async () => {
      const res = await press('DEMO0001', { button: 'raise-alarm', code: 'OH01' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as TFrontPanel).alarms.map((a) => a.code)).toContain('OH01');
      await eventually(async () => (await alarmCodes('DEMO0001')).includes('OH01'));
      expect((await press('DEMO0001', { button: 'clear-alarm', code: 'OH01' })).status).toBe(200);
      await eventually(async () => !(await alarmCodes('DEMO0001')).includes('OH01'));
    });

    it('starts and stops a cycle, and starts none while the door is open', async () => {
      expect((await press('DEMO0003', { button: 'open-door' })).status).toBe(200);
      // The kitchen may have started a cycle of its own before the door opened (a machine that is
      // not ready answers "busy" first): stop it and wait until it is ready; with the door open it
      // starts no other.
      if ((await panel('DEMO0003')).cycle) await press('DEMO0003', { button: 'stop' });
      await eventually(async () => (await panel('DEMO0003')).state === 'IDLE', 15_000);
      const refused = await press('DEMO0003', { button: 'start', cycleType: 'glasses' });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { code: string }).code).toBe('APPLIANCE_DOOR_OPEN');
      expect((await press('DEMO0003', { button: 'close-door' })).status).toBe(200);
      // The kitchen may have started a cycle of its own meanwhile: stop it first.
      if ((await panel('DEMO0003')).cycle) await press('DEMO0003', { button: 'stop' });
      const started = await press('DEMO0003', { button: 'start', cycleType: 'glasses' });
      expect(started.status).toBe(200);
      expect(((await started.json()) as TFrontPanel).cycle).toMatchObject({ type: 'glasses' });
      const stopped = (await (await press('DEMO0003', { button: 'stop' })).json()) as TFrontPanel;
      expect(stopped.cycle).toBeNull();
    });

    it('locks the panel while a remote control session is active', async () => {
      const live = await server.api('/api/v1/event-hub-listener/event/DEMO0004/run-live', json({ seconds: 60 }, kitchen));
      expect(live.status).toBe(200);
      expect((await panel('DEMO0004')).remoteControl).toBe(true);
      const res = await press('DEMO0004', { button: 'power-off' });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { code: string }).code).toBe('PANEL_LOCKED');
      expect((await panel('DEMO0004')).state).not.toBe('SHUTDOWN');
    });

    it('refuses bad input with a translated 400 and changes nothing', async () => {
      const before = await panel('DEMO0005');
      const bad: unknown[] = [
        { button: 'self-destruct' },
        { button: 'start', cycleType: 'boil' },
        { button: 'raise-alarm', code: 'XX99' },
        // A1 belongs to the Hiline set; DEMO0005 is a G-EVO.
        { button: 'raise-alarm', code: 'A1' },
      ];
      for (const body of bad) {
        const res = await server.api(`${machines}/DEMO0005/press`, {
          ...json(body),
          headers: { 'content-type': 'application/json', 'accept-language': 'de' },
        });
        expect(res.status).toBe(400);
        const error = (await res.json()) as { code: string; message: string };
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(error.message).not.toMatch(/invalid/i);
      }
      const after = await panel('DEMO0005');
      expect(after.alarms).toEqual(before.alarms);
      expect(after.cycle?.type ?? null).toBe(before.cycle?.type ?? null);
      expect((await press('NOPE0001', { button: 'stop' })).status).toBe(404);
    });

    it('does not exist for a caller outside this computer, or through a proxy', async () => {
      const res = await server.washboard.app.inject({
        url: machines,
        remoteAddress: '203.0.113.7',
        headers: { 'x-brand': 'LUMINA' },
      });
      expect(res.statusCode).toBe(404);
      expect((await server.api(machines, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(404);
      expect((await press('DEMO0001', { button: 'show-code' })).status).toBe(200);
    });
  });

  describe('without DEMO', () => {
    it('does not exist', async () => {
      const server = await startTestServer();
      try {
        const res = await server.api(machines);
        expect(res.status).toBe(404);
        expect(((await res.json()) as { code: string }).code).toBe('ROUTE_NOT_FOUND');
        expect((await server.api(`${machines}/DEMO0001/press`, json({ button: 'show-code' }))).status).toBe(404);
      } finally {
        await server.close();
      }
    });
  });
});
