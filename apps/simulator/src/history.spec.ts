import { describe, expect, it } from 'vitest';
import { deviceTopic, heatDose, HUE_MIN, hygieneRuleFor, hygieneVerdict, type TDeviceStats } from '@washboard/contracts';
import { DishwasherModel, QUIET_ACTIVITY } from './dishwasher.model';
import { KITCHEN_ACTIVITY, machineHistory, type TMachineHistory } from './history';
import { heatingCondition } from './machine-condition';
import { checkDeviceMessage } from './protocol-check';

const NOW = new Date('2026-03-31T12:00:00Z');
const DAY = 86_400_000;

/** When a machine sends a message of its history: a cycle's record as it ends, an alarm as it opens and clears. */
function sentAt(m: TMachineHistory['messages'][number]): number {
  if (m.topic === 'event') return Date.parse(m.payload.stop);
  if (m.topic === 'alarm') return Date.parse(m.payload.stopDate ?? m.payload.startDate);
  if (m.topic === 'stats') return Date.parse(m.payload.ts);
  throw new Error(`no ${m.topic} in a history`);
}

describe('machineHistory', () => {
  const history = machineHistory({ serial: 'WB-0001', gamma: 'infinity' }, { now: NOW, days: 30, seed: 7, cyclesBefore: 800 });
  const events = history.messages.flatMap((m) => (m.topic === 'event' ? [m.payload] : []));
  const stats = history.messages.flatMap((m) => (m.topic === 'stats' ? [m.payload] : []));

  it('sends only what the protocol accepts', () => {
    for (const message of history.messages) {
      expect(checkDeviceMessage(deviceTopic('WB-0001', message.topic), JSON.stringify(message.payload))).toBeNull();
    }
  });

  it("runs a restaurant's day: 100–250 cycles, busiest at lunch and dinner, never quiet for long, numbered on", () => {
    const perDay = new Map<number, number>();
    const perHour = new Map<number, number>();
    for (const event of events) {
      const day = Math.floor(Date.parse(event.start) / DAY);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      const hour = new Date(event.start).getUTCHours();
      perHour.set(hour, (perHour.get(hour) ?? 0) + 1);
    }
    expect(perDay.size).toBe(30);
    for (const cycles of perDay.values()) {
      expect(cycles).toBeGreaterThanOrEqual(100);
      expect(cycles).toBeLessThanOrEqual(250);
    }
    const mean = (hours: number[]) => hours.reduce((sum, h) => sum + (perHour.get(h) ?? 0), 0) / hours.length;
    expect(mean([12, 13, 19, 20])).toBeGreaterThan(2 * mean([0, 1, 2, 3, 4, 5]));
    // Never quiet for long: hardly an hour of the month, day or night, without a cycle starting.
    const busyHours = new Set(events.map((e) => Math.floor(Date.parse(e.start) / 3_600_000)));
    expect(busyHours.size).toBeGreaterThanOrEqual(0.99 * 30 * 24);
    expect(events.map((e) => (e.kind === 'cycle' ? e.cycleNumber : 0))).toEqual(events.map((_, i) => 801 + i));
    expect(history.totalCycles).toBe(800 + events.length);
    expect(Math.max(...events.map((e) => Date.parse(e.start)))).toBeLessThan(Date.UTC(2026, 2, 31));
  });

  it("keeps the demo lively: a fleet of six on the kitchen's day starts its first cycle within two minutes on average, at any hour", () => {
    // On the machines themselves, with a fake clock: each hour of the day, sixteen fleets of six
    // ready machines (other seeds) until the first one starts a cycle.
    const slowest: { hour: number; seconds: number }[] = [];
    for (let hour = 0; hour < 24; hour += 1) {
      let total = 0;
      const fleets = 16;
      for (let seed = 1; seed <= fleets; seed += 1) {
        let clock = Date.UTC(2026, 2, 31, hour);
        const fleet = Array.from(
          { length: 6 },
          (_, i) =>
            new DishwasherModel({
              serial: `WB-${String(i + 1).padStart(4, '0')}`,
              seed,
              clock: () => clock,
              activity: { ...KITCHEN_ACTIVITY, alarmsPerHour: 0 },
            }),
        );
        let waited = 0;
        while (!fleet.some((machine) => machine.currentCycle) && waited < 3600) {
          for (const machine of fleet) machine.advance(2);
          clock += 2000;
          waited += 2;
        }
        total += waited;
      }
      slowest.push({ hour, seconds: total / fleets });
    }
    for (const { hour, seconds } of slowest) expect(seconds, `${hour}:00 UTC`).toBeLessThan(120);
  });

  it('opens and clears everyday alarms, each pair under one id', () => {
    const alarms = history.messages.flatMap((m) => (m.topic === 'alarm' ? [m.payload] : []));
    expect(alarms.length).toBeGreaterThan(0);
    const byId = new Map<string, typeof alarms>();
    for (const alarm of alarms) byId.set(alarm.id, [...(byId.get(alarm.id) ?? []), alarm]);
    for (const pair of byId.values()) {
      expect(pair.map((a) => a.stopDate === null)).toEqual([true, false]);
    }
  });

  it('reports counters at the end of each day that a machine started with the total carries on', () => {
    expect(stats).toHaveLength(30);
    expect(stats.map((s) => s.totalCycles)).toEqual([...stats.map((s) => s.totalCycles)].sort((a, b) => a - b));
    const last = stats.at(-1) as TDeviceStats;
    expect(history.lastStats).toEqual(last);
    const machine = new DishwasherModel({
      serial: 'WB-0001',
      gamma: 'infinity',
      seed: 7,
      activity: QUIET_ACTIVITY,
      resumeFrom: history.lastStats,
    });
    expect({ ...machine.stats(), ts: last.ts }).toEqual(last);
  });

  it('joins the live machine without a step: counters never fall and the join day uses what a history day does', () => {
    let clock = Date.UTC(2026, 2, 31, 0, 0);
    const live: TDeviceStats[] = [];
    const machine = new DishwasherModel({
      serial: 'WB-0001',
      gamma: 'infinity',
      seed: 7,
      clock: () => clock,
      activity: { ...KITCHEN_ACTIVITY, alarmsPerHour: 0 },
      resumeFrom: history.lastStats,
      emit: (m) => m.topic === 'stats' && live.push(m.payload),
    });
    machine.announce();
    for (let s = 0; s < 24 * 3600; s += 60) {
      machine.advance(60);
      clock += 60_000;
    }
    const series = [...stats, ...live];
    const keys = ['totalCycles', 'totalWater', 'energy', 'regenerationCycles', 'washPumpTime', 'boilerHeaterTime'] as const;
    for (const key of keys) {
      for (let i = 1; i < series.length; i += 1) expect(series[i]?.[key], key).toBeGreaterThanOrEqual(series[i - 1]?.[key] ?? 0);
    }
    const daily = (key: 'totalWater' | 'energy') => stats.slice(1).map((s, i) => s[key] - (stats[i]?.[key] ?? 0));
    const joinDay = (key: 'totalWater' | 'energy') => (live.at(-1)?.[key] ?? 0) - history.lastStats[key];
    for (const key of ['totalWater', 'energy'] as const) {
      expect(joinDay(key), key).toBeGreaterThan(0);
      expect(joinDay(key), key).toBeLessThanOrEqual(2 * Math.max(...daily(key)));
    }
  });

  it('passes the hygiene rule on at least 90 % of cycles, and fails only for a reason it shows', () => {
    const rule = hygieneRuleFor('hood');
    let judged = 0;
    let failed = 0;
    let scaledFailures = 0;
    for (let n = 1; n <= 12; n += 1) {
      const serial = `WB-${String(n).padStart(4, '0')}`;
      const condition = heatingCondition(7, serial);
      const past = machineHistory({ serial, gamma: 'infinity' }, { now: NOW, days: 30, seed: 7, cyclesBefore: 800 });
      const pauseTimeouts = past.messages.flatMap((m) =>
        m.topic === 'alarm' && m.payload.errorCode === 'T16' ? [m.payload] : [],
      );
      for (const message of past.messages) {
        if (message.topic !== 'event' || message.payload.kind !== 'cycle') continue;
        const event = message.payload;
        const verdict = hygieneVerdict(event, rule);
        judged += 1;
        if (verdict.verdict !== 'fail') continue;
        failed += 1;
        if (verdict.failures.includes('notCompleted')) continue;
        // Not stopped: the rinse was cold because the scaled heater had not recovered; the
        // thermostop's wait made the cycle longer, and T16 was raised at its end.
        expect(verdict.failures).toEqual(['rinse']);
        expect(condition.boilerHeaterShare).toBeLessThan(1);
        expect(Date.parse(event.stop) - Date.parse(event.start)).toBeGreaterThan(300_000);
        expect(pauseTimeouts.some((a) => a.startDate >= event.start && a.startDate <= event.stop)).toBe(true);
        scaledFailures += 1;
      }
    }
    expect(judged).toBeGreaterThan(12 * 30 * 6);
    expect(failed / judged).toBeLessThanOrEqual(0.1);
    expect(scaledFailures).toBeGreaterThan(0);
  });

  it('reports a realistic final-rinse trace with every cycle: within its extremes, and short of 3,600 HUE only when weak', () => {
    let short = 0;
    for (const event of events) {
      if (event.kind !== 'cycle') continue;
      const trace = event.rinseTrace ?? [];
      expect(trace.length).toBeGreaterThanOrEqual(5);
      // Starts at the rinse minimum (the water left in the pipe), peaks at the recorded maximum.
      expect(trace[0]).toBe(event.measurements.rinseMinTmp);
      expect(Math.max(...trace)).toBe(event.measurements.rinseMaxTmp);
      expect(Math.min(...trace)).toBe(event.measurements.rinseMinTmp);
      if (heatDose(trace).hue < HUE_MIN) {
        short += 1;
        expect(event.measurements.rinseMaxTmp).toBeLessThan(820);
      }
    }
    expect(short / events.length).toBeLessThan(0.05);
  });

  it('is the same for the same seed and serial, and its own for another machine', () => {
    const again = machineHistory({ serial: 'WB-0001', gamma: 'infinity' }, { now: NOW, days: 30, seed: 7, cyclesBefore: 800 });
    expect(again).toEqual(history);
    const other = machineHistory({ serial: 'WB-0002', gamma: 'infinity' }, { now: NOW, days: 30, seed: 7, cyclesBefore: 800 });
    expect(other.messages).not.toEqual(history.messages);
  });

  it('runs on to the minute through today when asked (untilNow), the days before unchanged, nothing after now', () => {
    // NOW is noon: a morning of a kitchen's day and lunch under way.
    const toNow = machineHistory(
      { serial: 'WB-0001', gamma: 'infinity' },
      { now: NOW, days: 30, seed: 7, cyclesBefore: 800, untilNow: true },
    );
    const today = Date.UTC(2026, 2, 31);
    const dated = (m: (typeof toNow.messages)[number]) =>
      m.topic === 'event'
        ? [m.payload.start, m.payload.stop]
        : m.topic === 'alarm'
          ? [m.payload.startDate, m.payload.stopDate ?? m.payload.startDate]
          : m.topic === 'stats'
            ? [m.payload.ts]
            : [];
    const times = toNow.messages.flatMap(dated).map((at) => Date.parse(at));
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime());
    // The days before today as they were.
    const before = (messages: typeof toNow.messages) => messages.filter((m) => dated(m).every((at) => Date.parse(at) < today));
    expect(before(toNow.messages)).toEqual(before(history.messages));
    const todays = toNow.messages.flatMap((m) =>
      m.topic === 'event' && Date.parse(m.payload.start) >= today ? [m.payload] : [],
    );
    // The morning's cycles (at least 30 by noon), the last within minutes of now.
    expect(todays.length).toBeGreaterThanOrEqual(30);
    expect(NOW.getTime() - Date.parse(todays.at(-1)?.stop ?? '')).toBeLessThan(15 * 60_000);
    // Its counters stand at now: the live machine carries on from them.
    expect(Date.parse(toNow.lastStats.ts)).toBe(NOW.getTime() - 60_000);
    expect(toNow.totalCycles).toBe(history.totalCycles + todays.length);
  });

  it('ends nothing after now even minutes after midnight, when last night may still be washing', () => {
    for (const minutes of [0, 2, 15]) {
      const now = new Date(Date.UTC(2026, 2, 31, 0, minutes));
      for (const serial of ['WB-0001', 'WB-0002', 'WB-0003', 'WB-0004', 'WB-0005']) {
        const past = machineHistory({ serial, gamma: 'infinity' }, { now, days: 3, seed: 7, cyclesBefore: 800, untilNow: true });
        const latest = Math.max(...past.messages.map(sentAt));
        expect(latest).toBeLessThanOrEqual(now.getTime());
      }
    }
  });

  it('sends its messages oldest first, as a machine does: an alarm in its place among the cycles', () => {
    const sent = history.messages.map(sentAt);
    expect(sent.every((at, i) => i === 0 || at >= (sent[i - 1] as number))).toBe(true);
  });
});
