import { z } from 'zod';

/** The profile flags a notification mail's unsubscribe link may turn off (docs/notifications.md). */
export const NOTIFICATION_PREFERENCES = ['alarmNotifications', 'thresholdNotifications', 'weeklyReport'] as const;
export type TNotificationPreference = (typeof NOTIFICATION_PREFERENCES)[number];

/** `GET`/`POST /api/v1/unsubscribe?token=…`: the signed token of a notification mail's link. */
export const ZUnsubscribeQuery = z.object({ token: z.string().min(1).max(2048) });
export type TUnsubscribeQuery = z.infer<typeof ZUnsubscribeQuery>;
