import { randomUUID } from 'node:crypto';
import {
  CLAIMING_CODE_PATTERN,
  CLAIMING_CODE_TTL_SECONDS,
  SYSTEM_STATES,
  alarmsFor,
  deviceTopic,
  heatDose,
  HUE_MIN,
  hygieneRuleFor,
  hygieneVerdict,
  type TCommandInput,
  type TGamma,
  type THaccpEvent,
  ZCommand,
} from '@washboard/contracts';
import { describe, expect, it } from 'vitest';
import { presets } from './catalogue';
import type { TDeviceMessage } from './device-message';
import { DishwasherModel, QUIET_ACTIVITY, type TDishwasherModelOptions } from './dishwasher.model';
import { checkDeviceMessage } from './protocol-check';

const START = Date.parse('2025-03-03T07:00:00Z');

type TPayload<T extends TDeviceMessage['topic']> = Extract<TDeviceMessage, { topic: T }>['payload'];

/** A machine on a fake clock that moves with machine time, and everything it said. */
function harness(options: Partial<TDishwasherModelOptions> = {}) {
  let now = START;
  const messages: TDeviceMessage[] = [];
  const model = new DishwasherModel({
    serial: 'SIM-TEST-1',
    seed: 42,
    activity: QUIET_ACTIVITY,
    clock: () => now,
    emit: (message) => messages.push(message),
    ...options,
  });
  return {
    model,
    messages,
    /** machine time in one-second steps, as the fleet's beat would */
    advance(seconds: number) {
      for (let i = 0; i < seconds; i++) {
        model.advance(1);
        now += 1000;
      }
    },
    /** runs until `done` or `limit` machine seconds */
    until(done: () => boolean, limit: number): number {
      let waited = 0;
      while (!done() && waited < limit) {
        this.advance(1);
        waited += 1;
      }
      return waited;
    },
    command(input: Omit<TCommandInput, 'id'> & { id?: string }) {
      return model.handleCommand(ZCommand.parse({ id: randomUUID(), ...input }));
    },
    /** the payloads sent on one topic, in order */
    of<T extends TDeviceMessage['topic']>(topic: T): TPayload<T>[] {
      return messages.flatMap((m) => (m.topic === topic ? [m.payload as TPayload<T>] : []));
    },
  };
}

function expectValid(messages: readonly TDeviceMessage[]): void {
  for (const message of messages) {
    expect(checkDeviceMessage(deviceTopic('SIM-TEST-1', message.topic), message.payload)).toBeNull();
  }
}

