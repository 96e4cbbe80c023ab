import { keptFieldsFor, TELEMETRY_FIELDS, TELEMETRY_KEYS, type TGamma, type TTelemetryKey } from '@washboard/contracts';
import { cycleSettings, machineSettings, presets } from './catalogue';
import type { TDeviceMessage } from './device-message';
import { HOLD } from './history';
import { heatStep, thermostat } from './thermal';
import { heatingCondition } from './machine-condition';
import { MACHINE_PROFILES, WATER_HEAT_CAPACITY, machineTypeFor } from './machine-profile';
import { createRandom, seedFrom } from './random';

/**
 * A telemetry reading of the history: the value of each field of the machine's range, in the order
 * of `keptFieldsFor(gamma)`, scaled as the registry says.
 */
export type THistoryReading = { readonly at: number; readonly values: readonly number[] };

/** Where each telemetry field's reading sits in `sensed`: its place in the registry. */
const SLOT = Object.fromEntries(TELEMETRY_KEYS.map((key, i) => [key, i])) as Record<TTelemetryKey, number>;

export type THistoryTelemetryOptions = {
  /** the seed of the history (`machineHistory`): the machine's condition (inlet, heater) is the same */
  seed: number;
  /** first and last instant (epoch ms, the last excluded) */
  from: number;
  to: number;
  /** seconds between two readings, as the live machine sends them */
  intervalSeconds: number;
};

/** One cycle record of the history, in the units the synthesis works in (°C, litres, ms). */
type TRecordedCycle = {
  start: number;
  stop: number;
  washMin: number;
  washMax: number;
  rinseMax: number;
  rinseLitres: number;
  rinseSeconds: number;
};

function recordedCycles(messages: readonly TDeviceMessage[]): TRecordedCycle[] {
  const cycles: TRecordedCycle[] = [];
  for (const message of messages) {
    if (message.topic !== 'event' || message.payload.kind !== 'cycle') continue;
    const { start, stop, measurements, rinseTrace } = message.payload;
    cycles.push({
      start: Date.parse(start),
      stop: Date.parse(stop),
      washMin: measurements.washMinTmp / 10,
      washMax: measurements.washMaxTmp / 10,
      rinseMax: measurements.rinseMaxTmp / 10,
      rinseLitres: (measurements.rinseWaterVlm ?? 0) / 10,
      rinseSeconds: Math.max(1, rinseTrace?.length ?? 10),
    });
  }
  return cycles.sort((a, b) => a.start - b.start);
}

/** A vessel held by a thermostat, heated by `powerKw`, losing heat to the room with time constant `tau`. */
type TThermostat = {
  temp: number;
  heating: boolean;
  setpoint: number;
  hysteresis: number;
  powerKw: number;
  litres: number;
  tau: number;
};

/** `seconds` of a vessel between cycles, as the live model's thermal steps run it. */
function hold(vessel: TThermostat, seconds: number): void {
  const next = heatStep(vessel.temp, vessel.heating ? vessel.powerKw : 0, vessel.litres, vessel.tau, HOLD.roomCelsius, seconds);
  // Switched off on reaching the setpoint within the step: the probe reads no hotter.
  vessel.temp = vessel.heating ? Math.min(vessel.setpoint, next) : next;
  vessel.heating = thermostat(vessel.heating, vessel.temp, vessel.setpoint, vessel.hysteresis);
}

/**
 * The telemetry a machine of the seeded history (`machineHistory`) would have sent, one reading
 * every `intervalSeconds` from `from` to `to`, oldest first, as a generator the caller may pause
 * (a month is half a million readings; the reading is reused: copy what you keep). The history
 * records only each cycle's extremes and its rinse trace, so the readings are built around them, in
 * the shapes the live machine's model draws (docs/hygiene.md, "The demo's temperature history"):
 *
 * - between cycles the boiler and the tank stand at their setpoints, each thermostat letting its
 *   water cool to the room by the profile's time constant until its hysteresis below, then heating
 *   again at its heater's power (the boiler's share of it on a scaled machine);
 * - in a cycle the wash water goes to the record's wash peak in the first quarter of the wash
 *   (starting within the record's extremes) and the rack takes it down to the record's minimum by
 *   the rinse;
 * - the rinse (the record's trace length, at the cycle's end) starts with the boiler at least at the
 *   record's rinse peak (the thermostop waited for it), draws its litres from the boiler's top and
 *   refills it with mains water: the boiler's probe (its mean) falls by the litres' share of the
 *   boiler times its rise over the inlet, less what the heater puts back, and climbs back after the
 *   cycle at the heater's rate (slowly on a scaled heater); the rinse water runs into the tank;
 * - the inlet is the machine's condition (`heatingCondition`), the volumes its settings; every
 *   temperature carries the probe noise of the live model.
 */
