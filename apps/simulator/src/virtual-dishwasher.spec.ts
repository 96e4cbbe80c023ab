import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TDeviceMessage } from './device-message';
import { QUIET_ACTIVITY } from './dishwasher.model';
import { Fleet } from './fleet';
import { Outbox } from './outbox';
import { VirtualDishwasher, type TVirtualDishwasherOptions } from './virtual-dishwasher';

function offline(options: Partial<TVirtualDishwasherOptions> = {}) {
  let now = Date.parse('2025-03-03T07:00:00Z');
  const messages: TDeviceMessage[] = [];
  const machine = new VirtualDishwasher({
    serial: 'SIM-UNIT-1',
    seed: 1,
    activity: QUIET_ACTIVITY,
    clock: () => now,
    ...options,
  });
  machine.onMessage((message) => messages.push(message));
  return {
    machine,
    messages,
    /** real time passes: the machine's beat runs every 100 ms */
    pass(ms: number) {
      for (let t = 0; t < ms; t += 100) {
        now += 100;
        machine.tick(now);
      }
    },
    topics: () => messages.map((m) => m.topic),
  };
}

describe('VirtualDishwasher without a broker', () => {
  it('sends telemetry every interval of real time, and every second in live mode', () => {
    const h = offline({ telemetryIntervalSeconds: 10 });
    h.machine.tick();
    h.pass(60_000);
    const regular = h.topics().filter((t) => t === 'telemetry').length;
    expect(regular).toBeGreaterThanOrEqual(5);
    expect(regular).toBeLessThanOrEqual(7);
    h.messages.length = 0;
    h.machine.receiveCommand(JSON.stringify({ id: randomUUID(), name: 'run-live', args: { seconds: 30 } }));
    h.pass(30_000);
    expect(h.topics().filter((t) => t === 'telemetry').length).toBeGreaterThanOrEqual(29);
    h.messages.length = 0;
    h.pass(60_000);
    expect(h.topics().filter((t) => t === 'telemetry').length).toBeLessThanOrEqual(7);
  });

  it('runs machine time at `speed` machine seconds per real second', () => {
    const h = offline({ speed: 60 });
    h.machine.tick();
    h.machine.startCycle('intensive');
    const duration = h.machine.currentCycle?.duration ?? 0;
    h.pass(((duration + 5) / 60) * 1000);
    expect(h.machine.stateName).toBe('IDLE');
    expect(h.topics()).toContain('event');
  });

  it('answers malformed commands that carry an id, and ignores those without one', () => {
    const h = offline();
    const id = randomUUID();
    expect(h.machine.receiveCommand({ id, name: 'cycle-start', args: { cycleType: 'turbo' } })).toEqual({
      id,
      ok: false,
      error: 'INVALID_ARGS',
    });
    expect(h.machine.receiveCommand(Buffer.from(JSON.stringify({ id, name: 'warp', args: {} })))).toMatchObject({
      error: 'UNSUPPORTED',
    });
    expect(h.machine.receiveCommand('{not json')).toBeNull();
    expect(h.machine.receiveCommand({ name: 'cycle-stop' })).toBeNull();
  });

  it('keeps records in its outbox while never connected, the newest state only once', () => {
    const h = offline();
    h.machine.model.announce();
    h.machine.model.announce();
    h.machine.raiseAlarm('W09');
    h.machine.clearAlarm('W09');
    h.machine.sendTelemetry();
    // status, versions, info, params, stats once each; both alarm messages; no telemetry.
    expect(h.machine.outboxSize).toBe(7);
  });

  it('shows a claiming code when its button is pressed', () => {
    const h = offline();
    const code = h.machine.pressShowCode();
    expect(h.machine.display).toBe(code.code);
    expect(h.topics()).toEqual(['claiming-code']);
  });
});

describe('Outbox', () => {
  const record = { qos: 1, retain: false, keep: 'all' } as const;
  const state = { qos: 1, retain: true, keep: 'latest' } as const;

  it('keeps every record and only the newest value of a state topic', () => {
    const outbox = new Outbox();
    outbox.put('status', '1', state);
    outbox.put('event', 'a', record);
    outbox.put('status', '2', state);
    outbox.put('event', 'b', record);
    expect(outbox.topics()).toEqual(['event', 'status', 'event']);
  });

  it('drops the oldest record when full, and counts it', () => {
    const outbox = new Outbox(2);
    outbox.put('event', 'a', record);
    outbox.put('event', 'b', record);
    outbox.put('event', 'c', record);
    expect(outbox.size).toBe(2);
    expect(outbox.dropped).toBe(1);
  });

  it('resends on a new connection what the last one did not acknowledge', () => {
    const outbox = new Outbox();
    const first = outbox.put('event', 'a', record);
    const second = outbox.put('alarm', 'b', record);
    const connection = {};
    first.sentOn = connection;
    second.sentOn = connection;
    outbox.acknowledge(first);
    expect(outbox.unsentOn(connection)).toEqual([]);
    expect(outbox.unsentOn({})).toEqual([second]);
    outbox.release(second);
    expect(outbox.unsentOn(connection)).toEqual([second]);
  });
});

describe('Fleet', () => {
  it('ticks every machine from one beat', () => {
    let now = 0;
    const fleet = new Fleet({ clock: () => now, seed: 5, activity: QUIET_ACTIVITY, speed: 10 });
    const a = fleet.add({ serial: 'SIM-A-1' });
    const b = fleet.add({ serial: 'SIM-B-1', gamma: 'hiline' });
    expect(() => fleet.add({ serial: 'SIM-A-1' })).toThrow(/already/);
    a.startCycle('fast');
    b.startCycle('fast');
    fleet.tick();
    now += 3000;
    fleet.tick();
    expect(a.currentCycle?.elapsed).toBeCloseTo(30, 5);
    expect(b.currentCycle?.elapsed).toBeCloseTo(30, 5);
    expect(fleet.size).toBe(2);
    expect(b.gamma).toBe('hiline');
    expect(b.profile.type).toBe('undercounter');
  });
});
