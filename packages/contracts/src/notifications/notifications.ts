import type { TThresholdCondition } from './thresholds';

/**
 * What the notification centre tells a user (docs/alarms.md, "Notification centre"): an alarm
 * opened on a machine they see, a reminder that a high-severity alarm is still unacknowledged, and
 * its escalation to the service company's managers; a threshold condition of a machine they see
 * (docs/notifications.md, "Threshold notifications").
 */
export const NOTIFICATION_KINDS = ['alarmOpened', 'alarmReminder', 'alarmEscalation', 'threshold'] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A threshold notification's condition and the figures its text names (cycles, minutes, litres …). */
export type TThresholdNotice = { condition: TThresholdCondition; values: Record<string, number> };

/**
 * What a notification names besides its machine and alarm: the machine's name, and the alarm's code
 * (alarm kinds) or the threshold condition (kind `threshold`).
 */
export type TNotificationPayload = { errorCode?: string; applianceName: string; threshold?: TThresholdNotice };

/** The most notifications the centre lists (the newest). */
export const NOTIFICATION_LIST_LIMIT = 50;
