/**
 * The twelve wash cycles of device-areas §3: eight washing programmes and four extra cycles
 * (self-wash, also called auto clean; manual drain; regeneration; extra). The id is what the device
 * protocol sends as `cycleType` and what the catalogue and translations are keyed by.
 */
export const CYCLE_TYPES = [
  'fast',
  'glasses',
  'dishes',
  'intensive',
  'eco',
  'short',
  'medium',
  'long',
  'selfWash',
  'manualDrain',
  'regeneration',
  'extra',
] as const;
export type TCycleType = (typeof CYCLE_TYPES)[number];

/** The programmes a user starts to wash; the others are maintenance cycles. */
export const WASH_CYCLES = [
  'fast',
  'glasses',
  'dishes',
  'intensive',
  'eco',
  'short',
  'medium',
  'long',
] as const satisfies readonly TCycleType[];

export function isCycleType(value: unknown): value is TCycleType {
  return (CYCLE_TYPES as readonly unknown[]).includes(value);
}