export function* historyTelemetry(
  machine: { serial: string; gamma: TGamma },
  messages: readonly TDeviceMessage[],
  options: THistoryTelemetryOptions,
): Generator<THistoryReading> {
  const random = createRandom(seedFrom(options.seed, machine.serial, 'telemetry'));
  const condition = heatingCondition(options.seed, machine.serial);
  const profile = MACHINE_PROFILES[machineTypeFor(machine.gamma)];
  const parameters = presets(machine.gamma);
  const settings = machineSettings(parameters, profile);
  const idle = cycleSettings(parameters, 'dishes', profile, settings);
  const kept = keptFieldsFor(machine.gamma);
  const inlet = condition.inletCelsius;
  const boiler: TThermostat = {
    temp: idle.boilerSetpoint - random.between(0, settings.boilerHysteresis),
    heating: false,
    setpoint: idle.boilerSetpoint,
    hysteresis: settings.boilerHysteresis,
    powerKw: settings.boilerHeaterKw * condition.boilerHeaterShare,
    litres: settings.boilerLitres,
    tau: profile.boilerLossTau,
  };
  const tank: TThermostat = {
    temp: idle.tankSetpoint - random.between(0, settings.tankHysteresis),
    heating: false,
    setpoint: idle.tankSetpoint,
    hysteresis: settings.tankHysteresis,
    powerKw: settings.tankHeaterKw,
    litres: settings.tankLitres,
    tau: profile.tankLossTau,
  };
  /** °C a second the boiler's heater puts back while the rinse draws. */
  const boilerRate = boiler.powerKw / (boiler.litres * WATER_HEAT_CAPACITY);
  const cycles = recordedCycles(messages);
  const step = options.intervalSeconds * 1000;
  let next = 0;
  let lastRinseLitres = 0;
  /** the cycle under way: the tank when it started, the boiler when its rinse began */
  type TRunning = { cycle: TRecordedCycle; tankAtStart: number; boilerAtRinse: number | null };
  let running: TRunning | null = null;

  // The rinse leaves at the record's peak, so the boiler stood at least that hot when it began (the
  // thermostop held it until then: the wait is in the cycle's duration). Its litres go out at the
  // top and come in as mains water: the mean falls by their share of the boiler times its rise over
  // the inlet, less what the heater puts back meanwhile — never below the inlet.
  const rinseStartTemp = (cycle: TRecordedCycle) => Math.max(boiler.temp, cycle.rinseMax);
  const rinseDrop = (cycle: TRecordedCycle, from: number) =>
    Math.max(0, (cycle.rinseLitres / settings.boilerLitres) * (from - inlet) - boilerRate * cycle.rinseSeconds);
  const rinseRise = (cycle: TRecordedCycle) =>
    (cycle.rinseLitres * (cycle.rinseMax - cycle.washMin)) / (settings.tankLitres + cycle.rinseLitres);
  /** Where a cycle leaves the water: the rinse drawn from the boiler, run into the tank. */
  const finish = ({ cycle, boilerAtRinse }: TRunning) => {
    const from = boilerAtRinse ?? rinseStartTemp(cycle);
    boiler.temp = from - rinseDrop(cycle, from);
    boiler.heating = true;
    tank.temp = cycle.washMin + rinseRise(cycle);
    tank.heating = tank.temp < tank.setpoint;
    lastRinseLitres = cycle.rinseLitres;
  };

  // The kept fields as slots of `sensed`, with the registry's scale and bounds: no lookup per reading.
  const slots = kept.map((key) => ({ key, slot: SLOT[key], ...TELEMETRY_FIELDS[key] }));
  // NaN until read: a field added to the registry needs its reading below, as in the live model's `sensors`.
  const sensed: number[] = TELEMETRY_KEYS.map(() => Number.NaN);
  const values = slots.map(() => 0);
  const out = { at: 0, values };
  for (let at = options.from; at < options.to; at += step) {
    // Cycles that ended since the last reading leave their mark (a cycle shorter than a step too).
    while (next < cycles.length && (cycles[next] as TRecordedCycle).stop <= at) {
      const cycle = cycles[next] as TRecordedCycle;
      finish(running?.cycle === cycle ? running : { cycle, tankAtStart: tank.temp, boilerAtRinse: null });
      running = null;
      next += 1;
    }
    const cycle = next < cycles.length && (cycles[next] as TRecordedCycle).start <= at ? (cycles[next] as TRecordedCycle) : null;
    hold(boiler, options.intervalSeconds);
    let rinseShare = 0;
    if (cycle) {
      // (The loop above may have ended the last one: TypeScript would take `running` for null here.)
      const under = running as TRunning | null;
      // The record's extremes bound the wash: a tank held hotter than its peak drops to it at once
      // (the rack of cold ware), one still colder than its minimum has reached that (the heater).
      const tankAtStart = Math.min(Math.max(tank.temp, cycle.washMin), cycle.washMax);
      const state = under?.cycle === cycle ? under : { cycle, tankAtStart, boilerAtRinse: null };
      running = state;
      const seconds = (cycle.stop - cycle.start) / 1000;
      const elapsed = (at - cycle.start) / 1000;
      const rinseStart = Math.max(0, seconds - cycle.rinseSeconds);
      if (elapsed < rinseStart) {
        const f = elapsed / rinseStart;
        tank.temp =
          f < 0.25
            ? state.tankAtStart + ((cycle.washMax - state.tankAtStart) * f) / 0.25
            : cycle.washMax + ((cycle.washMin - cycle.washMax) * (f - 0.25)) / 0.75;
      } else {
        state.boilerAtRinse ??= rinseStartTemp(cycle);
        rinseShare = Math.min(1, (elapsed - rinseStart) / cycle.rinseSeconds);
        boiler.temp = state.boilerAtRinse - rinseShare * rinseDrop(cycle, state.boilerAtRinse);
        tank.temp = cycle.washMin + rinseShare * rinseRise(cycle);
      }
      sensed[SLOT.cycleTimeProgress] = Math.floor(elapsed);
      sensed[SLOT.cycleTimeDuration] = seconds;
      sensed[SLOT.rinseWaterFlowRate] = rinseShare > 0 ? (cycle.rinseLitres / cycle.rinseSeconds) * 3600 : 0;
      // As the live model: a cycle counts its own rinse from nothing.
      sensed[SLOT.rinseWaterVlm] = rinseShare * cycle.rinseLitres;
    } else {
      hold(tank, options.intervalSeconds);
      sensed[SLOT.cycleTimeProgress] = 0;
      sensed[SLOT.cycleTimeDuration] = 0;
      sensed[SLOT.rinseWaterFlowRate] = 0;
      sensed[SLOT.rinseWaterVlm] = lastRinseLitres;
    }
    sensed[SLOT.boilerTmp] = boiler.temp + random.normal(0, 0.15);
    sensed[SLOT.tankTmp] = tank.temp + random.normal(0, 0.15);
    sensed[SLOT.waterTmp] = inlet + random.normal(0, 0.15);
    sensed[SLOT.boilerVlm] = settings.boilerLitres;
    sensed[SLOT.tankVlm] = settings.tankLitres;
    for (let i = 0; i < slots.length; i += 1) {
      const { key, slot, scale, min, max } = slots[i] as (typeof slots)[number];
      const value = sensed[slot] as number;
      if (Number.isNaN(value)) throw new Error(`the history's telemetry has no reading for ${key}`);
      values[i] = Math.max(min, Math.min(max, Math.round(value * scale)));
    }
    out.at = at;
    yield out;
  }
}
