import { alarmsFor, type TCycleType, type TDeviceStats, type TGamma } from '@washboard/contracts';
import { cycleSettings, machineSettings, presets } from './catalogue';
import { maintenanceInterval, statsMessage, typicalCounters } from './counters';
import type { TDeviceMessage } from './device-message';
import type { TActivity } from './dishwasher.model';
import { heatingCondition, type THeatingCondition } from './machine-condition';
import { MACHINE_PROFILES, WATER_HEAT_CAPACITY, machineTypeFor } from './machine-profile';
import { createRandom, seedFrom, type TRandom } from './random';
import { KITCHEN_DAY, nextCycleStart } from './kitchen-day';
import { rinseTrace } from './rinse-trace';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const PROGRAMMES: readonly TCycleType[] = ['dishes', 'dishes', 'glasses', 'intensive', 'short', 'medium', 'fast'];
// Harmless, self-clearing codes of each family a kitchen sees now and then.
const EVERYDAY_ALARMS = ['W01', 'W02', 'W03', 'W05', 'T01', 'T03', 'A1', 'A2', 'F1', 'H1'];
/**
 * A rinse right after the last one finds a weak boiler (see `heatingCondition`) not yet recovered;
 * how long a scaled heater needs, and a cold supply on top of it.
 */
const SCALED_RECOVERY_MINUTES = 6;
/**
 * Most such rinses still pass: the thermostop (S2) holds the rinse until the boiler is hot again,
 * and only now and then does its wait (S22) run out first. The share the live machine shows on the
 * kitchen's day (a scaled heater at 20–30 % of its power fails 3–6 % of its cycles).
 */
const SCALED_COLD_RINSE_SHARE = 0.07;
/** Where the thermostats hold the water between cycles (°C, the factory setpoints) and the room around it. */
export const HOLD = { tankCelsius: 65, boilerCelsius: 85, roomCelsius: 23 } as const;

/** kJ a day to keep `litres` of water at `celsius` against a loss to the room with time constant `tau` (s). */
function holdingKj(litres: number, celsius: number, tau: number): number {
  return (litres * WATER_HEAT_CAPACITY * (celsius - HOLD.roomCelsius) * (DAY / 1000)) / tau;
}

/**
 * The kitchen of the seeded history as a live machine's activity: the same day (`KITCHEN_DAY`), so
 * a demo machine started after its history uses on the day the two meet what a history day did, and
 * a fleet of six starts its first cycle within a couple of minutes at any hour.
 */
export const KITCHEN_ACTIVITY: Readonly<Partial<TActivity>> = { cyclesPerHour: KITCHEN_DAY };

export type TMachineHistoryOptions = {
  /** the history's `days` end on the day before this one */
  now: Date;
  days: number;
  /**
   * the history runs on through `now`'s day up to `now` itself, so that a machine going live now
   * has a past up to the minute (the demo); otherwise it ends at the start of that day
   */
  untilNow?: boolean;
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
 * The last `days` days of a machine's life (and today's until now, `untilNow`), as the messages it
 * would have sent, oldest first: the cycles of the kitchen's day (`KITCHEN_DAY`, 100–250 a day,
 * busiest at lunch and dinner), each starting once the last has finished; a few everyday alarms of
 * its range opened and cleared, and a counter report at the end of each day at the rates a running
 * machine counts (`typicalCounters`), plus the heat its thermostats put back while it stands ready
 * and hot all day.
 *
 * Temperatures follow the factory settings the live machine runs with: the wash peak lies in the
 * band the tank thermostat holds (setpoint − S9 … setpoint, never below the thermostop S3), the
 * final rinse near the boiler setpoint. A cycle fails only for a modelled reason, the same one the
 * live machine has (`heatingCondition`): on a machine with a scaled boiler heater a rinse that
 * follows the last one within minutes may find the boiler cold, waits S22 for it, gives up with T16
 * and rinses below 82 °C (the cycle takes S22 longer; with a cold supply its rinse minimum dips
 * deep); now and then the staff stop a cycle early.
 */
