import type { TDeviceStats } from '@washboard/contracts';
import type { TMachineSettings } from './catalogue';
import type { TMachineProfile } from './machine-profile';

/** Service interval for ranges without S43. */
export const MAINTENANCE_INTERVAL = 5000;

/** The lifetime counters a machine reports (`stats`), kept as floats and published rounded. */
export type TLifetimeCounters = {
  totalCycles: number;
  waterLitres: number;
  rinsePumpSeconds: number;
  washPumpSeconds: number;
  energyWh: number;
  regenerationCycles: number;
  logsCount: number;
  boilerHeaterSeconds: number;
  tankHeaterSeconds: number;
  cyclesSinceMaintenance: number;
};

/** The service interval of a machine: S43 where the range has it. */
export function maintenanceInterval(machine: Pick<TMachineSettings, 'maintenanceInterval'>): number {
  return machine.maintenanceInterval ?? MAINTENANCE_INTERVAL;
}

/**
 * The counters of a machine that has run `cycles` cycles at its build's typical rates: a machine
 * started with cycles behind it, and a machine's past (`machineHistory`), both count this way, so
 * the history's last report and the running machine's first one agree.
 */
export function typicalCounters(
  cycles: number,
  profile: Pick<TMachineProfile, 'type'>,
  machine: Pick<TMachineSettings, 'maintenanceInterval' | 'regenerationInterval'>,
): TLifetimeCounters {
  const big = profile.type === 'hood';
  return {
    totalCycles: cycles,
    waterLitres: cycles * (big ? 3.4 : 2.3),
    rinsePumpSeconds: cycles * 15,
    washPumpSeconds: cycles * 120,
    energyWh: cycles * (big ? 420 : 260),
    regenerationCycles: Math.floor(cycles / machine.regenerationInterval),
    logsCount: cycles,
    boilerHeaterSeconds: cycles * 70,
    tankHeaterSeconds: cycles * 90,
    cyclesSinceMaintenance: cycles % maintenanceInterval(machine),
  };
}

/** The `stats` message of these counters at `ts` (ISO 8601). */
export function statsMessage(counters: TLifetimeCounters, interval: number, ts: string): TDeviceStats {
  const c = counters;
  return {
    ts,
    totalCycles: c.totalCycles,
    totalWater: Math.round(c.waterLitres * 10),
    rinsePumpTime: Math.round(c.rinsePumpSeconds),
    washPumpTime: Math.round(c.washPumpSeconds),
    energy: Math.round(c.energyWh),
    regenerationCycles: c.regenerationCycles,
    logsCount: c.logsCount,
    boilerHeaterTime: Math.round(c.boilerHeaterSeconds),
    tankHeaterTime: Math.round(c.tankHeaterSeconds),
    cyclesUntilMaintenance: interval - c.cyclesSinceMaintenance,
  };
}

/** The lifetime counters a `stats` report stands for: where a machine that sent it carries on. */
export function countersFromStats(stats: TDeviceStats, interval: number): TLifetimeCounters {
  return {
    totalCycles: stats.totalCycles,
    waterLitres: stats.totalWater / 10,
    rinsePumpSeconds: stats.rinsePumpTime,
    washPumpSeconds: stats.washPumpTime,
    energyWh: stats.energy,
    regenerationCycles: stats.regenerationCycles,
    logsCount: stats.logsCount,
    boilerHeaterSeconds: stats.boilerHeaterTime,
    tankHeaterSeconds: stats.tankHeaterTime,
    cyclesSinceMaintenance: interval - stats.cyclesUntilMaintenance,
  };
}
