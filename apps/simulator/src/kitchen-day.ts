import type { TRandom } from './random';

const HOUR_MS = 3_600_000;

/**
 * How often a restaurant kitchen starts a cycle on one machine that stands ready, by UTC hour
 * (the demo's kitchens are in Italy, an hour or two ahead): busy at lunch (12–14) and dinner
 * (19–21), steady through the day, and never quiet for long even at night (a hotel's room service,
 * the cleaning crew, the bakery's early trays). Cycles an hour while READY: a machine busy washing
 * starts nothing, so a day comes to fewer cycles than the sum (about 150–200, the upper half of the
 * "tens to a couple of hundred" a commercial machine runs).
 *
 * The quietest hour still gives a fleet of six an expected wait of 60 / (6 × 6) ≈ 1.7 minutes for
 * its first cycle start: a newcomer sees machines washing in the first
 * minutes of the demo whatever the time (a test measures it on the machines). The seeded history (`machineHistory`) and the live demo
 * machines (`KITCHEN_ACTIVITY`) both draw from this one profile, so the day they meet looks like
 * any other (docs/simulator.md, "The kitchen's day").
 */
// prettier-ignore
export const KITCHEN_DAY: readonly number[] = [
  // 00   01   02   03   04   05   06   07   08   09   10   11
      6,   6,   6,   6,   6,   6,   8,  10,  12,  10,  10,  16,
  // 12   13   14   15   16   17   18   19   20   21   22   23
     24,  24,  16,  10,   8,  10,  16,  24,  24,  16,  10,   8,
];

/** Cycles an hour a machine with this activity starts while ready at the moment `ms` (a flat rate, or a day's profile by UTC hour). */
export function cyclesPerHourAt(rate: number | readonly number[], ms: number): number {
  if (typeof rate === 'number') return rate;
  return rate[new Date(ms).getUTCHours()] ?? 0;
}

/**
 * When a machine that stands ready from `from` (ms) next starts a cycle, drawn from the profile's
 * rates (a Poisson process whose rate changes by the hour, sampled by thinning): what the live
 * machine's front panel does second by second, in one draw.
 */
export function nextCycleStart(random: TRandom, profile: readonly number[], from: number): number {
  const peak = Math.max(...profile);
  if (peak <= 0) return Number.POSITIVE_INFINITY;
  let at = from;
  for (;;) {
    at += random.exponential(HOUR_MS / peak);
    if (random.next() * peak < cyclesPerHourAt(profile, at)) return at;
  }
}
