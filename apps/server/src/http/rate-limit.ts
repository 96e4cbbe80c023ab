/** Builds a route's per-address limit; `scale` (RATE_LIMIT_SCALE) raises every limit at once. */
export type TLimit = (max: number, timeWindow: string) => { rateLimit: { max: number; timeWindow: string } };

export function perAddressLimit(scale: number): TLimit {
  return (max, timeWindow) => ({ rateLimit: { max: Math.ceil(max * scale), timeWindow } });
}
