import { alarmsFor, type TCycleType, type TGamma } from '@washboard/contracts';
import { machineSettings, presets } from './catalogue';
import { maintenanceInterval, statsMessage, typicalCounters } from './counters';
import type { TDeviceMessage } from './device-message';
import { MACHINE_PROFILES, machineTypeFor } from './machine-profile';
import { createRandom, seedFrom } from './random';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const PROGRAMMES: readonly TCycleType[] = ['dishes', 'dishes', 'glasses', 'intensive', 'short', 'medium', 'fast'];
// Harmless, self-clearing codes of each family a kitchen sees now and then.
const EVERYDAY_ALARMS = ['W01', 'W02', 'W03', 'W05', 'T01', 'T03', 'A1', 'A2', 'F1', 'H1'];

export type TMachineHistoryOptions = {
  /** the history ends on the day before this one */
  now: Date;
  days: number;
  /** mixed with the serial number: each machine has its own history, the same for the same seed */
  seed: number;
  /** the machine's cycle count when the history starts */
  cyclesBefore: number;
};

/**
 * The last `days` days of a machine's life, as the messages it would have sent, oldest first: 6–12
 * cycles a day between 07:00 and 22:00 UTC (now and then one with a final rinse below 82 °C, or
 * stopped early), a few everyday alarms of its range opened and cleared, and a counter report each
 * evening at the rates a running machine counts (`typicalCounters`). `totalCycles` is its cycle
 * count at the end: start the machine with it as `initialCycles` and its counters carry on.
 */
export function machineHistory(
  machine: { serial: string; gamma: TGamma },
  options: TMachineHistoryOptions,
): { messages: TDeviceMessage[]; totalCycles: number } {
  // The generator every simulated machine uses, on a stream of its own: the live machine seeded
  // with the same number draws other ids, so its cycles never collide with its past.
  const random = createRandom(seedFrom(options.seed, machine.serial, 'history'));
  const profile = MACHINE_PROFILES[machineTypeFor(machine.gamma)];
  const settings = machineSettings(presets(machine.gamma), profile);
  const codes = alarmsFor(machine.gamma)
    .map((a) => a.code)
    .filter((code) => EVERYDAY_ALARMS.includes(code));
  const messages: TDeviceMessage[] = [];
  let cycles = options.cyclesBefore;
  const { now } = options;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  for (let day = options.days; day >= 1; day -= 1) {
    const midnight = today - day * DAY;
    let at = midnight + 7 * HOUR + random.int(0, HOUR);
    const count = random.int(6, 12);
    for (let i = 0; i < count && at < midnight + 22 * HOUR; i += 1) {
      const seconds = random.int(110, 240);
      const coldRinse = random.next() < 0.03;
      const stopped = !coldRinse && random.next() < 0.015;
      cycles += 1;
      messages.push({
        topic: 'event',
        payload: {
          id: random.uuid(),
          kind: 'cycle',
          cycleName: random.pick(PROGRAMMES),
          cycleNumber: cycles,
          start: new Date(at).toISOString(),
          stop: new Date(at + seconds * 1000).toISOString(),
          completed: !stopped,
          measurements: {
            washMinTmp: random.int(520, 580),
            washMaxTmp: random.int(605, 648),
            rinseMinTmp: random.int(700, 780),
            rinseMaxTmp: coldRinse ? random.int(785, 815) : random.int(825, 862),
            rinseWaterVlm: random.int(22, 30),
          },
        },
      });
      at += seconds * 1000 + random.int(10, 90) * 60_000;
    }
    if (codes.length > 0 && random.next() < 0.3) {
      const start = midnight + random.int(8, 20) * HOUR;
      const alarm = { id: random.uuid(), errorCode: random.pick(codes), startDate: new Date(start).toISOString() };
      messages.push({ topic: 'alarm', payload: { ...alarm, stopDate: null } });
      messages.push({
        topic: 'alarm',
        payload: { ...alarm, stopDate: new Date(start + random.int(2, 40) * 60_000).toISOString() },
      });
    }
    const counters = typicalCounters(cycles, profile, settings);
    messages.push({
      topic: 'stats',
      payload: statsMessage(counters, maintenanceInterval(settings), new Date(midnight + 23 * HOUR).toISOString()),
    });
  }
  return { messages, totalCycles: cycles };
}
