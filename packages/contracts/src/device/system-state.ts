/**
 * The machine's `systemState` (device-areas §4). Only RUN = 4 is fixed by the spec; the other
 * numbers are ours (docs/device-protocol.md).
 */
export const SYSTEM_STATES = { OFF: 0, STARTUP: 1, IDLE: 2, SHUTDOWN: 3, RUN: 4 } as const;
export type TSystemStateName = keyof typeof SYSTEM_STATES;
export type TSystemState = (typeof SYSTEM_STATES)[TSystemStateName];
export const CYCLE_RUNNING_STATE = SYSTEM_STATES.RUN;

/** The label of a numeric state (IDLE is shown as READY by the catalogue); UNKNOWN for anything else. */
export function systemStateName(state: number | null | undefined): TSystemStateName | 'UNKNOWN' {
  const entry = Object.entries(SYSTEM_STATES).find(([, value]) => value === state);
  return entry ? (entry[0] as TSystemStateName) : 'UNKNOWN';
}

/** The state the dashboard shows: a system state, UPDATING during a firmware update, or UNKNOWN. */
export type TShownMachineState = TSystemStateName | 'UPDATING' | 'UNKNOWN';

/**
 * The one rule for the state shown in the device list, the device page and the remote control:
 * UPDATING while a firmware update runs (`status.updating`, from the machine's `fota` reports),
 * whatever `systemState` says — the protocol has no state number for an update, and a machine
 * installing firmware keeps reporting the state it had (READY), which would invite a cycle start.
 * Otherwise the name of `systemState`.
 */
export function shownMachineState(status: { systemState: number | null | undefined; updating?: boolean }): TShownMachineState {
  return status.updating ? 'UPDATING' : systemStateName(status.systemState);
}

/**
 * Cycle progress in percent: elapsed ÷ duration × 100 while a cycle runs (0 when the duration is 0),
 * otherwise 0; clamped to 0–100.
 */
export function cycleProgressPercent(
  systemState: number | null | undefined,
  elapsed: number | null | undefined,
  duration: number | null | undefined,
): number {
  if (systemState !== CYCLE_RUNNING_STATE || !duration || duration <= 0 || elapsed == null) return 0;
  return Math.min(100, Math.max(0, (elapsed / duration) * 100));
}
