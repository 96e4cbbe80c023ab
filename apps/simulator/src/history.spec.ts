import { describe, expect, it } from 'vitest';
import { deviceTopic, type TDeviceStats, type THaccpEvent } from '@washboard/contracts';
import { DishwasherModel, QUIET_ACTIVITY } from './dishwasher.model';
import { machineHistory } from './history';
import { checkDeviceMessage } from './protocol-check';

const NOW = new Date('2026-03-31T12:00:00Z');
const DAY = 86_400_000;

describe('machineHistory', () => {
  const history = machineHistory({ serial: 'WB-0001', gamma: 'infinity' }, { now: NOW, days: 30, seed: 7, cyclesBefore: 800 });
  const events = history.messages.flatMap((m) => (m.topic === 'event' ? [m.payload] : []));
  const stats = history.messages.flatMap((m) => (m.topic === 'stats' ? [m.payload] : []));

  it('sends only what the protocol accepts', () => {
    for (const message of history.messages) {
      expect(checkDeviceMessage(deviceTopic('WB-0001', message.topic), JSON.stringify(message.payload))).toBeNull();
    }
  });

  it('runs 6–12 cycles a day in kitchen hours, numbered on from the cycles before', () => {
    const perDay = new Map<number, THaccpEvent[]>();
    for (const event of events) {
      const day = Math.floor(Date.parse(event.start) / DAY);
      perDay.set(day, [...(perDay.get(day) ?? []), event]);
      const hour = new Date(event.start).getUTCHours();
      expect(hour).toBeGreaterThanOrEqual(7);
      expect(hour).toBeLessThan(22);
    }
    expect(perDay.size).toBe(30);
    for (const cycles of perDay.values()) {
      expect(cycles.length).toBeGreaterThanOrEqual(6);
      expect(cycles.length).toBeLessThanOrEqual(12);
    }
    expect(events.map((e) => (e.kind === 'cycle' ? e.cycleNumber : 0))).toEqual(events.map((_, i) => 801 + i));
    expect(history.totalCycles).toBe(800 + events.length);
    expect(Math.max(...events.map((e) => Date.parse(e.start)))).toBeLessThan(Date.UTC(2026, 2, 31));
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

  it('reports counters each evening that a machine started with the total carries on', () => {
    expect(stats).toHaveLength(30);
    expect(stats.map((s) => s.totalCycles)).toEqual([...stats.map((s) => s.totalCycles)].sort((a, b) => a - b));
    const last = stats.at(-1) as TDeviceStats;
    const machine = new DishwasherModel({
      serial: 'WB-0001',
      gamma: 'infinity',
      seed: 7,
      activity: QUIET_ACTIVITY,
      initialCycles: history.totalCycles,
    });
    expect({ ...machine.stats(), ts: last.ts }).toEqual(last);
  });

  it('is the same for the same seed and serial, and its own for another machine', () => {
    const again = machineHistory({ serial: 'WB-0001', gamma: 'infinity' }, { now: NOW, days: 30, seed: 7, cyclesBefore: 800 });
    expect(again).toEqual(history);
    const other = machineHistory({ serial: 'WB-0002', gamma: 'infinity' }, { now: NOW, days: 30, seed: 7, cyclesBefore: 800 });
    expect(other.messages).not.toEqual(history.messages);
  });
});
