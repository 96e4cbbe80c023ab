import { describe, expect, it } from 'vitest';
import { cycleProgressPercent, shownMachineState, SYSTEM_STATES, systemStateName } from './system-state';

describe('cycle progress', () => {
  it('is elapsed ÷ duration × 100 while a cycle runs (state 4)', () => {
    expect(cycleProgressPercent(4, 30, 120)).toBe(25);
    expect(cycleProgressPercent(4, 0, 120)).toBe(0);
    expect(cycleProgressPercent(4, 120, 120)).toBe(100);
    expect(cycleProgressPercent(4, 1, 3)).toBeCloseTo(33.333, 3);
  });

  it('is 0 in every state but RUN, whatever the counters say', () => {
    for (const state of [
      SYSTEM_STATES.OFF,
      SYSTEM_STATES.STARTUP,
      SYSTEM_STATES.IDLE,
      SYSTEM_STATES.SHUTDOWN,
      7,
      null,
      undefined,
    ]) {
      expect(cycleProgressPercent(state, 60, 120)).toBe(0);
    }
  });

  it('is 0 when the duration is 0 or unknown, and never leaves 0–100', () => {
    expect(cycleProgressPercent(4, 60, 0)).toBe(0);
    expect(cycleProgressPercent(4, 60, null)).toBe(0);
    expect(cycleProgressPercent(4, null, 120)).toBe(0);
    expect(cycleProgressPercent(4, 200, 120)).toBe(100);
    expect(cycleProgressPercent(4, -5, 120)).toBe(0);
  });
});

describe('system state names', () => {
  it('names the five states and calls anything else UNKNOWN', () => {
    expect([0, 1, 2, 3, 4].map(systemStateName)).toEqual(['OFF', 'STARTUP', 'IDLE', 'SHUTDOWN', 'RUN']);
    expect(systemStateName(9)).toBe('UNKNOWN');
    expect(systemStateName(null)).toBe('UNKNOWN');
  });
});

describe('the state shown for a machine', () => {
  it('is UPDATING while a firmware update runs, whatever systemState the machine reports', () => {
    for (const systemState of [SYSTEM_STATES.IDLE, SYSTEM_STATES.OFF, SYSTEM_STATES.STARTUP, null]) {
      expect(shownMachineState({ systemState, updating: true })).toBe('UPDATING');
    }
  });

  it('is the name of systemState otherwise (IDLE, shown as READY by the catalogue), UNKNOWN for a number it does not know', () => {
    expect(shownMachineState({ systemState: SYSTEM_STATES.IDLE, updating: false })).toBe('IDLE');
    expect(shownMachineState({ systemState: SYSTEM_STATES.RUN })).toBe('RUN');
    expect(shownMachineState({ systemState: 9, updating: false })).toBe('UNKNOWN');
  });
});
