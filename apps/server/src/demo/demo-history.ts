import { randomUUID } from 'node:crypto';
import {
  alarmsFor,
  deviceTopic,
  type TCycleType,
  type TDeviceAlarm,
  type TDeviceStats,
  type TGamma,
  type THaccpEvent,
} from '@washboard/contracts';

/** One message as a machine would have sent it: its topic and JSON payload. */
export type TDemoMessage = { topic: string; payload: unknown };

const DAY = 86_400_000;
const PROGRAMMES: readonly TCycleType[] = ['dishes', 'dishes', 'glasses', 'intensive', 'short', 'medium', 'fast'];
// Harmless, self-clearing codes of each family a kitchen sees now and then.
const EVERYDAY_ALARMS = ['W01', 'W02', 'W03', 'W05', 'T01', 'T03', 'A1', 'A2', 'F1', 'H1'];

/** A small seeded generator (mulberry32): the same demo history on every fresh database. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

/** The counters a machine reports after `cycles` cycles (the virtual dishwasher's own rates). */
export function demoStats(ts: Date, cycles: number, hood: boolean): TDeviceStats {
  return {
    ts: ts.toISOString(),
    totalCycles: cycles,
    totalWater: Math.round(cycles * (hood ? 3.4 : 2.3) * 10),
    rinsePumpTime: cycles * 15,
    washPumpTime: cycles * 120,
    energy: cycles * (hood ? 420 : 260),
    regenerationCycles: Math.floor(cycles / 50),
    logsCount: cycles,
    boilerHeaterTime: cycles * 70,
    tankHeaterTime: cycles * 90,
    cyclesUntilMaintenance: 5000 - (cycles % 5000),
  };
}

/**
 * The last `days` days of a demo machine's life, so its HACCP screen, alarm register and charts have
 * something to show from the first minute: 6–12 cycles a day between 07:00 and 22:00 (now and then
 * one with a final rinse below 82 °C or stopped early), a daily counter report, and a few everyday
 * alarms opened and cleared. Returns the machine's total cycles at the end.
 */
export function demoHistory(
  machine: { serialNumber: string; gamma: TGamma },
  options: { now: Date; days: number; seed: number; cyclesBefore: number },
): { messages: TDemoMessage[]; totalCycles: number } {
  const rnd = random(options.seed);
  const { serialNumber } = machine;
  const hood = machine.gamma === 'ge';
  const codes = alarmsFor(machine.gamma)
    .map((a) => a.code)
    .filter((code) => EVERYDAY_ALARMS.includes(code));
  const messages: TDemoMessage[] = [];
  const send = (topic: 'event' | 'alarm' | 'stats', payload: THaccpEvent | TDeviceAlarm | TDeviceStats) =>
    messages.push({ topic: deviceTopic(serialNumber, topic), payload });
  let cycles = options.cyclesBefore;
  const today = Date.UTC(options.now.getUTCFullYear(), options.now.getUTCMonth(), options.now.getUTCDate());

  for (let day = options.days; day >= 1; day -= 1) {
    const midnight = today - day * DAY;
    let at = midnight + 7 * 3_600_000 + rnd.int(0, 3_600_000);
    const count = rnd.int(6, 12);
    for (let i = 0; i < count && at < midnight + 22 * 3_600_000; i += 1) {
      const seconds = rnd.int(110, 240);
      const coldRinse = rnd.next() < 0.03;
      const stopped = !coldRinse && rnd.next() < 0.015;
      cycles += 1;
      send('event', {
        id: randomUUID(),
        kind: 'cycle',
        cycleName: rnd.pick(PROGRAMMES),
        cycleNumber: cycles,
        start: new Date(at).toISOString(),
        stop: new Date(at + seconds * 1000).toISOString(),
        completed: !stopped,
        measurements: {
          washMinTmp: rnd.int(520, 580),
          washMaxTmp: rnd.int(605, 648),
          rinseMinTmp: rnd.int(700, 780),
          rinseMaxTmp: coldRinse ? rnd.int(785, 815) : rnd.int(825, 862),
          rinseWaterVlm: rnd.int(22, 30),
        },
      });
      at += seconds * 1000 + rnd.int(10, 90) * 60_000;
    }
    if (codes.length > 0 && rnd.next() < 0.3) {
      const start = midnight + rnd.int(8, 20) * 3_600_000;
      const alarm = { id: randomUUID(), errorCode: rnd.pick(codes), startDate: new Date(start).toISOString() };
      send('alarm', { ...alarm, stopDate: null });
      send('alarm', { ...alarm, stopDate: new Date(start + rnd.int(2, 40) * 60_000).toISOString() });
    }
    send('stats', demoStats(new Date(midnight + 23 * 3_600_000), cycles, hood));
  }
  return { messages, totalCycles: cycles };
}