export function machineHistory(machine: { serial: string; gamma: TGamma }, options: TMachineHistoryOptions): TMachineHistory {
  // The generator every simulated machine uses, on a stream of its own: the live machine seeded
  // with the same number draws other ids, so its cycles never collide with its past.
  const random = createRandom(seedFrom(options.seed, machine.serial, 'history'));
  // The rinse traces draw from a stream of their own, so the rest of the history stays as it was.
  const traceRandom = createRandom(seedFrom(options.seed, machine.serial, 'rinse-trace'));
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

  const first = today - options.days * DAY;
  // With `untilNow` nothing may end after now, on any day (a cycle of last night may run past it).
  const until = options.untilNow ? now.getTime() : Number.POSITIVE_INFINITY;
  let lastEnd = Number.NEGATIVE_INFINITY;
  for (let day = options.days; day >= (options.untilNow ? 0 : 1); day -= 1) {
    const midnight = today - day * DAY;
    // The last day of a history `untilNow` is today's, up to now.
    const end = Math.min(midnight + DAY, until);
    // The kitchen's day: a cycle starts whenever the profile says, once the last one has finished.
    for (let at = nextCycleStart(random, KITCHEN_DAY, Math.max(lastEnd, midnight)); at < end;) {
      const cycleName = random.pick(PROGRAMMES);
      const cycle = cycleSettings(values, cycleName, profile, settings);
      const seconds = random.int(110, 240);
      const coldBoiler =
        condition.boilerHeaterShare < 1 &&
        at - lastEnd < SCALED_RECOVERY_MINUTES * MINUTE &&
        random.next() < SCALED_COLD_RINSE_SHARE;
      const stopped = !coldBoiler && random.next() < 0.015;
      const took = seconds + (coldBoiler ? settings.maxPauseSeconds : 0);
      if (at + took * 1000 > until) break;
      cycles += 1;
      const measured = measurements(random, cycle, settings, condition, coldBoiler);
      const rinseSeconds = cycle.rinseSeconds > 0 ? cycle.rinseSeconds : cycle.rinseLitres / profile.rinseFlow;
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
          measurements: measured,
          rinseTrace: rinseTrace(traceRandom, { minTmp: measured.rinseMinTmp, maxTmp: measured.rinseMaxTmp }, rinseSeconds),
        },
      });
      // Raised when the thermostop gives up, cleared by the next cycle's hot rinse (today's only if
      // that was before now: the live machine knows nothing of an alarm open in its past).
      if (coldBoiler && pauseTimeoutCode && at + took * 1000 + 20 * MINUTE <= until) {
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
      at = nextCycleStart(random, KITCHEN_DAY, lastEnd);
    }
    if (codes.length > 0 && random.next() < 0.3) {
      const start = midnight + random.int(8, 20) * HOUR;
      const alarm = { id: random.uuid(), errorCode: random.pick(codes), startDate: new Date(start).toISOString() };
      const cleared = start + random.int(2, 40) * MINUTE;
      // Today's only if it cleared by now, as above.
      if (cleared <= until) {
        messages.push({ topic: 'alarm', payload: { ...alarm, stopDate: null } });
        messages.push({ topic: 'alarm', payload: { ...alarm, stopDate: new Date(cleared).toISOString() } });
      }
    }
    const counters = typicalCounters(cycles, profile, settings);
    // Heat lost to the room while the machine stands ready and hot all day (never idle long enough
    // for energy saving, S28 + S29): what its thermostats put back, counted per day of history.
    const days = (end - first) / DAY;
    const tankKj = holdingKj(settings.tankLitres, HOLD.tankCelsius, profile.tankLossTau) * days;
    const boilerKj = holdingKj(settings.boilerLitres, HOLD.boilerCelsius, profile.boilerLossTau) * days;
    counters.energyWh += (tankKj + boilerKj) / 3.6;
    counters.tankHeaterSeconds += tankKj / settings.tankHeaterKw;
    counters.boilerHeaterSeconds += boilerKj / settings.boilerHeaterKw;
    lastStats = statsMessage(counters, maintenanceInterval(settings), new Date(end - MINUTE).toISOString());
    messages.push({ topic: 'stats', payload: lastStats });
  }
  if (!lastStats) throw new Error('a machine history needs at least one day');
  // Oldest first, as a machine sends them: an alarm of the day came before the evening's cycles, a
  // T16 cleared after the next ones. (The gateway chains a record whose time is older than the
  // newest its machine sent before as late.)
  messages.sort((a, b) => sentAt(a) - sentAt(b));
  return { messages, totalCycles: cycles, lastStats };
}

/** When a machine sends a message of the history: a cycle's record at its end, an alarm as it opens and as it clears. */
function sentAt(message: TDeviceMessage): number {
  switch (message.topic) {
    case 'event':
      return Date.parse(message.payload.stop);
    case 'alarm':
      return Date.parse(message.payload.stopDate ?? message.payload.startDate);
    case 'stats':
      return Date.parse(message.payload.ts);
    default:
      throw new Error(`a machine history has no ${message.topic} messages`);
  }
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