describe('state machine', () => {
  it('starts READY, hot and full, with no current cycle', () => {
    const { model } = harness();
    expect(model.state).toBe(SYSTEM_STATES.IDLE);
    expect(model.display).toBe('READY');
    expect(model.status()).toMatchObject({ online: true, systemState: 2, cycleType: null, cycleNumber: null });
    expect(model.temperatures.boiler).toBeGreaterThan(80);
    expect(model.temperatures.tank).toBeGreaterThan(55);
  });

  it('goes OFF → STARTUP → IDLE when switched on, heating boiler and tank on the way', () => {
    const h = harness({ initialState: 'OFF' });
    expect(h.model.state).toBe(SYSTEM_STATES.OFF);
    expect(h.model.levels.tank).toBe(0);
    expect(h.model.powerOn()).toBe(true);
    expect(h.model.powerOn()).toBe(false);
    expect(h.model.state).toBe(SYSTEM_STATES.STARTUP);
    const took = h.until(() => h.model.state === SYSTEM_STATES.IDLE, 3 * 3600);
    // A hood machine on cold water needs tens of minutes, not seconds and not hours.
    expect(took).toBeGreaterThan(10 * 60);
    expect(took).toBeLessThan(60 * 60);
    expect(h.model.levels.tank).toBeCloseTo(35, 1);
    expect(h.of('status').map((s) => s.systemState)).toEqual([1, 2]);
  });

  it('runs a cycle in RUN (4) with type and number, then returns to READY and clears the cycle', () => {
    const h = harness();
    expect(h.command({ name: 'cycle-start', args: { cycleType: 'fast' } })).toMatchObject({ ok: true });
    expect(h.model.state).toBe(SYSTEM_STATES.RUN);
    const running = h.of('status').at(-1);
    expect(running).toMatchObject({ systemState: 4, cycleType: 'fast', cycleNumber: 1 });
    const cycle = h.model.currentCycle;
    expect(cycle?.duration).toBeGreaterThanOrEqual(55);
    expect(cycle?.duration).toBeLessThanOrEqual(90);
    h.advance(30);
    const telemetry = h.model.telemetry();
    expect(telemetry.cycleTimeProgress).toBeGreaterThan(0);
    expect(telemetry.cycleTimeDuration).toBe(cycle?.duration);
    h.until(() => h.model.state !== SYSTEM_STATES.RUN, 600);
    expect(h.model.state).toBe(SYSTEM_STATES.IDLE);
    expect(h.of('status').at(-1)).toMatchObject({ systemState: 2, cycleType: null, cycleNumber: null });
    expect(h.model.telemetry()).toMatchObject({ cycleTimeProgress: 0, cycleTimeDuration: 0 });
  });

  it('gives believable cycle lengths: fast about a minute, intensive about four, regeneration longer', () => {
    const lengths: Record<string, number> = {};
    for (const type of ['fast', 'intensive', 'regeneration'] as const) {
      const h = harness();
      h.model.startCycle(type);
      lengths[type] = h.until(() => h.model.state !== SYSTEM_STATES.RUN, 3600);
    }
    expect(lengths.fast).toBeGreaterThanOrEqual(55);
    expect(lengths.fast).toBeLessThanOrEqual(100);
    expect(lengths.intensive).toBeGreaterThanOrEqual(180);
    expect(lengths.intensive).toBeLessThanOrEqual(300);
    expect(lengths.regeneration).toBeGreaterThan(lengths.intensive ?? 0);
  });

  it('shuts down through SHUTDOWN (draining the tank) to OFF, and cools toward the room', () => {
    const h = harness();
    expect(h.command({ name: 'switch-shutdown', args: {} })).toMatchObject({ ok: true });
    expect(h.model.state).toBe(SYSTEM_STATES.SHUTDOWN);
    h.until(() => h.model.state === SYSTEM_STATES.OFF, 600);
    expect(h.model.state).toBe(SYSTEM_STATES.OFF);
    expect(h.model.levels.tank).toBe(0);
    expect(h.of('status').map((s) => s.systemState)).toEqual([3, 0]);
    const hot = h.model.temperatures.boiler;
    h.advance(4 * 3600);
    const { boiler, room } = h.model.temperatures;
    expect(boiler).toBeLessThan(hot - 10);
    expect(boiler).toBeGreaterThan(room);
    expect(h.model.heaters).toEqual({ boiler: false, tank: false });
  });

  it('switching off during a cycle stops it (HACCP record not completed) and shuts down', () => {
    const h = harness();
    h.model.startCycle('dishes');
    h.advance(20);
    h.command({ name: 'switch-shutdown', args: {} });
    expect(h.model.state).toBe(SYSTEM_STATES.SHUTDOWN);
    expect(h.of('event')).toMatchObject([{ kind: 'cycle', cycleName: 'dishes', completed: false }]);
    expect(h.of('status').map((s) => s.systemState)).toEqual([4, 3]);
  });

  it('an OFF machine powers itself on after a while when the kitchen is active', () => {
    const h = harness({ initialState: 'OFF', activity: { ...QUIET_ACTIVITY, powerOnAfterSeconds: 600 } });
    h.until(() => h.model.state !== SYSTEM_STATES.OFF, 6 * 3600);
    expect(h.model.state).toBe(SYSTEM_STATES.STARTUP);
  });
});

