import { WATER_HEAT_CAPACITY } from './machine-profile';

/**
 * First-order water bodies, solved exactly over a step so that any step length stays stable:
 * dT/dt = P / C − (T − T_room) / τ has the solution T(t) = T_eq + (T − T_eq)·e^(−t/τ), with
 * T_eq = T_room + P·τ / C. Temperatures in °C, power in kW, heat capacity in kJ/K, time in s.
 */
export function heatStep(temp: number, powerKw: number, litres: number, tau: number, room: number, dt: number): number {
  const capacity = litres * WATER_HEAT_CAPACITY;
  // A nearly empty vessel holds no heat worth modelling: it simply sits at room temperature.
  if (capacity < 0.5) return room;
  const equilibrium = room + (powerKw * tau) / capacity;
  return equilibrium + (temp - equilibrium) * Math.exp(-dt / tau);
}

/** A thermostat with hysteresis: on, it heats up to the setpoint; off, it waits until `hysteresis` below it. */
export function thermostat(on: boolean, temp: number, setpoint: number, hysteresis: number): boolean {
  return on ? temp < setpoint : temp < setpoint - hysteresis;
}

/** Adding `added` litres at `addedTemp` to `volume` litres at `temp` (perfect mixing). */
export function mix(temp: number, volume: number, addedTemp: number, added: number): number {
  const total = volume + added;
  return total <= 0 ? addedTemp : (temp * volume + addedTemp * added) / total;
}

/**
 * Two bodies exchanging heat (wash water and the cold ware in the rack) relax toward their common
 * temperature with time constant `tau`; energy is conserved.
 */
export function exchange(
  tempA: number,
  capacityA: number,
  tempB: number,
  capacityB: number,
  tau: number,
  dt: number,
): [number, number] {
  const common = (tempA * capacityA + tempB * capacityB) / (capacityA + capacityB);
  const decay = Math.exp(-dt / tau);
  return [common + (tempA - common) * decay, common + (tempB - common) * decay];
}

/**
 * The boiler as three stacked layers of equal volume. Cold mains water enters at the bottom, the
 * rinse leaves from the top, the heater sits at the bottom and warm water rises. A single well-mixed
 * volume would make the rinse leave 15–20 °C colder at every cycle; real boilers stratify, so the
 * rinse outlet dips only a few degrees while the boiler as a whole (the probe) drops and recovers.
 */
export type TBoiler = { bottom: number; middle: number; top: number };

/** Mean temperature of the boiler: what its probe reads. */
export function boilerMean(boiler: TBoiler): number {
  return (boiler.bottom + boiler.middle + boiler.top) / 3;
}

/** Draws `drawn` litres from the top while the inlet refills the bottom; the temperature that left. */
export function drawFromBoiler(boiler: TBoiler, litres: number, drawn: number, inlet: number): number {
  const outlet = boiler.top;
  // Each layer takes the share drawn from the one below it (upwind transport), top first.
  const share = Math.min(1, drawn / (litres / 3));
  boiler.top += (boiler.middle - boiler.top) * share;
  boiler.middle += (boiler.bottom - boiler.middle) * share;
  boiler.bottom += (inlet - boiler.bottom) * share;
  return outlet;
}

/** Heats the bottom layer, loses heat from every layer, and lets warmer water rise. */
export function heatBoiler(boiler: TBoiler, powerKw: number, litres: number, tau: number, room: number, dt: number): void {
  const layer = litres / 3;
  boiler.bottom = heatStep(boiler.bottom, powerKw, layer, tau, room, dt);
  boiler.middle = heatStep(boiler.middle, 0, layer, tau, room, dt);
  boiler.top = heatStep(boiler.top, 0, layer, tau, room, dt);
  if (boiler.bottom > boiler.middle) boiler.bottom = boiler.middle = (boiler.bottom + boiler.middle) / 2;
  if (boiler.middle > boiler.top) boiler.middle = boiler.top = (boiler.middle + boiler.top) / 2;
  if (boiler.bottom > boiler.middle) boiler.bottom = boiler.middle = (boiler.bottom + boiler.middle) / 2;
}

/** °C to the protocol's tenths of °C, clamped to what the schema accepts. */
export function tenths(celsius: number): number {
  return Math.max(-500, Math.min(1500, Math.round(celsius * 10)));
}
