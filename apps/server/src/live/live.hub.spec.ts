import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { TLiveMessage } from '@washboard/contracts';
import type { TAuthUser } from '../auth/token.service';
import { inProcessFanout, redisFanout, type TFanout } from './fanout';
import { LiveHub, type TLiveClient, type TMachineMessage } from './live.hub';

const log = pino({ level: 'silent' });
const user = (id: string, brand: 'LUMINA' | 'KESTREL' = 'LUMINA'): TAuthUser => ({
  id,
  brand,
  email: `${id}@x.test`,
  role: 'KITCHEN_MANAGER',
  administrationProfile: [],
  clientId: 'washboard-web',
  sessionId: `session-of-${id}`,
  expiresAt: Date.now() + 600_000,
});
const visible: Record<string, string[]> = { anna: ['SN-A'], bruno: ['SN-B'], kestrel: ['SN-A'] };

function client(u: TAuthUser): TLiveClient & { got: TLiveMessage[] } {
  const got: TLiveMessage[] = [];
  return { user: u, serials: new Set(), got, send: (data) => got.push(JSON.parse(data) as TLiveMessage), close: () => {} };
}
const telemetry = (serialNumber: string): TMachineMessage => ({
  type: 'telemetry',
  serialNumber,
  telemetry: { ts: '2026-11-21T10:00:00.000Z', boilerTmp: 840 },
});
const settle = () => new Promise((r) => setTimeout(r, 100));

async function hubs(make: () => Promise<TFanout>) {
  const fanouts = [await make(), await make()];
  const [a, b] = fanouts.map((f) => new LiveHub(f, async (u) => visible[u.id] ?? []));
  if (!a || !b) throw new Error('two hubs');
  await a.start();
  await b.start();
  return { a, b, close: () => Promise.all(fanouts.map((f) => f.close())) };
}

