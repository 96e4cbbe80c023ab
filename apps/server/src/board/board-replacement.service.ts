import type { FastifyBaseLogger } from 'fastify';
import {
  canUseLocalLink,
  checkParameterValue,
  type TBrokerCredentialsResponse,
  type TCommandCall,
  type TMainBoardStatus,
} from '@washboard/contracts';
import type { AccountRepository } from '../account/account.repository';
import type { ApplianceRepository } from '../appliance/appliance.repository';
import { productEntry, type ApplianceService } from '../appliance/appliance.service';
import type { AuditService } from '../audit/audit.service';
import type { TAuthUser } from '../auth/token.service';
import type { Transactions } from '../db/transaction';
import type { CommandService } from '../device/command.service';
import { AppError } from '../errors';
import type { DomainEvents } from '../events/domain-events';
import type { TBroker } from '../gateway/broker';
import { hashDeviceSecret, newDeviceSecret } from '../gateway/device-identity';
import { PermanentJobError, type JobQueue } from '../jobs/job-queue';
import { BOARD_RESTORE } from '../jobs/kinds';
import type { BoardReplacementRepository, TBoardReplacement } from './board-replacement.repository';

/** A machine's refusals of the restore that no retry mends: its own values, or its installation, are not taken. */
const FINAL_REFUSALS = new Set(['INSTALL_FAILED', 'VALUE_OUT_OF_RANGE']);

/**
 * Main board replacement (docs/local-link.md, "Board replacement"): the machine's serial number is
 * bound to a new board, the old board's credentials revoked, and once the new board is online the
 * machine's installation and parameters are restored on it by the `board.restore` job. The
 * machine's history stays keyed by its serial number: nothing moves.
 */
