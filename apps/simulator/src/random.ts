import { randomInt } from 'node:crypto';

/**
 * A small seeded generator (mulberry32). Each machine owns one, so a fleet run with a seed replays
 * the same cycles, alarms, sensor noise and ids whatever order the machines are ticked in.
 */
export type TRandom = {
  /** uniform in [0, 1) */
  next(): number;
  /** uniform in [min, max) */
  between(min: number, max: number): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  /** normally distributed (Box–Muller), for sensor noise */
  normal(mean: number, sd: number): number;
  /** exponentially distributed waiting time with the given mean */
  exponential(mean: number): number;
  pick<T>(items: readonly T[]): T;
  /** an RFC 9562 version-4 UUID drawn from this generator */
  uuid(): string;
};

export function createRandom(seed: number): TRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: TRandom = {
    next,
    between: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    normal: (mean, sd) => {
      // 1 - next() keeps the logarithm away from 0.
      const u = 1 - next();
      const v = next();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    exponential: (mean) => -mean * Math.log(1 - next()),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    uuid: () => {
      const bytes = new Array<number>(16);
      for (let i = 0; i < 16; i += 4) {
        const word = Math.floor(next() * 4294967296);
        bytes[i] = word & 0xff;
        bytes[i + 1] = (word >>> 8) & 0xff;
        bytes[i + 2] = (word >>> 16) & 0xff;
        bytes[i + 3] = (word >>> 24) & 0xff;
      }
      bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
      bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
      const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
  return random;
}

/** A 32-bit seed from text (FNV-1a), so `seed + serial` gives each machine its own stream. */
export function seedFrom(...parts: readonly (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A seed for runs that need no replay. */
export function randomSeed(): number {
  return randomInt(0, 2 ** 32 - 1);
}