describe('thermal model', () => {
  it('keeps boiler, tank and inlet in plausible ranges through a busy day', () => {
    const h = harness({ activity: { cyclesPerHour: 12, alarmsPerHour: 0, powerOnAfterSeconds: 600 } });
    let boilerMin = Infinity;
    let boilerMax = -Infinity;
    let tankMin = Infinity;
    let tankMax = -Infinity;
    for (let s = 0; s < 12 * 3600; s += 10) {
      h.advance(10);
      const t = h.model.telemetry();
      boilerMin = Math.min(boilerMin, t.boilerTmp ?? Infinity);
      boilerMax = Math.max(boilerMax, t.boilerTmp ?? -Infinity);
      tankMin = Math.min(tankMin, t.tankTmp ?? Infinity);
      tankMax = Math.max(tankMax, t.tankTmp ?? -Infinity);
      expect(t.waterTmp).toBeGreaterThanOrEqual(100);
      expect(t.waterTmp).toBeLessThanOrEqual(190);
    }
    expect(h.of('event').length).toBeGreaterThan(60);
    // Tenths of °C: the boiler sags after each rinse but never beyond a working range; no over-temperature.
    expect(boilerMin).toBeGreaterThan(450);
    expect(boilerMax).toBeLessThanOrEqual(900);
    expect(tankMin).toBeGreaterThan(400);
    expect(tankMax).toBeLessThanOrEqual(720);
    expectValid(h.messages);
  });

  describe('hygiene with the factory settings', () => {
    const rule = hygieneRuleFor('hood');
    /** Ten busy hours of one machine (a cycle every five or ten minutes on average): its judged cycles. */
    const busyDay = (gamma: TGamma, cyclesPerHour: number, condition?: TDishwasherModelOptions['condition']) => {
      const h = harness({ gamma, condition, activity: { cyclesPerHour, alarmsPerHour: 0 } });
      h.advance(10 * 3600);
      const cycles = h.of('event').flatMap((e) => (e.kind === 'cycle' ? [e] : []));
      const judged = cycles.map((e) => ({ event: e, ...hygieneVerdict(e, rule) })).filter((v) => v.verdict !== 'notApplicable');
      return { h, judged, failed: judged.filter((v) => v.verdict === 'fail') };
    };

    it.each(['infinity', 'hiline'] as const)('passes every cycle of a healthy %s, however busy', (gamma) => {
      const { judged, failed } = busyDay(gamma, 12);
      expect(judged.length).toBeGreaterThan(60);
      expect(failed.map((f) => f.event)).toEqual([]);
    });

    it('passes nine in ten cycles at a kitchen pace with a scaled heater and a cold supply; a failing rinse waited S22 and raised T16', () => {
      const { h, judged, failed } = busyDay('infinity', 6, { inletCelsius: 4, coldInlet: true, boilerHeaterShare: 0.2 });
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.length / judged.length).toBeLessThanOrEqual(0.1);
      const pauseTimeouts = h.of('alarm').filter((a) => a.errorCode === 'T16' && a.stopDate === null);
      for (const { event, failures } of failed) {
        expect(failures).toEqual(['rinse']);
        expect(pauseTimeouts.some((a) => a.startDate >= event.start && a.startDate <= event.stop)).toBe(true);
      }
    });
  });

  it('drops the boiler when the rinse draws cold water in, then recovers to its setpoint', () => {
    const h = harness();
    const before = h.model.temperatures.boiler;
    h.model.startCycle('dishes');
    let lowest = before;
    while (h.model.state === SYSTEM_STATES.RUN) {
      h.advance(1);
      lowest = Math.min(lowest, h.model.temperatures.boiler);
    }
    expect(lowest).toBeLessThan(before - 8);
    expect(h.model.heaters.boiler).toBe(true);
    h.advance(180);
    expect(h.model.temperatures.boiler).toBeGreaterThan(82);
    expect(h.model.temperatures.boiler).toBeLessThan(86);
  });

  it('follows a new tank setpoint with its heater, and keeps the lower standby temperatures after S28', () => {
    const h = harness();
    h.command({ name: 'params-set', args: { values: { 'dishes.tankSetpoint': 700 } } });
    h.advance(20 * 60);
    expect(h.model.temperatures.tank).toBeGreaterThan(67);
    expect(h.model.temperatures.tank).toBeLessThan(70.5);
    // Standby after 30 minutes idle (S28): S12/S13 setpoints, reached by slow cooling.
    h.advance(10 * 60);
    expect(h.model.standby).toBe(true);
    expect(h.model.display).toBe('STANDBY');
    h.advance(3600);
    expect(h.model.temperatures.boiler).toBeLessThan(80);
    expect(h.model.heaters.boiler).toBe(false);
    // Energy saving two hours into standby (S29): the heaters stay off even below the standby setpoints.
    h.advance(3 * 3600);
    expect(h.model.temperatures.boiler).toBeLessThan(66);
    expect(h.model.heaters).toEqual({ boiler: false, tank: false });
  });

  it('holds the rinse until the boiler reaches S2, gives up after S22 with T16, and reports the cold rinse (W08)', () => {
    const h = harness();
    h.command({ name: 'params-set', args: { values: { 'fast.boilerSetpoint': 800, S2: 850 } } });
    h.model.startCycle('fast');
    const planned = h.model.currentCycle?.duration ?? 0;
    const took = h.until(() => h.model.state !== SYSTEM_STATES.RUN, 3600);
    expect(took).toBeGreaterThanOrEqual(planned + (h.model.params.S22 ?? 0) - 2);
    expect(h.model.activeAlarms.map((a) => a.code).sort()).toEqual(['T16', 'W08']);
    // The next good cycle clears both.
    h.command({ name: 'params-set', args: { values: { S2: 800 } } });
    h.model.startCycle('dishes');
    h.until(() => h.model.state !== SYSTEM_STATES.RUN, 3600);
    expect(h.model.activeAlarms).toEqual([]);
  });
});

