import { alarmByCode, deviceCatalogues, type TBrandCode, type TLanguage, type TNotificationKind } from '@washboard/contracts';
import type { TSqlRunner } from '../db/database';
import type { Transactions } from '../db/transaction';
import type { TUser } from '../account/account.repository';
import type { ApplianceRepository } from '../appliance/appliance.repository';
import { machineAudiences, type ApplianceAccess, type TMachineAudience } from '../appliance/appliance-access';
import type { JobQueue } from '../jobs/job-queue';
import { ALARM_ESCALATE, ALARM_NOTIFY, ALARM_REMIND } from '../jobs/kinds';
import type { Mailer } from '../mail/mailer';
import { renderMail } from '../mail/mail-templates';
import { translate } from '../i18n/translate';
import type { UnsubscribeService } from '../notifications/unsubscribe.service';
import type { NotificationService } from '../notifications/notification.service';
import type { TNewNotification } from '../notifications/notification.repository';
import type { AlarmRepository } from './alarm.repository';
import { machineLink, type TLinkBase } from '../http/app-link';

/**
 * Who an escalation goes to among those who see the machine: its service managers (of its service
 * company and the companies above it) or, for a machine no service company serves, the brand's
 * administrators — an escalation always reaches someone who can act.
 */
function escalationRecipients(viewers: TUser[]): TUser[] {
  const managers = viewers.filter((v) => v.role === 'SERVICE_MANAGER');
  return managers.length > 0 ? managers : viewers.filter((v) => v.role === 'ADMIN');
}

/** An alarm a follow-up is about: its machine, its device-made id and its code. */
type TAlarmRef = { serialNumber: string; alarmId: string; errorCode: string };
type TAppliance = NonNullable<Awaited<ReturnType<ApplianceRepository['find']>>>;
type TAudience = TMachineAudience<TAppliance>;
type TStage = 'reminder' | 'escalation';

export type TAlarmFollowUpOptions = {
  /** ALARM_REMINDER_SECONDS and ALARM_ESCALATION_SECONDS (docs/alarms.md). */
  reminderSeconds: number;
  escalationSeconds: number;
  /** The dashboard's address and brands, for the link to the machine in the mails. */
  links: TLinkBase;
};

const STAGE: Record<TStage, { notification: TNotificationKind; mail: 'alarmReminder' | 'alarmEscalation' }> = {
  reminder: { notification: 'alarmReminder', mail: 'alarmReminder' },
  escalation: { notification: 'alarmEscalation', mail: 'alarmEscalation' },
};

/**
 * What follows an alarm's opening (docs/alarms.md): the people who see the machine are notified;
 * a high-severity alarm still open and unacknowledged after ALARM_REMINDER_SECONDS reminds them
 * (notification and, for those with alarm notifications on, a mail), and after
 * ALARM_ESCALATION_SECONDS more is escalated to the service managers of the machine's service
 * company. Each step is a job of the durable queue, checking the alarm when it runs.
 */
export class AlarmFollowUp {
  constructor(
    private readonly jobs: JobQueue,
    private readonly appliances: ApplianceRepository,
    private readonly access: ApplianceAccess,
    private readonly alarms: AlarmRepository,
    private readonly notifications: NotificationService,
    private readonly mailer: Mailer,
    private readonly transactions: Transactions,
    private readonly unsubscribe: UnsubscribeService,
    private readonly options: TAlarmFollowUpOptions,
  ) {
    jobs.handle(ALARM_NOTIFY, ({ alarms }) => this.opened(alarms));
    jobs.handle(ALARM_REMIND, ({ alarms }) => this.followUp('reminder', alarms));
    jobs.handle(ALARM_ESCALATE, ({ alarms }) => this.followUp('escalation', alarms));
  }

  /** The gateway writer's hook, in the batch's transaction: one job for all the alarms it opened on `brand`'s machines. */
  async alarmsOpened(sql: TSqlRunner, brand: TBrandCode, opened: TAlarmRef[]): Promise<void> {
    await this.jobs.enqueueSql(sql, ALARM_NOTIFY, { alarms: opened }, { brand });
  }

  /** The `alarm.notify` job: notifies who sees each machine, queues the reminder of the high-severity alarms. */
  private async opened(refs: TAlarmRef[]): Promise<void> {
    const audiences = await this.audiences(refs);
    const high = refs.filter((r) => alarmByCode(r.errorCode)?.severity === 'high');
    await this.transactions.run(async (t) => {
      await this.notifications.add(t, this.notificationsOf('alarmOpened', refs, audiences));
      if (high.length === 0) return;
      const runAt = new Date(Date.now() + this.options.reminderSeconds * 1000);
      await this.jobs.enqueue(ALARM_REMIND, { alarms: high }, { db: t.tx, runAt, brand: brandOf(audiences) });
    });
  }

