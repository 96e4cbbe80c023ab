import { RINSE_TRACE_MAX_SAMPLES } from '@washboard/contracts';
import type { TRandom } from './random';

/**
 * The final-rinse trace of a recorded cycle (the history's, whose cycles are not run tick by tick):
 * one sample a second, tenths of °C. The outlet probe starts at the rinse minimum (the water left
 * in the pipe, see docs/hygiene.md), reaches the peak within three or four seconds, then holds just
 * under it as the boiler's hot top layer is drawn off, with the probe's noise. The peak is one of
 * the samples and no sample lies outside [min, max], so the trace agrees with the record's
 * `rinseMinTmp` and `rinseMaxTmp`.
 */
export function rinseTrace(random: TRandom, rinse: { minTmp: number; maxTmp: number }, seconds: number): number[] {
  const n = Math.min(RINSE_TRACE_MAX_SAMPLES, Math.max(2, Math.round(seconds)));
  const { minTmp, maxTmp } = rinse;
  const rise = Math.min(n - 1, random.int(3, 4));
  const peakAt = Math.min(n - 1, rise + random.int(0, 3));
  // The hold sags by up to a degree towards the end as colder mains water rises in the boiler.
  const sag = random.between(0, 10);
  const trace: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const target = i < rise ? minTmp + ((maxTmp - minTmp) * i) / rise : maxTmp - 2 - (sag * (i - rise)) / Math.max(1, n - rise);
    const noisy = i === 0 ? minTmp : i === peakAt ? maxTmp : Math.round(target + random.normal(0, 1.5));
    trace.push(Math.min(maxTmp, Math.max(minTmp, noisy)));
  }
  return trace;
}