describe('HACCP records', () => {
  it('writes one cycle record with the measured wash and rinse extremes', () => {
    const h = harness();
    h.model.startCycle('intensive');
    h.until(() => h.model.state !== SYSTEM_STATES.RUN, 600);
    const [record] = h.of('event');
    expect(record).toMatchObject({ kind: 'cycle', cycleName: 'intensive', cycleNumber: 1, completed: true });
    if (record?.kind !== 'cycle') throw new Error('expected a cycle record');
    const m = record.measurements;
    expect(m.washMinTmp).toBeLessThanOrEqual(m.washMaxTmp);
    expect(m.rinseMinTmp).toBeLessThanOrEqual(m.rinseMaxTmp);
    // Wash around 60–65 °C, rinse around 82–88 °C, in tenths.
    expect(m.washMinTmp).toBeGreaterThan(520);
    expect(m.washMaxTmp).toBeLessThan(680);
    expect(m.rinseMinTmp).toBeGreaterThan(750);
    expect(m.rinseMaxTmp).toBeLessThan(900);
    expect(m.rinseWaterVlm).toBe(35);
    expect(Date.parse(record.stop) - Date.parse(record.start)).toBeGreaterThanOrEqual(250_000);
    expectValid(h.messages);
  });

  it('reports its final rinse second by second, within the recorded extremes and above 3,600 HUE', () => {
    const h = harness();
    h.model.startCycle('intensive');
    h.until(() => h.model.state !== SYSTEM_STATES.RUN, 600);
    const [record] = h.of('event');
    if (record?.kind !== 'cycle') throw new Error('expected a cycle record');
    const trace = record.rinseTrace ?? [];
    const rinseSeconds = presets('infinity')['intensive.rinseTime'] ?? 0;
    expect(trace.length).toBeGreaterThanOrEqual(rinseSeconds);
    expect(trace.length).toBeLessThanOrEqual(rinseSeconds + 1);
    expect(Math.min(...trace)).toBeGreaterThanOrEqual(record.measurements.rinseMinTmp);
    expect(Math.max(...trace)).toBeLessThanOrEqual(record.measurements.rinseMaxTmp);
    expect(heatDose(trace).hue).toBeGreaterThanOrEqual(HUE_MIN);
  });

  it('marks a stopped cycle as not completed', () => {
    const h = harness();
    h.model.startCycle('long');
    h.advance(30);
    expect(h.command({ name: 'cycle-stop', args: {} })).toMatchObject({ ok: true });
    expect(h.model.state).toBe(SYSTEM_STATES.IDLE);
    expect(h.of('event')).toMatchObject([{ kind: 'cycle', cycleName: 'long', completed: false }]);
  });
});

