import { describe, expect, it } from 'vitest';
import { gapFor, runsOf } from './history-runs';

const at = (...seconds: number[]) => seconds.map((s) => ({ t: s * 1000 }));
const times = (runs: { t: number }[][]) => runs.map((run) => run.map((p) => p.t / 1000));

describe('the temperature history’s runs', () => {
  it('joins neighbours up to the gap apart and cuts where the machine sent nothing for longer', () => {
    expect(times(runsOf(at(0, 60, 180, 500, 560, 1000), 120_000))).toEqual([[0, 60, 180], [500, 560], [1000]]);
  });

  it('keeps an unbroken series whole, and has no run for no points', () => {
    expect(times(runsOf(at(0, 5, 10, 15), 120_000))).toEqual([[0, 5, 10, 15]]);
    expect(runsOf([], 120_000)).toEqual([]);
  });

  it('allows two minutes between readings, or three buckets where a bucket is wider', () => {
    // The last cycle (1 s buckets) and a day (216 s at 400 buckets): readings every few seconds join.
    expect(gapFor(1)).toBe(120_000);
    expect(gapFor(216)).toBe(648_000);
    // A month at 1,000 buckets (44 minutes): one empty bucket between two is no gap, three are.
    expect(gapFor(2640)).toBe(3 * 2_640_000);
    expect(times(runsOf(at(0, 2 * 2640, 6 * 2640), gapFor(2640)))).toEqual([[0, 5280], [15840]]);
  });
});
