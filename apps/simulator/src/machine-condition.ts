import { createRandom, seedFrom } from './random';

/**
 * What a site and the years do to a machine, beyond its parameters: how cold its mains water is
 * and how much limescale its boiler heater carries. Both make the boiler recover more slowly after
 * a rinse, so in a rush (cycles back to back) the rinse thermostop (S2) gives up after S22 (T16)
 * and the final rinse stays below the hygiene rule's 82 °C — the cause shows in the record as the
 * T16 alarm, a cycle longer than its programme, and (cold inlet) a deep dip of the rinse minimum.
 * A healthy machine on a normal supply keeps every rinse hot (docs/simulator.md).
 */
export type THeatingCondition = {
  /** mains water temperature, °C */
  inletCelsius: number;
  /** a cold supply (winter mains, a well): 3–6 °C instead of 11–18 °C */
  coldInlet: boolean;
  /** share of the boiler heater's rated power that reaches the water (1: clean; scaled 0.2–0.3) */
  boilerHeaterShare: number;
};

/** How often a machine of a fleet has each trouble: one in five a cold supply, one in five a scaled heater. */
const COLD_INLET_SHARE = 0.2;
const SCALED_HEATER_SHARE = 0.2;

/**
 * The condition of one machine, the same for the same seed and serial (its own random stream, so
 * drawing it disturbs none of the machine's other choices): the live machine and its seeded
 * history (`machineHistory`) share it. The fleet gives every member its own; a model built without one is healthy.
 */
export function heatingCondition(seed: number, serial: string): THeatingCondition {
  const random = createRandom(seedFrom(seed, serial, 'condition'));
  const coldInlet = random.next() < COLD_INLET_SHARE;
  const inletCelsius = coldInlet ? random.between(3, 6) : random.between(11, 18);
  const scaled = random.next() < SCALED_HEATER_SHARE;
  return { inletCelsius, coldInlet, boilerHeaterShare: scaled ? random.between(0.2, 0.3) : 1 };
}