  /**
   * The `alarm.remind` and `alarm.escalate` jobs: for each alarm still open and unacknowledged (and
   * not yet reminded or escalated), marks it, notifies and mails its audience — who sees the machine
   * for a reminder, for an escalation the service managers among them (the brand's administrators when no service company serves the machine) — all in one transaction;
   * a reminder then queues the escalation.
   */
  private async followUp(stage: TStage, refs: TAlarmRef[]): Promise<void> {
    const audiences = await this.audiences(refs);
    if (stage === 'escalation') {
      for (const target of audiences.values()) target.viewers = escalationRecipients(target.viewers);
    }
    // Each recipient's one-click unsubscribe link, signed before the transaction (no query).
    const links = new Map<string, string>();
    for (const { viewers } of audiences.values()) {
      for (const viewer of viewers.filter((v) => v.alarmNotifications && !links.has(v.id))) {
        links.set(viewer.id, await this.unsubscribe.link(viewer.id, 'alarmNotifications'));
      }
    }
    await this.transactions.run(async (t) => {
      const alarms = this.alarms.in(t);
      const due: TAlarmRef[] = [];
      for (const ref of refs) if (await alarms.markFollowUp(stage, ref.serialNumber, ref.alarmId)) due.push(ref);
      await this.notifications.add(t, this.notificationsOf(STAGE[stage].notification, due, audiences));
      for (const ref of due) {
        const target = audiences.get(ref.serialNumber);
        if (!target) continue;
        for (const viewer of target.viewers.filter((v) => v.alarmNotifications)) {
          const mail = this.mail(stage, viewer, target.appliance, ref, links.get(viewer.id) ?? '');
          await this.mailer.enqueue(viewer.brand, viewer.email, mail, t.tx);
        }
      }
      if (stage === 'reminder' && due.length > 0) {
        const runAt = new Date(Date.now() + this.options.escalationSeconds * 1000);
        await this.jobs.enqueue(ALARM_ESCALATE, { alarms: due }, { db: t.tx, runAt, brand: brandOf(audiences) });
      }
    });
  }

  private audiences(refs: TAlarmRef[]): Promise<Map<string, TAudience>> {
    return machineAudiences(
      refs.map((r) => r.serialNumber),
      (serials) => this.appliances.findMany(serials),
      this.access,
    );
  }

  private notificationsOf(kind: TNotificationKind, refs: TAlarmRef[], audiences: Map<string, TAudience>): TNewNotification[] {
    return refs.flatMap((ref) => {
      const target = audiences.get(ref.serialNumber);
      if (!target) return [];
      const payload = { errorCode: ref.errorCode, applianceName: target.appliance.applianceName ?? ref.serialNumber };
      return target.viewers.map((v) => ({
        userId: v.id,
        brand: v.brand,
        kind,
        serialNumber: ref.serialNumber,
        alarmId: ref.alarmId,
        payload,
      }));
    });
  }

  /** A reminder or escalation in the viewer's language and brand, with the one-click unsubscribe of alarm mails. */
  private mail(stage: TStage, viewer: TUser, appliance: TAppliance, ref: TAlarmRef, unsubscribeUrl: string) {
    const lang = viewer.language as TLanguage;
    const texts = deviceCatalogues[lang] as unknown as { alarms: Record<string, string | undefined> };
    const name = appliance.applianceName ?? appliance.serialNumber;
    const link = machineLink(this.options.links, viewer.brand, appliance.serialNumber);
    return renderMail(STAGE[stage].mail, {
      brand: viewer.brand,
      lang,
      firstName: viewer.firstName,
      machine: name === appliance.serialNumber ? name : `${name} (${appliance.serialNumber})`,
      alarm: `${ref.errorCode} – ${texts.alarms[ref.errorCode] ?? ref.errorCode}`,
      link,
      unsubscribe: { url: unsubscribeUrl, preferenceLabel: translate(lang, 'profile.alarmNotifications') },
    });
  }
}

/** The brand of a job's machines (one job holds one brand's alarms), for its failed-job listing. */
function brandOf(audiences: Map<string, TAudience>): TBrandCode | undefined {
  return audiences.values().next().value?.appliance.brand;
}
