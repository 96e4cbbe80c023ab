/**
 * What the notification centre tells a user (docs/alarms.md, "Notification centre"): an alarm
 * opened on a machine they see, a reminder that a high-severity alarm is still unacknowledged, and
 * its escalation to the service company's managers.
 */
export const NOTIFICATION_KINDS = ['alarmOpened', 'alarmReminder', 'alarmEscalation'] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a notification names besides its machine and alarm: the alarm's code and the machine's name. */
export type TNotificationPayload = { errorCode: string; applianceName: string };

/** The most notifications the centre lists (the newest). */
export const NOTIFICATION_LIST_LIMIT = 50;