describe('LiveHub', () => {
  it('delivers a machine only to the users who may see it, and never across brands', async () => {
    const fanout = inProcessFanout();
    const hub = new LiveHub(fanout, async (u) => visible[u.id] ?? []);
    await hub.start();
    const anna = client(user('anna'));
    const bruno = client(user('bruno'));
    const kestrel = client(user('kestrel', 'KESTREL'));
    await Promise.all([hub.add(anna), hub.add(bruno), hub.add(kestrel)]);
    hub.publish('LUMINA', telemetry('SN-A'));
    hub.publish('LUMINA', telemetry('SN-B'));
    await settle();
    expect(anna.got.map((m) => ('serialNumber' in m ? m.serialNumber : ''))).toEqual(['SN-A']);
    expect(bruno.got.map((m) => ('serialNumber' in m ? m.serialNumber : ''))).toEqual(['SN-B']);
    expect(kestrel.got).toEqual([]);
  });

  it('asks to reload only the lists a change of machines concerns', async () => {
    const sees: Record<string, string[]> = { anna: ['SN-A'], bruno: ['SN-B'], carla: ['SN-C'] };
    const hub = new LiveHub(inProcessFanout(), async (u) => sees[u.id] ?? []);
    await hub.start();
    const [anna, bruno, carla] = [client(user('anna')), client(user('bruno')), client(user('carla'))];
    await Promise.all([hub.add(anna), hub.add(bruno), hub.add(carla)]);
    const reloads = () => [anna, bruno, carla].map((c) => c.got.filter((m) => m.type === 'appliances').length);

    // Bruno claimed SN-D: his list gains it, the others' lists are as they were.
    sees.bruno = ['SN-B', 'SN-D'];
    await hub.appliancesChanged('LUMINA', ['SN-D']);
    expect(reloads()).toEqual([0, 1, 0]);
    hub.publish('LUMINA', telemetry('SN-D'));
    await settle();
    expect(bruno.got.at(-1)).toMatchObject({ type: 'telemetry', serialNumber: 'SN-D' });
    // SN-A was renamed: its list shows it, so Anna reloads although she sees the same machines.
    await hub.appliancesChanged('LUMINA', ['SN-A']);
    expect(reloads()).toEqual([1, 1, 0]);
    // Carla lost SN-C through a change that did not name it (a customer's accounts).
    sees.carla = [];
    await hub.appliancesChanged('LUMINA', []);
    expect(reloads()).toEqual([1, 1, 1]);
    // Not known which machines: every list of the brand reloads; another brand's change reloads none.
    await hub.appliancesChanged('LUMINA', null);
    await hub.appliancesChanged('KESTREL', null);
    expect(reloads()).toEqual([2, 2, 2]);
  });

  it('sends the values of the machines a page watches only, and everything else of every machine', async () => {
    const sees: Record<string, string[]> = { anna: ['SN-A', 'SN-A2', 'SN-A3'] };
    const hub = new LiveHub(inProcessFanout(), async (u) => sees[u.id] ?? []);
    await hub.start();
    const anna = client(user('anna'));
    await hub.add(anna);
    const status = (serialNumber: string): TMachineMessage => ({
      type: 'status',
      serialNumber,
      online: false,
      systemState: 0,
      cycleType: null,
      cycleNumber: null,
      ts: '2026-11-21T10:00:00.000Z',
    });
    const got = async () => {
      await settle();
      return anna.got.splice(0).map((m) => `${m.type} ${'serialNumber' in m ? m.serialNumber : ''}`);
    };
    // The page shows SN-A and asks for a machine Anna may not see: her rights decide, not the page.
    hub.watch(anna, ['SN-A', 'SN-B']);
    for (const serial of ['SN-A', 'SN-A2', 'SN-B']) hub.publish('LUMINA', telemetry(serial));
    hub.publish('LUMINA', status('SN-A2'));
    expect(await got()).toEqual(['telemetry SN-A', 'status SN-A2']);
    // Another page, then one watching everything she may see.
    hub.watch(anna, ['SN-A2']);
    for (const serial of ['SN-A', 'SN-A2']) hub.publish('LUMINA', telemetry(serial));
    expect(await got()).toEqual(['telemetry SN-A2']);
    hub.watch(anna, null);
    for (const serial of ['SN-A', 'SN-A2', 'SN-A3', 'SN-B']) hub.publish('LUMINA', telemetry(serial));
    expect(await got()).toEqual(['telemetry SN-A', 'telemetry SN-A2', 'telemetry SN-A3']);
    // Watching SN-A3 and losing it: its values stop; given back, they come again, still watched.
    hub.watch(anna, ['SN-A3']);
    sees.anna = ['SN-A'];
    await hub.appliancesChanged('LUMINA', ['SN-A3']);
    hub.publish('LUMINA', telemetry('SN-A3'));
    expect(await got()).toEqual(['appliances ']);
    sees.anna = ['SN-A', 'SN-A3'];
    await hub.appliancesChanged('LUMINA', ['SN-A3']);
    hub.publish('LUMINA', telemetry('SN-A3'));
    expect(await got()).toEqual(['appliances ', 'telemetry SN-A3']);
    // Gone, then a late watch: nothing more of any machine.
    hub.remove(anna);
    hub.watch(anna, ['SN-A']);
    for (const serial of ['SN-A', 'SN-A2', 'SN-A3']) {
      hub.publish('LUMINA', telemetry(serial));
      hub.publish('LUMINA', status(serial));
    }
    expect(await got()).toEqual([]);
  });

  it("closes a socket whose user's rights cannot be recomputed, rather than keep its old ones", async () => {
    let failing = false;
    const hub = new LiveHub(inProcessFanout(), async (u) => {
      if (failing) throw new Error('database away');
      return visible[u.id] ?? [];
    });
    await hub.start();
    const closed: string[] = [];
    const anna = { ...client(user('anna')), close: (reason: string) => closed.push(reason) };
    await hub.add(anna);
    failing = true;
    hub.sessionChanged({ kind: 'access', userId: 'anna' });
    await settle();
    expect(closed).toEqual(['SESSION_CHANGED']);
    hub.publish('LUMINA', telemetry('SN-A'));
    await settle();
    expect(anna.got).toEqual([]);
    expect(hub.size).toBe(0);
  });

  describe.runIf(process.env.TEST_REDIS_URL)('through Redis (TEST_REDIS_URL)', () => {
    let close: (() => Promise<unknown>) | undefined;
    afterAll(async () => close?.());

    it('reaches browsers connected to another server instance', async () => {
      const url = process.env.TEST_REDIS_URL ?? '';
      const pair = await hubs(() => redisFanout(url, log));
      close = pair.close;
      const anna = client(user('anna'));
      await pair.b.add(anna);
      pair.a.publish('LUMINA', telemetry('SN-A'));
      pair.a.publish('LUMINA', telemetry('SN-B'));
      for (let i = 0; i < 40 && anna.got.length === 0; i += 1) await settle();
      expect(anna.got).toEqual([telemetry('SN-A')]);
      // Watching nothing (a page without machines): no values from another instance either.
      pair.b.watch(anna, []);
      pair.a.publish('LUMINA', telemetry('SN-A'));
      pair.a.publish('LUMINA', { type: 'fotaStatus', serialNumber: 'SN-A', perc: 5, inProg: true });
      for (let i = 0; i < 40 && anna.got.length === 1; i += 1) await settle();
      expect(anna.got).toEqual([telemetry('SN-A'), { type: 'fotaStatus', serialNumber: 'SN-A', perc: 5, inProg: true }]);
    });
  });
});
