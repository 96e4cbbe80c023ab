/**
 * How far apart two points may lie and still be joined: two minutes (machines send telemetry every
 * few seconds), or three buckets where a bucket is wider (a week's, a month's). Further apart, a
 * time the machine sent nothing — switched off, out of reach — shows as a gap, not as a line nobody
 * measured.
 */
export function gapFor(bucketSeconds: number): number {
  return Math.max(120_000, 3 * bucketSeconds * 1000);
}

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