describe('commands', () => {
  it('refuses cycle-start while busy (BUSY) and while off (OFF)', () => {
    const h = harness();
    h.command({ name: 'cycle-start', args: { cycleType: 'glasses' } });
    expect(h.command({ name: 'cycle-start', args: { cycleType: 'fast' } })).toMatchObject({ ok: false, error: 'BUSY' });
    const off = harness({ initialState: 'OFF' });
    expect(off.command({ name: 'cycle-start', args: { cycleType: 'fast' } })).toMatchObject({ ok: false, error: 'OFF' });
    expect(off.model.state).toBe(SYSTEM_STATES.OFF);
    off.model.powerOn();
    expect(off.command({ name: 'cycle-start', args: { cycleType: 'fast' } })).toMatchObject({ ok: false, error: 'BUSY' });
  });

  it('answers cycle-stop with NOT_RUNNING when nothing runs', () => {
    const h = harness();
    expect(h.command({ name: 'cycle-stop', args: {} })).toMatchObject({ ok: false, error: 'NOT_RUNNING' });
  });

  it('answers every command on cmd/result with its id', () => {
    const h = harness();
    const id = randomUUID();
    h.command({ id, name: 'run-live', args: { seconds: 60 } });
    expect(h.of('cmd/result')).toEqual([{ id, ok: true }]);
  });

  it('acts once on a command delivered twice, answering both times', () => {
    const h = harness();
    const id = randomUUID();
    h.command({ id, name: 'cycle-start', args: { cycleType: 'fast' } });
    h.command({ id, name: 'cycle-start', args: { cycleType: 'fast' } });
    expect(h.of('cmd/result')).toEqual([
      { id, ok: true },
      { id, ok: true },
    ]);
    expect(h.of('status')).toHaveLength(1);
  });

  it('refuses params-set with VALUE_OUT_OF_RANGE and the rejected keys, changing nothing', () => {
    const h = harness();
    const before = { ...h.model.params };
    const result = h.command({
      name: 'params-set',
      args: { values: { 'intensive.washDuration': 200, 'intensive.tankSetpoint': 9000, S2: 80.5, NOPE: 1 } },
    });
    expect(result).toMatchObject({ ok: false, error: 'VALUE_OUT_OF_RANGE' });
    expect(result.rejected?.sort()).toEqual(['NOPE', 'S2', 'intensive.tankSetpoint']);
    expect(h.model.params).toEqual(before);
    expect(h.of('params')).toHaveLength(0);
    expect(h.of('event')).toHaveLength(0);
  });

  it('applies params-set: new params (retained) and one HACCP parameter event per changed key', () => {
    const h = harness();
    const old = h.model.params['intensive.washDuration'];
    const result = h.command({
      name: 'params-set',
      args: { values: { 'intensive.washDuration': 300, S6: 40, S2: h.model.params.S2 ?? 800 } },
    });
    expect(result).toEqual({ id: result.id, ok: true });
    expect(h.model.params['intensive.washDuration']).toBe(300);
    expect(h.of('params').at(-1)?.values['intensive.washDuration']).toBe(300);
    const events = h.of('event');
    expect(events).toHaveLength(2);
    expect(events).toContainEqual(
      expect.objectContaining({
        kind: 'parameter',
        cycleName: 'intensive',
        parameterName: 'intensive.washDuration',
        oldValue: old,
        newValue: 300,
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'parameter', cycleName: null, parameterName: 'S6', newValue: 40 }),
    );
    // The next intensive cycle runs with it.
    h.model.startCycle('intensive');
    expect(h.model.currentCycle?.duration).toBeGreaterThanOrEqual(300);
    expectValid(h.messages);
  });

  it('restores the presets and publishes them', () => {
    const h = harness();
    const presets = { ...h.model.params };
    h.command({ name: 'params-set', args: { values: { 'eco.washDuration': 400 } } });
    h.messages.length = 0;
    expect(h.command({ name: 'restore-presets', args: {} })).toMatchObject({ ok: true });
    expect(h.model.params).toEqual(presets);
    expect(h.of('params').at(-1)?.values).toEqual(presets);
    expect(h.of('event')).toMatchObject([{ kind: 'parameter', parameterName: 'eco.washDuration', oldValue: 400 }]);
  });

  it("restores the model's default list sent with restore-presets, the range's presets elsewhere", () => {
    const h = harness();
    const presets = { ...h.model.params };
    h.command({ name: 'params-set', args: { values: { 'eco.washDuration': 400, S12: 600 } } });
    expect(h.command({ name: 'restore-presets', args: { values: { S12: 750 } } })).toMatchObject({ ok: true });
    expect(h.model.params).toEqual({ ...presets, S12: 750 });
    expect(h.of('params').at(-1)?.values).toEqual({ ...presets, S12: 750 });
  });

  it('refuses a restore-presets list with a value outside the range, changing nothing', () => {
    const h = harness();
    const before = { ...h.model.params };
    expect(h.command({ name: 'restore-presets', args: { values: { S12: 9999 } } })).toMatchObject({
      ok: false,
      error: 'VALUE_OUT_OF_RANGE',
      rejected: ['S12'],
    });
    expect(h.model.params).toEqual(before);
  });

  it('refuses tank-replace in STARTUP with INHIBITED_IN_STARTUP, and refills otherwise', () => {
    const h = harness({ initialState: 'OFF' });
    h.model.powerOn();
    expect(h.command({ name: 'tank-replace', args: { tank: 'detergent' } })).toMatchObject({
      ok: false,
      error: 'INHIBITED_IN_STARTUP',
    });
    const ready = harness();
    expect(ready.command({ name: 'tank-replace', args: { tank: 'rinseAid' } })).toMatchObject({ ok: true });
    expect(ready.model.levels.rinseAidMl).toBe(5000);
  });

  it('shows a fresh six-digit claiming code on the display and sends it with its expiry', () => {
    const h = harness();
    h.command({ name: 'expose-claiming-code', args: {} });
    const [sent] = h.of('claiming-code');
    expect(sent?.code).toMatch(CLAIMING_CODE_PATTERN);
    expect(h.model.display).toBe(sent?.code);
    expect(Date.parse(sent?.expiresAt ?? '')).toBe(START + CLAIMING_CODE_TTL_SECONDS * 1000);
    const again = h.model.showClaimingCode();
    expect(h.model.display).toBe(again.code);
    h.advance(CLAIMING_CODE_TTL_SECONDS);
    expect(h.model.claimingCode).toBeNull();
    expect(h.model.display).toBe('READY');
  });

  it('starts live mode for the asked number of seconds', () => {
    const h = harness();
    h.command({ name: 'run-live', args: { seconds: 120 } });
    expect(h.model.liveUntil).toBe(START + 120_000);
  });

  it('reports firmware progress 0 → 100, then the new versions', () => {
    const h = harness({ fotaSeconds: 100 });
    const before = h.model.versions;
    expect(h.command({ name: 'fota-start', args: { version: '9.9.9' } })).toMatchObject({ ok: true });
    expect(h.command({ name: 'fota-start', args: { version: '9.9.9' } })).toMatchObject({ ok: false, error: 'BUSY' });
    expect(h.command({ name: 'cycle-start', args: { cycleType: 'fast' } })).toMatchObject({ ok: false, error: 'BUSY' });
    expect(h.command({ name: 'switch-shutdown', args: {} })).toMatchObject({ ok: false, error: 'BUSY' });
    h.advance(50);
    expect(h.model.display).toMatch(/^FW \d+%$/);
    h.advance(60);
    const progress = h.of('fota');
    expect(progress[0]).toEqual({ perc: 0, inProg: true, version: '9.9.9' });
    expect(progress.at(-1)).toEqual({ perc: 100, inProg: false, version: '9.9.9' });
    const percs = progress.map((p) => p.perc);
    expect(percs).toEqual([...percs].sort((a, b) => a - b));
    expect(progress.slice(0, -1).every((p) => p.inProg)).toBe(true);
    expect(h.of('versions')).toEqual([{ ...before, fw00: '9.9.9' }]);
    expect(h.model.fota).toBeNull();
    expectValid(h.messages);
  });

  it('refuses fota-start while a cycle runs', () => {
    const h = harness();
    h.model.startCycle('fast');
    expect(h.command({ name: 'fota-start', args: { version: '1.0.0' } })).toMatchObject({ ok: false, error: 'BUSY' });
  });
});

