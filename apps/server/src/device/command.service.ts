import { randomUUID } from 'node:crypto';
import {
  ZCommand,
  type TCommandCall,
  type TCommandError,
  type TCommandName,
  type TCommandResult,
  type TServerErrorCode,
} from '@washboard/contracts';
import { AppError } from '../errors';
import type { TBroker } from '../gateway/broker';
import type { DomainEvents } from '../events/domain-events';
import type { ApplianceRepository } from '../appliance/appliance.repository';

/** The caller-facing error of each refusal a machine can answer (its status is the registry's). */
export const REFUSALS: Record<TCommandError, TServerErrorCode> = {
  BUSY: 'APPLIANCE_BUSY',
  NOT_RUNNING: 'CYCLE_NOT_RUNNING',
  INVALID_ARGS: 'APPLIANCE_NOT_READY',
  VALUE_OUT_OF_RANGE: 'VALUE_OUT_OF_RANGE',
  INHIBITED_IN_STARTUP: 'TANK_REPLACEMENT_INHIBITED',
  OFF: 'APPLIANCE_NOT_READY',
  UNSUPPORTED: 'APPLIANCE_NOT_READY',
  DOOR_OPEN: 'APPLIANCE_DOOR_OPEN',
  INSTALL_FAILED: 'INSTALL_FAILED',
};

/** How a command ended, as the metrics count it. */
export type TCommandOutcome = 'ok' | 'refused' | 'timeout' | 'offline';

/**
 * Sends commands to machines and waits for their answer. Every command is recorded (who, what,
 * when, result); a machine that does not answer in time is reported as an error, never as success.
 * With several server instances the answer may reach another instance: results travel as domain
 * events (`commandResult`) to whichever instance waits.
 */

export class CommandService {
  private readonly waiting = new Map<string, (result: TCommandResult) => void>();

  constructor(
    private readonly repository: ApplianceRepository,
    private readonly broker: TBroker,
    private readonly events: DomainEvents,
    private readonly timeoutMs: number,
    /** Counts each command's outcome for the metrics. */
    private readonly observe: (command: TCommandName, outcome: TCommandOutcome) => void = () => {},
  ) {}

  /** Wakes the caller waiting for a result, in whichever instance it waits. */
  start(): void {
    this.events.on('commandResult', ({ result }) => this.waiting.get(result.id)?.(result));
  }

  /** A `cmd/result` arrived: record it and wake the waiting caller. */
  async resultArrived(result: TCommandResult): Promise<void> {
    await this.repository.finishCommand(result.id, result.ok ? 'ok' : 'error', result.error ?? null);
    this.events.emit('commandResult', { result });
  }

  /**
   * Sends `name` to an online machine and resolves with its positive answer; throws
   * APPLIANCE_DISCONNECTED at once for an offline machine, APPLIANCE_NOT_ANSWERING after the
   * timeout, and the matching refusal when the machine says no.
   */
  async send(serialNumber: string, online: boolean, userId: string | null, call: TCommandCall): Promise<TCommandResult> {
    const id = randomUUID();
    const { name } = call;
    const command = ZCommand.parse({ id, ...call });
    if (!online) {
      await this.repository.insertCommand({ id, serialNumber, userId, name, args: command.args, status: 'offline' });
      this.observe(name, 'offline');
      throw new AppError('APPLIANCE_DISCONNECTED');
    }
    await this.repository.insertCommand({ id, serialNumber, userId, name, args: command.args, status: 'pending' });
    const answer = new Promise<TCommandResult | undefined>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(undefined);
      }, this.timeoutMs);
      this.waiting.set(id, (result) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(result);
      });
    });
    await this.broker.sendCommand(serialNumber, JSON.stringify(command));
    const result = await answer;
    if (!result) {
      await this.repository.finishCommand(id, 'timeout', null);
      this.observe(name, 'timeout');
      throw new AppError('APPLIANCE_NOT_ANSWERING');
    }
    this.observe(name, result.ok ? 'ok' : 'refused');
    if (!result.ok) {
      const refusal = REFUSALS[result.error ?? 'UNSUPPORTED'];
      // A failed install names its step, in the caller's language, and gives it by its key too;
      // `rejected` also travels as a field of the answer: callers that show a machine's answer per
      // parameter (an applied settings profile) read it there.
      const params: Record<string, string> = {};
      if (result.step) params.step = `$t:mobile.install.steps.${result.step}`;
      const rejected = result.rejected?.length ? result.rejected : undefined;
      if (rejected) params.fields = rejected.join(', ');
      throw new AppError(refusal, params, { ...(result.step ? { step: result.step } : {}), ...(rejected ? { rejected } : {}) });
    }
    return result;
  }
}
