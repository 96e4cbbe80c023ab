import { alarmsFor, type TCycleType, type TDeviceStats, type TGamma } from '@washboard/contracts';
import { cycleSettings, machineSettings, presets } from './catalogue';
import { maintenanceInterval, statsMessage, typicalCounters } from './counters';
import type { TDeviceMessage } from './device-message';
import type { TActivity } from './dishwasher.model';
import { heatingCondition, type THeatingCondition } from './machine-condition';
import { MACHINE_PROFILES, WATER_HEAT_CAPACITY, machineTypeFor } from './machine-profile';
import { createRandom, seedFrom, type TRandom } from './random';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const PROGRAMMES: readonly TCycleType[] = ['dishes', 'dishes', 'glasses', 'intensive', 'short', 'medium', 'fast'];
// Harmless, self-clearing codes of each family a kitchen sees now and then.
const EVERYDAY_ALARMS = ['W01', 'W02', 'W03', 'W05', 'T01', 'T03', 'A1', 'A2', 'F1', 'H1'];
/** Cycles a day in the history: a small kitchen's 6–12. */
const CYCLES_PER_DAY = { min: 6, max: 12 } as const;
/** Lunch and dinner: racks come back to back, a few minutes apart. */
const RUSHES: readonly (readonly [number, number])[] = [
  [12, 14],
  [19, 21],
];
/**
 * A rinse right after the last one finds a weak boiler (see `heatingCondition`) not yet recovered;
 * how long a scaled heater needs, and a cold supply on top of it.
 */
const SCALED_RECOVERY_MINUTES = 6;
/**
 * A kitchen this quiet leaves the machine long enough for energy saving (S29) to switch its heaters
 * off, so most cycles begin by heating the tank and the boiler back up by about this much (K): the
 * live machine measures it so, and the history counts it too, or the day it meets the live machine
 * would use three times the energy of a history day.
 */
const REHEAT_KELVIN = 30;

/**
 * The kitchen of the seeded history as a live machine's activity: its mean cycles a day spread over
 * the day. A demo machine started after its history with this keeps the same daily water and energy
 * on the day the two meet.
 */
export const KITCHEN_ACTIVITY: Readonly<Partial<TActivity>> = {
  cyclesPerHour: (CYCLES_PER_DAY.min + CYCLES_PER_DAY.max) / 2 / 24,
};

export type TMachineHistoryOptions = {
  /** the history ends on the day before this one */
  now: Date;
  days: number;
  /** mixed with the serial number: each machine has its own history, the same for the same seed */
  seed: number;
  /** the machine's cycle count when the history starts */
  cyclesBefore: number;
};

export type TMachineHistory = {
  messages: TDeviceMessage[];
  /** the cycle count at the end */
  totalCycles: number;
  /** the last counter report: start the live machine with it (`resumeFrom`) and its counters carry on */
  lastStats: TDeviceStats;
};

/**
 * The last `days` days of a machine's life, as the messages it would have sent, oldest first: 6–12
 * cycles a day between 07:00 and 22:00 UTC, back to back at lunch and dinner; a few everyday alarms
 * of its range opened and cleared, and a counter report each evening at the rates a running machine
 * counts (`typicalCounters`), plus the energy a quiet kitchen's machine spends heating up again.
 *
 * Temperatures follow the factory settings the live machine runs with: the wash peak lies in the
 * band the tank thermostat holds (setpoint − S9 … setpoint, never below the thermostop S3), the
 * final rinse near the boiler setpoint. A cycle fails only for a modelled reason, the same one the
 * live machine has (`heatingCondition`): on a machine with a scaled boiler heater a rinse that
 * follows the last one within minutes finds the boiler cold, waits S22 for it, gives up with T16 and
 * rinses below 82 °C (the cycle takes S22 longer; with a cold supply its rinse minimum dips deep);
 * now and then the staff stop a cycle early.
 */
