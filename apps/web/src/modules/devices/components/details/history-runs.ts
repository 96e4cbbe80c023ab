/**
 * Points further apart than this (and than three buckets) are not joined: a time the machine sent
 * nothing — switched off, out of reach — shows as a gap, not as a line nobody measured.
 */
export const GAP_MS = 120_000;

/** The points cut into runs wherever two neighbours lie more than `gapMs` apart. */
export function runsOf<T extends { t: number }>(points: readonly T[], gapMs: number): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  for (const point of points) {
    const last = run[run.length - 1];
    if (last && point.t - last.t > gapMs) {
      runs.push(run);
      run = [];
    }
    run.push(point);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
