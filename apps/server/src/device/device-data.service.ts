import {
  checkParameterValue,
  parameterByKey,
  type TAlarmView,
  type TCommandName,
  type THaccpEventView,
  type TLastTelemetry,
  type TVersions,
} from '@washboard/contracts';
import { AppError } from '../errors';
import type { TAuthUser } from '../auth/token.service';
import type { ApplianceService } from '../appliance/appliance.service';
import type { ApplianceRepository } from '../appliance/appliance.repository';
import type { haccpEvents } from '../db/schema/index';

type THaccpEventRow = typeof haccpEvents.$inferSelect;
import type { CommandService } from './command.service';

/** A date of a range query: a bare day covers the whole day (UTC). */
function boundary(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`);
  return new Date(value);
}

function toEventView(e: THaccpEventRow): THaccpEventView {
  return {
    id: e.id,
    kind: e.kind,
    cycleName: e.cycleName,
    cycleNumber: e.cycleNumber,
    start: e.start.toISOString(),
    stop: e.stop.toISOString(),
    completed: e.completed,
    measurements: e.measurements,
    parameterName: e.parameterName,
    oldValue: e.oldValue ?? null,
    newValue: e.newValue ?? null,
  };
}

/** The event-hub calls: data of one machine and the commands to it, each after the visibility check. */
export class DeviceDataService {
  constructor(
    private readonly appliances: ApplianceService,
    private readonly repository: ApplianceRepository,
    private readonly commands: CommandService,
  ) {}

  lastTelemetry(user: TAuthUser, serial: string): Promise<TLastTelemetry> {
    return this.appliances.lastTelemetry(user, serial);
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

  /**
   * Checks every value against the catalogue (range, integer, factory parameters only for
   * SERVICE_MANAGER and ADMIN) before anything is sent; the machine checks again and answers.
   */
  async writeParameters(user: TAuthUser, serial: string, values: Record<string, number>): Promise<void> {
    const { appliance, state } = await this.appliances.visible(user, serial);
    const refused = Object.entries(values).filter(([key, value]) => checkParameterValue(key, value, appliance.gamma) !== 'ok');
    if (refused.length > 0) throw new AppError('VALUE_OUT_OF_RANGE', 400, { fields: refused.map(([k]) => k).join(', ') });
    const factory = Object.keys(values).some((key) => parameterByKey(key)?.kind === 'factory');
    if (factory && user.role !== 'ADMIN' && user.role !== 'SERVICE_MANAGER') throw new AppError('FORBIDDEN', 403);
    await this.commands.send(serial, state.online, user.id, 'params-set', { values });
  }

  async events(user: TAuthUser, serial: string, from: string, to: string): Promise<THaccpEventView[]> {
    await this.appliances.visible(user, serial);
    const rows = await this.repository.events(serial, boundary(from, false), boundary(to, true));
    return rows.map(toEventView);
  }

  async event(user: TAuthUser, serial: string, id: string): Promise<THaccpEventView> {
    await this.appliances.visible(user, serial);
    const e = await this.repository.event(serial, id);
    if (!e) throw new AppError('NOT_FOUND', 404);
    return toEventView(e);
  }

  async alarms(user: TAuthUser, serial: string, from: string, to: string): Promise<TAlarmView[]> {
    await this.appliances.visible(user, serial);
    const rows = await this.repository.alarms(serial, boundary(from, false), boundary(to, true));
    return rows.map((a) => ({
      id: a.id,
      errorCode: a.errorCode,
      startDate: a.startDate.toISOString(),
      stopDate: a.stopDate ? a.stopDate.toISOString() : null,
    }));
  }

  async command(user: TAuthUser, serial: string, name: TCommandName, args: Record<string, unknown> = {}): Promise<void> {
    const { state } = await this.appliances.visible(user, serial);
    await this.commands.send(serial, state.online, user.id, name, args);
  }
}
