import {
  personName,
  type TAcknowledgeAlarmRequest,
  type TAlarmPerson,
  type TAlarmView,
  type TBrandCode,
} from '@washboard/contracts';
import { AppError } from '../errors';
import type { TAuthUser } from '../auth/token.service';
import type { ApplianceService } from '../appliance/appliance.service';
import { lastChangeOfHands, type ApplianceAccess } from '../appliance/appliance-access';
import type { AuditService } from '../audit/audit.service';
import type { Transactions } from '../db/transaction';
import type { TMachineMessage } from '../live/live.hub';
import { fromFloor, toAlarmView, type AlarmRepository, type TAlarmViewRow } from './alarm.repository';

/** Sends a machine's push message to the browsers that see it (the live hub). */
export type TAlarmPush = (brand: TBrandCode, message: TMachineMessage) => void;

/**
 * The alarm lifecycle (docs/alarms.md): an open alarm is acknowledged (who, when, a note) and
 * assigned to someone who sees the machine. Whoever sees the machine may do both; anyone else gets
 * 404 APPLIANCE_NOT_FOUND, as for every call about a machine. Each change is audited in its
 * transaction and pushed to the browsers watching the machine once committed.
 */
export class AlarmService {
  constructor(
    private readonly appliances: ApplianceService,
    private readonly access: ApplianceAccess,
    private readonly repository: AlarmRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
    private readonly push: TAlarmPush,
  ) {}

  /** The people an alarm of the machine can be assigned to: the active accounts that see it. */
  async assignees(user: TAuthUser, serial: string): Promise<TAlarmPerson[]> {
    const { appliance } = await this.appliances.visible(user, serial);
    const viewers = await this.access.viewers(appliance);
    return viewers.map((v) => ({ id: v.id, name: personName(v) }));
  }

  /** Acknowledges an open alarm as `user`, with an optional note (409 when closed or already acknowledged). */
  async acknowledge(user: TAuthUser, serial: string, id: string, request: TAcknowledgeAlarmRequest): Promise<TAlarmView> {
    const { appliance, since } = await this.appliances.visibleHistory(user, serial);
    await this.open(serial, id);
    const note = request.note ? request.note : null;
    const view = await this.transactions.run(async (t) => {
      const repository = this.repository.in(t);
      if (!(await repository.acknowledge(serial, id, { userId: user.id, note, at: new Date() }))) {
        // Closed since `open` looked (`open` says so), or acknowledged before.
        await this.open(serial, id, repository);
        throw new AppError('ALARM_ALREADY_ACKNOWLEDGED');
      }
      const row = await this.open(serial, id, repository, true);
      await this.audit.record(
        user,
        {
          action: 'alarm.acknowledge',
          target: { kind: 'product', id: serial, label: serial },
          serialNumber: serial,
          before: null,
          after: { alarmId: id, errorCode: row.errorCode, note },
        },
        t,
      );
      return row;
    });
    return this.told(appliance, serial, view, since);
  }

  /** Assigns an open alarm to `userId`, who must see the machine (else 400 ALARM_ASSIGNEE_INVALID). */
  async assign(user: TAuthUser, serial: string, id: string, userId: string): Promise<TAlarmView> {
    const { appliance, since } = await this.appliances.visibleHistory(user, serial);
    const before = await this.open(serial, id);
    const assignee = (await this.access.viewers(appliance)).find((v) => v.id === userId);
    if (!assignee) throw new AppError('ALARM_ASSIGNEE_INVALID');
    const view = await this.transactions.run(async (t) => {
      const repository = this.repository.in(t);
      if (!(await repository.assign(serial, id, { userId, at: new Date() }))) throw new AppError('ALARM_CLOSED');
      const row = await this.open(serial, id, repository, true);
      await this.audit.record(
        user,
        {
          action: 'alarm.assign',
          target: { kind: 'product', id: serial, label: serial },
          account: assignee.email,
          serialNumber: serial,
          before: before.assignedToId ? { alarmId: id, assignedTo: before.assignedToId } : null,
          after: { alarmId: id, errorCode: row.errorCode, assignedTo: userId },
        },
        t,
      );
      return row;
    });
    return this.told(appliance, serial, view, since);
  }

  /**
   * The changed alarm for its caller, who reads the machine's history from `since` on, and pushed to
   * every page that shows the machine as anyone reading it from its latest change of hands would see
   * it (docs/permissions.md, "A machine that changes hands"): a push goes to all of them alike, and
   * the earlier kitchen's people and words must not reach the next one's pages.
   */
  private told(
    appliance: Parameters<typeof lastChangeOfHands>[0] & { brand: TBrandCode },
    serial: string,
    row: TAlarmViewRow,
    since: Date | null,
  ): TAlarmView {
    const pushed = toAlarmView(fromFloor(row, lastChangeOfHands(appliance)));
    this.push(appliance.brand, { type: 'alarm', serialNumber: serial, alarm: pushed });
    return toAlarmView(fromFloor(row, since));
  }

  /** The alarm `id` of the machine: 404 when unknown, 409 ALARM_CLOSED when closed (unless `closedToo`). */
  private async open(serial: string, id: string, repository = this.repository, closedToo = false): Promise<TAlarmViewRow> {
    const row = await repository.find(serial, id);
    if (!row) throw new AppError('ALARM_NOT_FOUND');
    if (row.stopDate && !closedToo) throw new AppError('ALARM_CLOSED');
    return row;
  }
}
