import type { TAlarmView, TLiveMessage } from '@washboard/contracts';

type TPushedAlarm = Extract<TLiveMessage, { type: 'alarm' }>['alarm'];

/**
 * How long a pushed alarm is laid over the register's answers: far longer than a register read can
 * be on its way (milliseconds to seconds), short enough to keep the memory small.
 */
const KEEP_MS = 60_000;

/** The alarms each machine pushed to this tab lately, by machine and alarm id, with when they came. */
const pushed = new Map<string, Map<string, { alarm: TPushedAlarm; at: number }>>();

/** Of two versions of an acknowledgement or assignment, the later one (either may be missing). */
function later<T extends { at: string }>(a: T | null | undefined, b: T | null | undefined): T | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(a.at) >= Date.parse(b.at) ? a : b;
}

/**
 * `register` with `alarm` written in, newest first. The machine's own pushes carry no lifecycle, so
 * the acknowledgement and assignment held stay, and of two the later wins (a remembered push must
 * not undo a reassignment read since); an alarm once closed stays closed (a push of its opening may
 * come after the register read its closing).
 */
export function mergeAlarm(register: TAlarmView[], alarm: TPushedAlarm): TAlarmView[] {
  const held = register.find((a) => a.id === alarm.id);
  const merged: TAlarmView = {
    ...alarm,
    stopDate: alarm.stopDate ?? held?.stopDate ?? null,
    acknowledgement: later(alarm.acknowledgement, held?.acknowledgement),
    assignment: later(alarm.assignment, held?.assignment),
    // Its place in the HACCP chain is the server's, never pushed: what the register holds stays.
    chain: held?.chain ?? null,
  };
  return [merged, ...register.filter((a) => a.id !== alarm.id)].sort((a, b) => b.startDate.localeCompare(a.startDate));
}

function recent(serialNumber: string, now: number): Map<string, { alarm: TPushedAlarm; at: number }> | undefined {
  const alarms = pushed.get(serialNumber);
  if (!alarms) return undefined;
  for (const [id, { at }] of alarms) if (now - at > KEEP_MS) alarms.delete(id);
  if (alarms.size === 0) pushed.delete(serialNumber);
  return alarms.size > 0 ? alarms : undefined;
}

/**
 * Keeps `alarm` as pushed. A push can overtake a register read begun before the alarm was stored
 * (the alarms tab opened as the machine raised or closed an alarm): its answer would otherwise show
 * the alarm as it was until the machine's next push about it, which may never come.
 */
export function rememberPushedAlarm(serialNumber: string, alarm: TPushedAlarm, now = Date.now()): void {
  const alarms = recent(serialNumber, now) ?? new Map<string, { alarm: TPushedAlarm; at: number }>();
  const before = alarms.get(alarm.id)?.alarm;
  alarms.set(alarm.id, { alarm: before ? { ...before, ...alarm, stopDate: alarm.stopDate ?? before.stopDate } : alarm, at: now });
  pushed.set(serialNumber, alarms);
}

/** The register's `answer`, brought up to date with the alarms the machine pushed lately. */
export function withPushedAlarms(serialNumber: string, answer: TAlarmView[], now = Date.now()): TAlarmView[] {
  const alarms = recent(serialNumber, now);
  if (!alarms) return answer;
  let register = answer;
  for (const { alarm } of alarms.values()) register = mergeAlarm(register, alarm);
  return register;
}