export class BoardReplacementService {
  constructor(
    private readonly appliances: ApplianceService,
    private readonly applianceRepository: ApplianceRepository,
    private readonly replacements: BoardReplacementRepository,
    private readonly accounts: AccountRepository,
    private readonly broker: TBroker,
    /** Where a new secret is told (the gateway forgets the machine's cached identity). */
    private readonly events: DomainEvents,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
    private readonly jobs: JobQueue,
    private readonly commands: CommandService,
    /**
     * Tells the gateway the machine's connection ended (`IngestService.disconnected`): a broker that
     * puts a client off (Mosquitto's dynamic security) sends no last will.
     */
    private readonly disconnected: (serial: string) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {
    jobs.handle(BOARD_RESTORE, ({ replacementId }) => this.restore(replacementId));
  }

  /**
   * Binds the machine to the new board `boardSerial` and answers the machine's new device secret,
   * for the phone to hand to the new board over the local link (never shown). The old board's
   * secret stops working and its connection is dropped. For a service user who sees the machine or
   * an ADMIN of the brand; a kitchen manager is refused (403), any other machine answers 404. A
   * board the machine already reports, or that another machine holds, is refused (BOARD_IN_USE).
   * The replacement, its audit record and the restore job commit together.
   */
  async replace(user: TAuthUser, serial: string, boardSerial: string): Promise<TBrokerCredentialsResponse> {
    if (!canUseLocalLink(user)) throw new AppError('FORBIDDEN');
    const { appliance, state } = await this.appliances.visible(user, serial);
    const oldBoardSerial = state.info?.boardSerial ?? null;
    if (oldBoardSerial === boardSerial || (await this.replacements.boardElsewhere(boardSerial, serial)))
      throw new AppError('BOARD_IN_USE');
    // What the new board is given once online: the machine as it last reported itself, its
    // installation with the time it was installed. Kept now, because the new board's own first
    // reports replace both in the machine's state.
    const restore = {
      installation: state.info?.installation ?? null,
      values: validValues(state.parameters ?? {}, appliance.gamma),
    };
    const deviceSecret = newDeviceSecret();
    await this.transactions.run(async (t) => {
      await this.applianceRepository.in(t).update(serial, { secretHash: hashDeviceSecret(deviceSecret) });
      const replacementId = await this.replacements
        .in(t)
        .insert({ serialNumber: serial, oldBoardSerial, newBoardSerial: boardSerial, replacedBy: user.id, restore });
      await this.audit.record(
        user,
        productEntry('product.board-replace', serial, null, { boardSerial: oldBoardSerial }, { boardSerial }),
        t,
      );
      await this.jobs.enqueue(BOARD_RESTORE, { replacementId }, { db: t.tx, brand: appliance.brand });
    });
    // The gateway forgets the old identity first, then the old board is put off the broker, then
    // the broker learns the new secret.
    this.events.emit('deviceProvisioned', { serial });
    await this.broker.revokeDevice(serial);
    await this.disconnected(serial);
    await this.broker.provisionDevice(serial, deviceSecret);
    this.jobs.kick();
    return { serialNumber: serial, deviceSecret };
  }

  /** The board the machine reports and its latest replacement, for a caller who sees the machine. */
  async status(user: TAuthUser, serial: string): Promise<TMainBoardStatus> {
    const { state } = await this.appliances.visible(user, serial);
    const latest = await this.replacements.latest(serial);
    return {
      serialNumber: serial,
      boardSerial: state.info?.boardSerial ?? null,
      online: state.online,
      replacement: latest
        ? {
            oldBoardSerial: latest.oldBoardSerial,
            newBoardSerial: latest.newBoardSerial,
            replacedAt: latest.replacedAt.toISOString(),
            restoredAt: latest.restoredAt?.toISOString() ?? null,
          }
        : null,
    };
  }

  /**
   * The `board.restore` job: once the machine is online with the new board, sends it the
   * machine's installation and parameter values through the command path (recorded like every
   * command), then marks the replacement restored, audited. Until then it throws, and the queue
   * tries again soon.
   */
  private async restore(replacementId: string): Promise<void> {
    const replacement = await this.replacements.find(replacementId);
    if (!replacement || replacement.restoredAt || (await this.replacements.superseded(replacement))) return;
    const { serialNumber: serial } = replacement;
    const state = await this.applianceRepository.state(serial);
    if (!state?.online || state.info?.boardSerial !== replacement.newBoardSerial)
      throw new Error(`${serial}: the new board ${replacement.newBoardSerial} is not online yet`);
    const call = restoreCall(replacement);
    if (call) {
      try {
        await this.commands.send(serial, true, replacement.replacedBy, call);
      } catch (error) {
        if (error instanceof AppError && FINAL_REFUSALS.has(error.code))
          throw new PermanentJobError(`${serial}: the new board refused the restore (${error.code})`);
        throw error;
      }
    }
    const actor = replacement.replacedBy ? await this.accounts.findById(replacement.replacedBy) : undefined;
    await this.transactions.run(async (t) => {
      if (!(await this.replacements.in(t).markRestored(replacementId))) return;
      if (actor)
        await this.audit.record(
          actor,
          productEntry('product.board-restore', serial, null, null, {
            boardSerial: replacement.newBoardSerial,
            installation: call?.name === 'install',
            parameters: Object.keys(replacement.restore.values).length,
          }),
          t,
        );
      else this.log.warn({ serial }, 'board restored; whoever replaced it no longer has an account to record it under');
    });
  }
}

/** The values the catalogue takes for the machine's range (the machine's own report, so normally all). */
function validValues(values: Record<string, number>, gamma: Parameters<typeof checkParameterValue>[2]): Record<string, number> {
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => checkParameterValue(key, value, gamma) === 'ok'));
}

/**
 * What restores the machine on the new board: `install` with its installation, the time it was
 * installed (`at`, so the new board reports the machine's installation date, not the replacement's;
 * a replacement recorded before it was kept has none) and its values when it was installed, else
 * `params-set` with its values; nothing when the machine never reported either.
 */
function restoreCall({ restore }: TBoardReplacement): TCommandCall | null {
  const { installation, values } = restore;
  if (installation) return { name: 'install', args: { ...installation, values } };
  if (Object.keys(values).length > 0) return { name: 'params-set', args: { values } };
  return null;
}
