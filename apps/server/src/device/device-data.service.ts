import {
  checkParameterValue,
  isNewerVersion,
  type TDeviceStats,
  parameterByKey,
  type TCommandName,
  type TCommandArgsInput,
  type TCommandCall,
  mayCommand,
  canEditFactoryParameters,
  type TLastTelemetry,
  type TVersions,
  commandAuditAction,
  needsServiceSession,
  type TCommandResult,
  type TCommandResponse,
  type TProfileParameterAnswer,
} from '@washboard/contracts';
import { AppError } from '../errors';
import type { TAuthUser } from '../auth/token.service';
import type { ApplianceService } from '../appliance/appliance.service';
import { notBefore, rangeBoundary } from '../http/date-range';
import type { CommandService } from './command.service';
import type { ApplianceDetailsRepository } from '../appliance/appliance-details.repository';
import type { DefaultParameterService } from '../default-parameters/default-parameters.service';
import type { AuditService, TAuditEntry } from '../audit/audit.service';
import type { ServicePinService } from '../service/service-pin.service';
import { profileAnswers, type SettingsProfileResolver } from '../settings-profiles/settings-profile-resolver';

type TCheckContext = { user: TAuthUser } & Awaited<ReturnType<ApplianceService['visible']>>;
type TCheck<K extends TCommandName> = (context: TCheckContext, args: TCommandArgsInput<K>) => void;

/** What the server checks before sending some commands, where it knows better than the machine. */
/**
 * Every value within the catalogue's bounds for the machine's range, and factory parameters only
 * for SERVICE_MANAGER and ADMIN, before anything is sent.
 */
const checkValues = ({ user, appliance }: TCheckContext, values: Record<string, number>): void => {
  const refused = Object.entries(values).filter(([key, value]) => checkParameterValue(key, value, appliance.gamma) !== 'ok');
  if (refused.length > 0) throw new AppError('VALUE_OUT_OF_RANGE', { fields: refused.map(([k]) => k).join(', ') });
  const factory = Object.keys(values).some((key) => parameterByKey(key)?.kind === 'factory');
  if (factory && !canEditFactoryParameters(user)) throw new AppError('FORBIDDEN');
};

const CHECKS: { [K in TCommandName]?: TCheck<K> } = {
  'params-set': (context, { values }) => checkValues(context, values),
  // A settings profile's values, under the same rules as a parameter write.
  install: (context, { values = {} }) => checkValues(context, values),
  /** Only a version newer than the installed FW00 (FIRMWARE_UP_TO_DATE); progress comes back on `fota`. */
  'fota-start': ({ appliance, state }, { version }) => {
    const installed = state.versions?.fw00 ?? appliance.fw00;
    if (!isNewerVersion(version, installed)) throw new AppError('FIRMWARE_UP_TO_DATE');
  },
};

/**
 * What the audit trail keeps of a command: the values it changes as the server knew them before,
 * and what was asked with the machine's answer (`outcome`: `ok`, or the error the caller got).
 */
function commandEntry(
  context: TCheckContext,
  serial: string,
  call: TCommandCall,
  outcome: string,
  result: TCommandResult | undefined,
): TAuditEntry {
  const { appliance, state } = context;
  const known = state.parameters ?? {};
  const changes = (): Pick<TAuditEntry, 'before' | 'after'> => {
    switch (call.name) {
      case 'params-set': {
        const keys = Object.keys(call.args.values);
        return { before: Object.fromEntries(keys.map((k) => [k, known[k] ?? null])), after: { ...call.args.values } };
      }
      // The machine goes back to its model's default parameter list: what it held, and what it was sent.
      case 'restore-presets':
        return { before: { ...known }, after: { ...call.args?.values } };
      case 'fota-start':
        return { before: { fw00: state.versions?.fw00 ?? appliance.fw00 }, after: { fw00: call.args.version } };
      // What the machine answered: the alarms it cleared, the factory values it went back to.
      case 'alarm-reset':
        return { before: null, after: { ...call.args, cleared: result?.cleared ?? [] } };
      case 'factory-reset':
        return { before: { ...known }, after: { ...result?.values } };
      default:
        return { before: null, after: { ...(call.args as Record<string, unknown> | undefined) } };
    }
  };
  const { before, after } = changes();
  return {
    action: commandAuditAction(call.name),
    target: { kind: 'product', id: serial, label: serial },
    serialNumber: serial,
    before,
    after: { ...after, outcome },
  };
}

/**
 * The event-hub calls of one machine besides its HACCP records (`HaccpService`): live values,
 * versions, parameters, statistics and the commands to it, each after the visibility check.
 */
export class DeviceDataService {
  constructor(
    private readonly appliances: ApplianceService,
    private readonly commands: CommandService,
    private readonly details: ApplianceDetailsRepository,
    private readonly defaults: DefaultParameterService,
    private readonly audit: AuditService,
    private readonly servicePins: ServicePinService,
    private readonly profiles: SettingsProfileResolver,
  ) {}