describe('front panel', () => {
  it('stops a running cycle at the stop button (record not completed), and answers NOT_RUNNING when idle', () => {
    const h = harness();
    expect(h.model.stopCycle()).toBe('NOT_RUNNING');
    expect(h.model.startCycle('dishes')).toBeNull();
    h.advance(10);
    expect(h.model.stopCycle()).toBeNull();
    expect(h.model.state).toBe(SYSTEM_STATES.IDLE);
    expect(h.of('event')).toMatchObject([{ kind: 'cycle', cycleName: 'dishes', completed: false }]);
  });

  it('switches off through SHUTDOWN to OFF and on again through STARTUP', () => {
    const h = harness();
    expect(h.model.powerOff()).toBeNull();
    expect(h.model.state).toBe(SYSTEM_STATES.SHUTDOWN);
    h.until(() => h.model.state === SYSTEM_STATES.OFF, 600);
    expect(h.model.state).toBe(SYSTEM_STATES.OFF);
    expect(h.model.startCycle('fast')).toBe('OFF');
    expect(h.model.panelPowerOn()).toBeNull();
    expect(h.model.state).toBe(SYSTEM_STATES.STARTUP);
    expect(h.of('status').map((s) => s.systemState)).toEqual([3, 0, 1]);
  });

  it('starts no cycle while the door is open, from the panel or the cloud (DOOR_OPEN)', () => {
    const h = harness();
    h.model.openDoor();
    expect(h.model.display).toBe('DOOR');
    expect(h.model.startCycle('fast')).toBe('DOOR_OPEN');
    expect(h.command({ name: 'cycle-start', args: { cycleType: 'fast' } })).toMatchObject({ ok: false, error: 'DOOR_OPEN' });
    h.model.closeDoor();
    expect(h.model.startCycle('fast')).toBeNull();
  });

  it('holds a cycle while the door is open and carries on once it is closed', () => {
    const h = harness();
    h.model.startCycle('intensive');
    h.advance(20);
    const before = h.model.currentCycle?.elapsed ?? 0;
    h.model.openDoor();
    h.advance(60);
    expect(h.model.currentCycle?.elapsed).toBe(before);
    h.model.closeDoor();
    h.advance(10);
    expect(h.model.currentCycle?.elapsed).toBeGreaterThan(before);
  });

  it('stops a cycle whose door stays open longer than S24 and raises T17', () => {
    const h = harness();
    h.model.startCycle('intensive');
    h.advance(10);
    h.model.openDoor();
    h.advance(h.model.settings.maxDoorOpenSeconds + 1);
    expect(h.model.currentCycle).toBeNull();
    expect(h.of('event')).toMatchObject([{ kind: 'cycle', cycleName: 'intensive', completed: false }]);
    expect(h.model.activeAlarms.map((a) => a.code)).toContain('T17');
  });

  it('shows F1 on a Hiline machine while its door is open', () => {
    const h = harness({ gamma: 'hiline' });
    h.model.openDoor();
    expect(h.model.activeAlarms.map((a) => a.code)).toEqual(['F1']);
    h.model.closeDoor();
    expect(h.model.activeAlarms).toEqual([]);
    expect(h.of('alarm').map((a) => [a.errorCode, a.stopDate === null])).toEqual([
      ['F1', true],
      ['F1', false],
    ]);
  });

  it('refuses its buttons (PANEL_LOCKED) while a remote control session keeps live mode on, not its door', () => {
    const h = harness();
    h.command({ name: 'run-live', args: { seconds: 60 } });
    expect(h.model.remoteControlActive).toBe(true);
    expect(h.model.startCycle('fast')).toBe('PANEL_LOCKED');
    expect(h.model.powerOff()).toBe('PANEL_LOCKED');
    expect(h.model.panelShowCode()).toBe('PANEL_LOCKED');
    expect(h.model.state).toBe(SYSTEM_STATES.IDLE);
    h.model.openDoor();
    expect(h.model.doorOpen).toBe(true);
    h.model.closeDoor();
    // The remote side still works, and the panel comes back when live mode runs out.
    expect(h.command({ name: 'cycle-start', args: { cycleType: 'intensive' } })).toMatchObject({ ok: true });
    h.advance(61);
    expect(h.model.remoteControlActive).toBe(false);
    expect(h.model.stopCycle()).toBeNull();
  });
});

