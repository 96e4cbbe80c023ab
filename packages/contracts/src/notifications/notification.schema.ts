import { z } from 'zod';
import { NOTIFICATION_KINDS } from './notifications';
import { THRESHOLD_CONDITIONS } from './thresholds';

export const ZNotification = z
  .object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    serialNumber: z.string(),
    alarmId: z.string().nullable(),
    /** the alarm's code (alarm kinds); null for a threshold notification */
    errorCode: z.string().nullable(),
    applianceName: z.string(),
    /** the threshold condition and its figures (kind `threshold`), else null */
    threshold: z.object({ condition: z.enum(THRESHOLD_CONDITIONS), values: z.record(z.string(), z.number()) }).nullable(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type TNotification = z.infer<typeof ZNotification>;

/** GET /api/v1/notifications: the newest notifications and how many are unread. */
export const ZNotificationList = z
  .object({ items: z.array(ZNotification), unread: z.number().int() })
  .meta({ id: 'NotificationList' });
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZNotificationParams = z.object({ id: z.uuid() });
