import { cycleProgressPercent, type TLastTelemetry, type TLiveTelemetry } from '@washboard/contracts';

/**
 * The newest telemetry each machine pushed to this tab. A push can overtake the database write it
 * comes from: a `lastTelemetry` answer read just before that write (a device page opened at that
 * moment) would otherwise show the older reading until the next push.
 */
const pushed = new Map<string, TLiveTelemetry>();

const time = (ts: string | undefined) => (ts ? Date.parse(ts) : -Infinity);

/** Keeps `telemetry` as the machine's newest push, on top of the fields earlier pushes carried. */
export function rememberPushedTelemetry(serialNumber: string, telemetry: TLiveTelemetry): void {
  const before = pushed.get(serialNumber);
  if (before && time(before.ts) > time(telemetry.ts)) return;
  pushed.set(serialNumber, { ...before, ...telemetry });
}

/** The cycle progress the telemetry and state make: kept with every change of either. */
export function withProgress(last: TLastTelemetry): TLastTelemetry {
  const telemetry = last.telemetry;
  return {
    ...last,
    cycleProgress: cycleProgressPercent(last.status.systemState, telemetry?.cycleTimeProgress, telemetry?.cycleTimeDuration),
  };
}

/** `answer`, brought up to date with what the machine pushed after it was read. */
export function withPushedTelemetry(answer: TLastTelemetry): TLastTelemetry {
  const newest = pushed.get(answer.serialNumber);
  if (!newest || time(answer.telemetry?.ts) >= time(newest.ts)) return answer;
  return withProgress({ ...answer, telemetry: { ...answer.telemetry, ...newest } });
}
