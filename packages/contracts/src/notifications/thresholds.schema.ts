import { z } from 'zod';
import { THRESHOLD_LIMITS, minutesOfDay } from './thresholds';

const ZTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/);

/** Opening hours: at least one weekday, and a window that opens before it closes. */
export const ZOpeningHours = z
  .object({
    days: z.array(z.int().min(1).max(7)).min(1).max(7),
    opensAt: ZTime,
    closesAt: ZTime,
  })
  .refine((h) => new Set(h.days).size === h.days.length, { path: ['days'], message: 'each weekday once' })
  .refine((h) => minutesOfDay(h.opensAt) < minutesOfDay(h.closesAt), {
    path: ['closesAt'],
    message: 'closes after it opens',
  });

/** PUT /api/v1/event-hub-listener/event/{serialNumber}/thresholds: a machine's threshold settings. */
export const ZThresholdSettings = z
  .object({
    hygieneEnabled: z.boolean(),
    chemicalsEnabled: z.boolean(),
    maintenanceEnabled: z.boolean(),
    maintenanceCycles: z.int().min(THRESHOLD_LIMITS.maintenanceCycles.min).max(THRESHOLD_LIMITS.maintenanceCycles.max),
    offlineEnabled: z.boolean(),
    offlineMinutes: z.int().min(THRESHOLD_LIMITS.offlineMinutes.min).max(THRESHOLD_LIMITS.offlineMinutes.max),
    openingHours: ZOpeningHours,
    usageEnabled: z.boolean(),
    usageFactor: z
      .number()
      .min(THRESHOLD_LIMITS.usageFactor.min)
      .max(THRESHOLD_LIMITS.usageFactor.max)
      .refine((f) => Math.abs(f * 10 - Math.round(f * 10)) < 1e-9, 'one decimal'),
  })
  .strict()
  .meta({ id: 'ThresholdSettings' });

/** GET …/thresholds: the machine's settings, whether they are its own or the defaults, and whether the caller may change them. */
export const ZThresholdView = z
  .object({
    settings: ZThresholdSettings,
    custom: z.boolean(),
    canEdit: z.boolean(),
    /**
     * The clock the opening hours are on, the machine's (IANA): the time zone it was installed with
     * once it reports one (what its display shows), else its country's (docs/notifications.md).
     */
    timeZone: z.string(),
  })
  .meta({ id: 'ThresholdView' });
export type TThresholdView = z.infer<typeof ZThresholdView>;