export function machineHistory(machine: { serial: string; gamma: TGamma }, options: TMachineHistoryOptions): TMachineHistory {
  // The generator every simulated machine uses, on a stream of its own: the live machine seeded
  // with the same number draws other ids, so its cycles never collide with its past.
  const random = createRandom(seedFrom(options.seed, machine.serial, 'history'));
  const condition = heatingCondition(options.seed, machine.serial);
  const profile = MACHINE_PROFILES[machineTypeFor(machine.gamma)];
  const values = presets(machine.gamma);
  const settings = machineSettings(values, profile);
  const codes = alarmsFor(machine.gamma)
    .map((a) => a.code)
    .filter((code) => EVERYDAY_ALARMS.includes(code));
  const pauseTimeoutCode = alarmsFor(machine.gamma).some((a) => a.code === 'T16') ? 'T16' : null;
  const messages: TDeviceMessage[] = [];
  let cycles = options.cyclesBefore;
  let lastStats: TDeviceStats | null = null;
  const { now } = options;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  for (let day = options.days; day >= 1; day -= 1) {
    const midnight = today - day * DAY;
    let at = midnight + 7 * HOUR + random.int(0, HOUR);
    let lastEnd = Number.NEGATIVE_INFINITY;
    const count = random.int(CYCLES_PER_DAY.min, CYCLES_PER_DAY.max);
    for (let i = 0; i < count && at < midnight + 22 * HOUR; i += 1) {
      const cycleName = random.pick(PROGRAMMES);
      const cycle = cycleSettings(values, cycleName, profile, settings);
      const seconds = random.int(110, 240);
      const coldBoiler = condition.boilerHeaterShare < 1 && at - lastEnd < SCALED_RECOVERY_MINUTES * MINUTE;
      const stopped = !coldBoiler && random.next() < 0.015;
      const took = seconds + (coldBoiler ? settings.maxPauseSeconds : 0);
      cycles += 1;
      messages.push({
        topic: 'event',
        payload: {
          id: random.uuid(),
          kind: 'cycle',
          cycleName,
          cycleNumber: cycles,
          start: new Date(at).toISOString(),
          stop: new Date(at + took * 1000).toISOString(),
          completed: !stopped,
          measurements: measurements(random, cycle, settings, condition, coldBoiler),
        },
      });
      if (coldBoiler && pauseTimeoutCode) {
        // Raised when the thermostop gives up, cleared by the next cycle's hot rinse.
        const alarm = {
          id: random.uuid(),
          errorCode: pauseTimeoutCode,
          startDate: new Date(at + (took - 15) * 1000).toISOString(),
        };
        messages.push({ topic: 'alarm', payload: { ...alarm, stopDate: null } });
        messages.push({
          topic: 'alarm',
          payload: { ...alarm, stopDate: new Date(at + took * 1000 + 20 * MINUTE).toISOString() },
        });
      }
      lastEnd = at + took * 1000;
      const hour = (lastEnd - midnight) / HOUR;
      const rush = RUSHES.some(([from, to]) => hour >= from && hour < to);
      at = lastEnd + (rush ? random.int(1, 8) : random.int(10, 90)) * MINUTE;
    }
    if (codes.length > 0 && random.next() < 0.3) {
      const start = midnight + random.int(8, 20) * HOUR;
      const alarm = { id: random.uuid(), errorCode: random.pick(codes), startDate: new Date(start).toISOString() };
      messages.push({ topic: 'alarm', payload: { ...alarm, stopDate: null } });
      messages.push({
        topic: 'alarm',
        payload: { ...alarm, stopDate: new Date(start + random.int(2, 40) * MINUTE).toISOString() },
      });
    }
    const counters = typicalCounters(cycles, profile, settings);
    const reheats = cycles - options.cyclesBefore;
    const tankKj = settings.tankLitres * WATER_HEAT_CAPACITY * REHEAT_KELVIN;
    const boilerKj = settings.boilerLitres * WATER_HEAT_CAPACITY * REHEAT_KELVIN;
    counters.energyWh += (reheats * (tankKj + boilerKj)) / 3.6;
    counters.tankHeaterSeconds += (reheats * tankKj) / settings.tankHeaterKw;
    counters.boilerHeaterSeconds += (reheats * boilerKj) / settings.boilerHeaterKw;
    lastStats = statsMessage(counters, maintenanceInterval(settings), new Date(midnight + 23 * HOUR).toISOString());
    messages.push({ topic: 'stats', payload: lastStats });
  }
  if (!lastStats) throw new Error('a machine history needs at least one day');
  return { messages, totalCycles: cycles, lastStats };
}

/** Tenths of °C of a temperature in °C. */
const tenths = (celsius: number): number => Math.round(celsius * 10);

/** What the probes of one cycle recorded (see `machineHistory`). */
function measurements(
  random: TRandom,
  cycle: { tankSetpoint: number; boilerSetpoint: number; rinseLitres: number },
  machine: { tankHysteresis: number; minWashTemp: number },
  condition: THeatingCondition,
  coldBoiler: boolean,
) {
  const washMax = Math.max(machine.minWashTemp, cycle.tankSetpoint - random.between(0, machine.tankHysteresis));
  const rinseMax = coldBoiler ? random.between(76, 81.5) : cycle.boilerSetpoint - random.between(0, 1.5);
  // The rinse outlet dips as mains water refills the boiler below it: deeper from a cold supply.
  const dip = random.between(3, 6) + (coldBoiler ? 4 : 0) + (condition.coldInlet ? 3 : 0);
  return {
    // The rack of ware takes 2–4 °C from the wash water.
    washMinTmp: tenths(washMax - random.between(2, 4)),
    washMaxTmp: tenths(washMax),
    rinseMinTmp: tenths(rinseMax - dip),
    rinseMaxTmp: tenths(rinseMax),
    rinseWaterVlm: tenths(cycle.rinseLitres),
  };
}