describe('alarms', () => {
  it('raises an alarm and clears it with the same id and a stopDate', () => {
    const h = harness();
    const id = h.model.raiseAlarm('OH01');
    expect(h.model.raiseAlarm('OH01')).toBe(id);
    h.advance(90);
    expect(h.model.clearAlarm('OH01')).toBe(true);
    expect(h.model.clearAlarm('OH01')).toBe(false);
    const [opened, closed] = h.of('alarm');
    expect(opened).toEqual({ id, errorCode: 'OH01', startDate: '2025-03-03T07:00:00.000Z', stopDate: null });
    expect(closed).toEqual({
      id,
      errorCode: 'OH01',
      startDate: '2025-03-03T07:00:00.000Z',
      stopDate: '2025-03-03T07:01:30.000Z',
    });
  });

  it.each<TGamma>(['infinity', 'hiline'])('raises random alarms from the %s catalogue and clears them again', (gamma) => {
    const h = harness({ gamma, activity: { ...QUIET_ACTIVITY, alarmsPerHour: 2 } });
    h.advance(24 * 3600);
    const alarms = h.of('alarm');
    const codes = new Set(alarmsFor(gamma).map((a) => a.code as string));
    expect(alarms.length).toBeGreaterThan(10);
    expect(alarms.every((a) => codes.has(a.errorCode))).toBe(true);
    const opened = alarms.filter((a) => a.stopDate === null).length;
    const closed = alarms.filter((a) => a.stopDate !== null).length;
    expect(closed).toBeGreaterThanOrEqual(opened - 3);
    expectValid(h.messages);
  });

  it('warns when the detergent runs low and clears the warning when the canister is replaced', () => {
    const h = harness();
    // Dose heavily so that the canister empties within a day of washing.
    h.command({ name: 'params-set', args: { values: { 'dishes.detergentDosage': 100, 'dishes.rinseVolume': 80 } } });
    let cycles = 0;
    while (!h.model.activeAlarms.some((a) => a.code === 'W03') && cycles < 2000) {
      h.model.startCycle('dishes');
      h.until(() => h.model.state === SYSTEM_STATES.IDLE, 3600);
      cycles += 1;
    }
    expect(h.model.activeAlarms.map((a) => a.code)).toContain('W03');
    h.command({ name: 'tank-replace', args: { tank: 'detergent' } });
    expect(h.model.activeAlarms.map((a) => a.code)).not.toContain('W03');
  });
});

describe('telemetry', () => {
  it('carries only the live fields of its range, plus the cycle bar', () => {
    const full = harness({ gamma: 'infinity' }).model.telemetry();
    expect(Object.keys(full).sort()).toEqual(
      [
        'ts',
        'boilerTmp',
        'tankTmp',
        'waterTmp',
        'boilerVlm',
        'tankVlm',
        'rinseWaterVlm',
        'rinseWaterFlowRate',
        'cycleTimeProgress',
        'cycleTimeDuration',
      ].sort(),
    );
    const reduced = harness({ gamma: 'hiline' }).model.telemetry();
    expect(Object.keys(reduced).sort()).toEqual(
      ['ts', 'boilerTmp', 'tankTmp', 'boilerVlm', 'tankVlm', 'cycleTimeProgress', 'cycleTimeDuration'].sort(),
    );
  });

  it('shows the rinse flow only while rinsing', () => {
    const h = harness();
    h.model.startCycle('fast');
    const flows: number[] = [];
    while (h.model.state === SYSTEM_STATES.RUN) {
      h.advance(1);
      flows.push(h.model.telemetry().rinseWaterFlowRate ?? 0);
    }
    expect(flows.some((f) => f > 0)).toBe(true);
    expect(flows.filter((f) => f > 0).length).toBeLessThan(20);
    expect(h.model.telemetry().rinseWaterVlm).toBe(25);
  });
});

describe('determinism', () => {
  it('replays the same messages for the same seed', () => {
    const run = (): string => {
      const h = harness({ activity: { cyclesPerHour: 20, alarmsPerHour: 1, powerOnAfterSeconds: 600 } });
      h.advance(6 * 3600);
      return JSON.stringify(h.messages);
    };
    const first = run();
    expect(first.length).toBeGreaterThan(1000);
    expect(run()).toBe(first);
  });

  it('counts lifetime statistics that only grow', () => {
    const h = harness({ activity: { cyclesPerHour: 20, alarmsPerHour: 0, powerOnAfterSeconds: 600 }, initialCycles: 1200 });
    const first = h.model.stats();
    h.advance(6 * 3600);
    const later = h.model.stats();
    expect(first.totalCycles).toBe(1200);
    for (const key of ['totalCycles', 'totalWater', 'washPumpTime', 'rinsePumpTime', 'energy', 'boilerHeaterTime'] as const) {
      expect(later[key]).toBeGreaterThan(first[key]);
    }
    expect(later.cyclesUntilMaintenance).toBeLessThan(first.cyclesUntilMaintenance);
    const events = h.of('event').filter((e): e is Extract<THaccpEvent, { kind: 'cycle' }> => e.kind === 'cycle');
    expect(later.totalCycles - first.totalCycles).toBe(events.length + (h.model.currentCycle ? 1 : 0));
  });
});

