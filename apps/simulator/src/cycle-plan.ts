import type { TCycleType } from '@washboard/contracts';
import type { TCycleSettings, TMachineSettings } from './catalogue';
import type { TMachineProfile } from './machine-profile';

/** What the machine does during one stretch of a cycle. */
export type TPhaseKind = 'soak' | 'wash' | 'pause' | 'rinse' | 'drain' | 'fill' | 'regenerate';

export type TPhase = { kind: TPhaseKind; seconds: number };

/**
 * The phases of a cycle, in order, from the cycle's parameters. Washing programmes soak (eco and
 * short), wash, pause to drip, rinse. Manual drain empties the tank (S20) and refills it through the
 * boiler; self-wash washes the empty chamber with the old water, then changes it and rinses;
 * regeneration draws brine through the softener resin and rinses it (r5 + r6).
 */
export function cyclePlan(
  cycle: TCycleType,
  settings: TCycleSettings,
  machine: TMachineSettings,
  profile: TMachineProfile,
): TPhase[] {
  const drain: TPhase = { kind: 'drain', seconds: machine.drainSeconds };
  const fill: TPhase = { kind: 'fill', seconds: Math.ceil(machine.tankLitres / profile.fillRate) };
  const wash: TPhase = { kind: 'wash', seconds: settings.washSeconds };
  const rinse: TPhase = { kind: 'rinse', seconds: settings.rinseSeconds };
  let phases: TPhase[];
  if (cycle === 'manualDrain') phases = [drain, fill];
  else if (cycle === 'regeneration') phases = [{ kind: 'regenerate', seconds: machine.regenerationSeconds }];
  else if (cycle === 'selfWash') phases = [wash, drain, fill, rinse];
  else phases = [{ kind: 'soak', seconds: settings.soakSeconds }, wash, { kind: 'pause', seconds: settings.pauseSeconds }, rinse];
  return phases.filter((phase) => phase.seconds > 0);
}

export function planSeconds(plan: readonly TPhase[]): number {
  return plan.reduce((sum, phase) => sum + phase.seconds, 0);
}
