import { describe, expect, it } from 'vitest';
import { runsOf } from './history-runs';

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
});