describe('the service menu commands', () => {
  it('reports its panel lock in status when remote control begins and when it runs out', () => {
    const h = harness();
    h.command({ name: 'run-live', args: { seconds: 30 } });
    expect(h.of('status').at(-1)?.panelLocked).toBe(true);
    h.advance(31);
    expect(h.of('status').at(-1)?.panelLocked).toBe(false);
    expectValid(h.messages);
  });

  it('ends live mode at once on run-live for 0 s (the dashboard disconnected): its panel is free again', () => {
    const h = harness();
    h.command({ name: 'run-live', args: { seconds: 300 } });
    expect(h.model.startCycle('fast')).toBe('PANEL_LOCKED');
    expect(h.command({ name: 'run-live', args: { seconds: 0 } })).toMatchObject({ ok: true });
    expect(h.of('status').at(-1)?.panelLocked).toBe(false);
    expect(h.model.startCycle('fast')).not.toBe('PANEL_LOCKED');
    expectValid(h.messages);
  });

  it('resets the faults it raised, answers their codes, and keeps the notices of its own state', () => {
    // A Hiline machine shows F1 while its door is open: a notice of its state, not a fault to reset.
    const h = harness({ gamma: 'hiline' });
    h.model.raiseAlarm('A2');
    h.model.openDoor();
    const result = h.command({ name: 'alarm-reset', args: {} });
    expect(result).toMatchObject({ ok: true, cleared: ['A2'] });
    expect(h.model.activeAlarms.map((a) => a.code)).toEqual(['F1']);
    expect(h.of('alarm').at(-1)).toMatchObject({ errorCode: 'A2' });
    expect(h.of('alarm').at(-1)?.stopDate).not.toBeNull();
    expectValid(h.messages);
  });

  it('goes back to its factory values on factory-reset and reports them', () => {
    const h = harness();
    const factory = presets('infinity');
    const [key, value] = Object.entries(factory)[0] ?? ['', 0];
    h.command({ name: 'energy-saving', args: { on: false } });
    h.command({ name: 'params-set', args: { values: { [key]: value + 1 } } });
    expect(h.model.params[key]).not.toBe(value);
    const result = h.command({ name: 'factory-reset', args: {} });
    expect(result.ok).toBe(true);
    expect(result.values).toEqual(factory);
    expect(h.of('params').at(-1)?.values).toEqual(factory);
    expect(h.of('info').at(-1)?.energySaving).toBe(true);
    expect(h.command({ name: 'cycle-start', args: { cycleType: 'fast' } }).ok).toBe(true);
    expect(h.command({ name: 'factory-reset', args: {} })).toMatchObject({ ok: false, error: 'BUSY' });
  });

  it('is installed: display and info follow the chosen language, units and time zone', () => {
    const h = harness();
    expect(h.model.display).toBe('READY');
    expect(h.model.displayTemperature).toMatch(/°C$/);
    const result = h.command({
      name: 'install',
      args: { name: 'Cucina 1', country: 'DE', unitSystem: 'imperial', timeZone: 'America/New_York', language: 'de', values: {} },
    });
    expect(result).toEqual({ id: result.id, ok: true });
    expect(h.model.display).toBe('BEREIT');
    expect(h.model.displayTemperature).toMatch(/^\d+°F$/);
    // 07:00 UTC is 02:00 in New York in March (EST).
    expect(h.model.displayClock).toBe('02:00');
    expect(h.of('info').at(-1)?.installation).toMatchObject({ name: 'Cucina 1', country: 'DE', language: 'de' });
    // Installed now, by its own clock…
    expect(h.of('info').at(-1)?.installation?.at).toBe(h.of('info').at(-1)?.ts);
    // …unless the install restores a machine on a new board: then when the machine was installed.
    const restoredAt = '2025-03-10T09:30:00.000Z';
    h.command({
      name: 'install',
      args: {
        name: 'Cucina 1',
        country: 'DE',
        unitSystem: 'imperial',
        timeZone: 'America/New_York',
        language: 'de',
        values: {},
        at: restoredAt,
      },
    });
    expect(h.of('info').at(-1)?.installation?.at).toBe(restoredAt);
    expectValid(h.messages);
  });

  it('names the step an install fails at and changes nothing', () => {
    const h = harness();
    const before = { ...h.model.params };
    const base = { country: 'IT', unitSystem: 'metric', timeZone: 'Europe/Rome', language: 'it', values: {} } as const;
    expect(h.command({ name: 'install', args: { ...base, name: '洗碗機' } })).toMatchObject({
      ok: false,
      error: 'INSTALL_FAILED',
      step: 'name',
    });
    const [key] = Object.keys(before);
    expect(h.command({ name: 'install', args: { ...base, name: 'Bar', values: { [key ?? '']: 1e9 } } })).toMatchObject({
      ok: false,
      error: 'INSTALL_FAILED',
      step: 'parameters',
      rejected: [key],
    });
    expect(h.model.params).toEqual(before);
    expect(h.model.display).toBe('READY');
  });
});