  lastTelemetry(user: TAuthUser, serial: string): Promise<TLastTelemetry> {
    return this.appliances.lastTelemetry(user, serial);
  }

  /** lastTelemetry's JSON if kept for a caller known to see the machine (ApplianceService.keptLastTelemetryJson). */
  keptLastTelemetryJson(user: TAuthUser, serial: string): Buffer | undefined {
    return this.appliances.keptLastTelemetryJson(user, serial);
  }

  /** lastTelemetry already serialised (see ApplianceService.lastTelemetryJson). */
  lastTelemetryJson(user: TAuthUser, serial: string): Promise<Buffer> {
    return this.appliances.lastTelemetryJson(user, serial);
  }

  async versions(user: TAuthUser, serial: string): Promise<TVersions | null> {
    return (await this.appliances.visible(user, serial)).state.versions;
  }

  async parameters(user: TAuthUser, serial: string, keys?: string) {
    const { state } = await this.appliances.visible(user, serial);
    const all = state.parameters ?? {};
    const wanted = keys
      ?.split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    const values = wanted ? Object.fromEntries(wanted.filter((k) => k in all).map((k) => [k, all[k] ?? 0])) : all;
    return { values, reportedAt: state.parametersAt ? state.parametersAt.toISOString() : null };
  }

  /** The lifetime counters as the machine reported them in the range, oldest first (the statistics charts). */
  async statistics(user: TAuthUser, serial: string, from: string, to: string): Promise<TDeviceStats[]> {
    const { since } = await this.appliances.visibleHistory(user, serial);
    return this.details.stats(serial, notBefore(rangeBoundary(from, false), since), rangeBoundary(to, true));
  }

  /**
   * Sends a command of the device registry to a machine the caller sees, if the registry lets the
   * caller's role send it and the command's own rules here (below) let it through; the machine
   * checks again and answers.
   */
  async command(user: TAuthUser, serial: string, call: TCommandCall, serviceSession?: string): Promise<TCommandResponse> {
    const { appliance, state } = await this.appliances.visible(user, serial);
    if (!mayCommand(call.name, user.role)) throw new AppError('FORBIDDEN');
    // The service menu's commands are sent only within a service session (the PIN was entered).
    if (needsServiceSession(call.name)) await this.servicePins.requireSession(user, serviceSession);
    const { sent, answers } = await this.outgoing(user, appliance, state.parameters ?? {}, call);
    const check = CHECKS[sent.name] as TCheck<TCommandName> | undefined;
    check?.({ user, appliance, state }, sent.args as never);
    // Every command sent is recorded with how it ended; a command the checks above refused was never sent.
    let outcome = 'ok';
    let result: TCommandResult | undefined;
    try {
      result = await this.commands.send(serial, state.online, user.id, sent);
    } catch (error) {
      outcome = error instanceof AppError ? error.code : 'INTERNAL_ERROR';
      throw error;
    } finally {
      await this.audit.record(user, commandEntry({ user, appliance, state }, serial, sent, outcome, result));
    }
    return {
      code: '200',
      ...(result.cleared ? { cleared: result.cleared } : {}),
      ...(result.values ? { values: result.values } : {}),
      ...(answers ? { parameters: answers } : {}),
    };
  }

  /**
   * The command as the machine receives it, where the server completes it: restore-presets carries
   * the model's default parameter list (docs/administration.md); an install never carries a time
   * of installation (`at`), and with a settings profile it carries the profile's values (values
   * given beside it win) and never the profile's id, and the answer then says, per parameter of
   * the profile, what the machine did.
   */
  private async outgoing(
    user: TAuthUser,
    appliance: TCheckContext['appliance'],
    known: Record<string, number>,
    call: TCommandCall,
  ): Promise<{ sent: TCommandCall; answers?: TProfileParameterAnswer[] }> {
    if (call.name === 'restore-presets')
      return { sent: { name: call.name, args: { values: await this.defaults.valuesFor(appliance) } } };
    if (call.name !== 'install') return { sent: call };
    // `at` is a board replacement's restore's alone (it sends its command itself): a user's install
    // is dated by the machine when it comes. The body's schema has no `at` either.
    const { settingsProfileId, at: _at, values: given, ...installation } = call.args;
    if (settingsProfileId === undefined) return { sent: { name: 'install', args: { ...installation, values: given } } };
    const { row, values } = await this.profiles.resolve(user, settingsProfileId, appliance);
    const sentValues: Record<string, number> = { ...values, ...given };
    const sent: TCommandCall = { name: 'install', args: { ...installation, values: sentValues } };
    // Only sent when the machine took the whole install: a failed one answers an error naming its
    // step. Each answer tells what the machine got, not what the profile holds: a value given beside
    // the profile wins, and a factory value left out for the caller's role was not sent at all.
    const answers = profileAnswers(
      row,
      known,
      (key) => {
        const value = sentValues[key];
        if (value === undefined) return 'skipped';
        return known[key] === value ? 'unchanged' : 'applied';
      },
      sentValues,
    );
    return { sent, answers };
  }
}
