import { z } from 'zod';
import { GAMMAS } from '../appliance/gamma';
import { BRAND_CODES } from '../brand/brands';
import { UNIT_SYSTEMS } from './units';
import { ZChainPlace, ZHaccpEventView, ZOtherVersion, ZRecordCorrection, ZSerialParams } from './appliance.schema';
import { ZHaccpVerification } from './haccp-chain.schema';
import {
  INSPECTOR_LINK_DEFAULT_DAYS,
  INSPECTOR_LINK_LABEL_MAX_LENGTH,
  INSPECTOR_LINK_MAX_DAYS,
  INSPECTOR_LINK_REFUSALS,
  INSPECTOR_LINK_STATUSES,
  INSPECTOR_TOKEN_PATTERN,
  INSPECTION_EXPORTS,
} from './inspector-link';

/**
 * POST …/haccp/inspector-links: the period (whole UTC days, both included, at most a report's year:
 * the server checks the span), how many days the link stays valid and whom it is for.
 */
export const ZInspectorLinkRequest = z
  .object({
    startDate: z.iso.date(),
    stopDate: z.iso.date(),
    expiresInDays: z.int().min(1).max(INSPECTOR_LINK_MAX_DAYS).default(INSPECTOR_LINK_DEFAULT_DAYS),
    /** Whom the link is for (an inspector's name, an authority); blank is none. */
    label: z.string().trim().max(INSPECTOR_LINK_LABEL_MAX_LENGTH).optional(),
  })
  .refine((r) => r.startDate <= r.stopDate, { message: 'startDate after stopDate', path: ['startDate'] })
  .meta({ id: 'InspectorLinkRequest' });
export type TInspectorLinkRequest = z.infer<typeof ZInspectorLinkRequest>;

/** A link as its machine's owner side and service see it: never its token, which is stored hashed. */
export const ZInspectorLinkView = z
  .object({
    id: z.uuid(),
    serialNumber: z.string(),
    startDate: z.iso.date(),
    stopDate: z.iso.date(),
    label: z.string().nullable(),
    createdByName: z.string(),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    revokedAt: z.iso.datetime().nullable(),
    revokedByName: z.string().nullable(),
    status: z.enum(INSPECTOR_LINK_STATUSES),
    /** How often the link was opened (the record shown), and when last. */
    openings: z.int(),
    lastOpenedAt: z.iso.datetime().nullable(),
    /** How often it was tried once revoked or expired (refused, 410), and when last. */
    refusedOpenings: z.int(),
    lastRefusedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'InspectorLink' });
export type TInspectorLinkView = z.infer<typeof ZInspectorLinkView>;

/** The answer to creating a link: the only time its token (and so its address) is shown. */
export const ZInspectorLinkCreated = ZInspectorLinkView.extend({
  token: z.string(),
  /** The page's path on the dashboard, `/inspect/<token>`. */
  path: z.string(),
}).meta({ id: 'InspectorLinkCreated' });
export type TInspectorLinkCreated = z.infer<typeof ZInspectorLinkCreated>;

/** One opening of a link: when, from which network (the address cut to /24 or /48), with which browser. */
export const ZInspectorLinkOpening = z
  .object({
    openedAt: z.iso.datetime(),
    network: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** Null when the record was shown; else why it was refused (the link's status then). */
    refused: z.enum(INSPECTOR_LINK_REFUSALS).nullable(),
    /** The file asked for, when the opening was a download rather than the page. */
    download: z.enum(INSPECTION_EXPORTS).nullable(),
  })
  .meta({ id: 'InspectorLinkOpening' });
export type TInspectorLinkOpening = z.infer<typeof ZInspectorLinkOpening>;

/** …/haccp/inspector-links/{id}…: the machine and the link. */
export const ZInspectorLinkParams = ZSerialParams.extend({ id: z.uuid() });

/**
 * GET /api/v1/inspect/{token}: the link's token as the page's address carries it, in the exact shape
 * it is made in, so that anything else is refused (400) before the database is asked.
 */
export const ZInspectionParams = z.object({ token: z.string().regex(INSPECTOR_TOKEN_PATTERN) });

/** GET /api/v1/inspect/{token}/exports/{file}: the link's token and which file. */
export const ZInspectionExportParams = ZInspectionParams.extend({ file: z.enum(INSPECTION_EXPORTS) });

/** The time zone a download writes its times in (an IANA name; else UTC): its period and units are the link's. */
export const ZInspectionExportQuery = z.object({ timeZone: z.string().max(64).optional() });

/** An alarm as the inspector sees it: what happened, when, and who acknowledged it with which note. */
export const ZInspectionAlarm = z
  .object({
    id: z.string(),
    errorCode: z.string(),
    startDate: z.string(),
    stopDate: z.string().nullable(),
    acknowledgement: z
      .object({ by: z.object({ name: z.string() }).nullable(), at: z.string(), note: z.string().nullable() })
      .nullable(),
    /** Its place in the hash chain: delivered late, carried home by whom (as on the events). */
    chain: ZChainPlace.nullable(),
    /** Corrections pointing at it, oldest first (as on the events). */
    corrections: z.array(ZRecordCorrection),
    /** Other versions delivered under its id and kept aside (as on the events). */
    otherVersions: z.array(ZOtherVersion),
  })
  .meta({ id: 'InspectionAlarm' });
export type TInspectionAlarm = z.infer<typeof ZInspectionAlarm>;

/**
 * The verification of the record as an inspector link shows it: the walk over the link's period
 * (`ZHaccpVerification`), naming only the problems whose time lies inside the period. The walk
 * starts at the last signed close-out before the period, so it may find problems before it: those
 * are counted, not named, and `verified` includes them.
 */
export const ZInspectionVerification = ZHaccpVerification.extend({
  /** Problems found outside the period (counted in `verified`, not listed in `breaks`). */
  breaksOutsidePeriod: z.int().min(0),
}).meta({ id: 'InspectionVerification' });
export type TInspectionVerification = z.infer<typeof ZInspectionVerification>;

/**
 * GET /api/v1/inspect/{token}: what an inspector sees — the machine, the period, the HACCP events
 * with their verdicts and heat doses, the alarms and the verification of the record; nothing else.
 */
export const ZInspectionView = z
  .object({
    brand: z.enum(BRAND_CODES),
    machine: z.object({
      name: z.string(),
      serialNumber: z.string(),
      modelNumber: z.string(),
      rangeName: z.string(),
      gamma: z.enum(GAMMAS),
      type: z.string(),
    }),
    startDate: z.iso.date(),
    stopDate: z.iso.date(),
    label: z.string().nullable(),
    expiresAt: z.iso.datetime(),
    /** The machine's own unit system (parameter S47), in which its temperatures are shown. */
    unitSystem: z.enum(UNIT_SYSTEMS),
    events: z.array(ZHaccpEventView),
    alarms: z.array(ZInspectionAlarm),
    verification: ZInspectionVerification,
  })
  .meta({ id: 'Inspection' });
export type TInspectionView = z.infer<typeof ZInspectionView>;
