import { z } from 'zod';
import { GAMMAS } from '../appliance/gamma';
import { BRAND_CODES } from '../brand/brands';
import { CYCLE_TYPES } from './cycles';
import { HYGIENE_FAILURES, HYGIENE_VERDICTS, MACHINE_TYPES } from './hygiene';
import { SANITISING_RULES } from './heat-dose';
import { UNIT_SYSTEMS } from './units';
import {
  APPLIANCE_CONNECTIVITIES,
  APPLIANCE_CONNECTIVITY_FILTERS,
  APPLIANCE_DOCUMENT_TYPES,
  APPLIANCE_DOCUMENTS,
  APPLIANCE_NAME_MAX_LENGTH,
  RATING_POWERS,
} from './appliance.rules';
import { CLAIMING_CODE_PATTERN, SERIAL_NUMBER_PATTERN } from './protocol';
import { SETPOINT_FIELDS, TELEMETRY_KEYS, type TTelemetryKey } from './telemetry-fields';
import {
  APPLIANCE_LIST_CURSOR_MAX_LENGTH,
  APPLIANCE_LIST_MAX_PAGE_SIZE,
  APPLIANCE_LIST_PAGE_SIZE,
  decodeApplianceListCursor,
} from './appliance-list.rules';
import { ZDeviceInfo, ZDeviceStats, ZFotaStatus, ZVersions } from './protocol.schema';

export const ZSerialNumber = z.string().trim().regex(SERIAL_NUMBER_PATTERN, 'serial number');
export const ZApplianceName = z.string().trim().min(1).max(APPLIANCE_NAME_MAX_LENGTH);
/** A firmware version as a person types it. */
export const ZVersion = z.string().trim().min(1).max(40);

/** POST /api/v1/appliance/products (ADMIN or ADD_PRODUCTS): a product as administration adds it. */
export const ZCreateProductRequest = z
  .object({
    serialNumber: ZSerialNumber,
    modelNumber: z.string().trim().min(1).max(40),
    revision: z.string().trim().min(1).max(10).optional(),
    fw00: ZVersion,
    fw02: ZVersion,
    gamma: z.enum(GAMMAS),
    ratingPower: z.enum(RATING_POWERS),
    type: z.enum(MACHINE_TYPES).optional(),
    country: z.enum(['IT', 'FR', 'DE', 'ES', 'GB']).optional(),
  })
  .meta({ id: 'CreateProductRequest' });
export type TCreateProductRequest = z.infer<typeof ZCreateProductRequest>;

/** The only time the device secret is ever shown. */
export const ZCreateProductResponse = z
  .object({ serialNumber: z.string(), deviceSecret: z.string() })
  .meta({ id: 'CreateProductResponse' });

/**
 * An account an administrator acts for (ADMIN or the PRODUCTS profile, docs/permissions.md): by id
 * or by e-mail; the id wins when both are given.
 */
const ZTargetUser = {
  userId: z.uuid().optional(),
  userEmail: z.string().trim().max(254).optional(),
};

/**
 * POST /api/v1/appliance/claim: the code shown on the machine's display binds it to the caller. An
 * administrator may claim for another account (`userId` or `userEmail`); then the code may be left
 * out, since administration binds products without standing at the machine.
 */
export const ZClaimRequest = z
  .object({
    activationCode: z.string().trim().regex(CLAIMING_CODE_PATTERN, 'six digits').optional(),
    applianceName: ZApplianceName.default('My device'),
    serialNumber: ZSerialNumber,
    ...ZTargetUser,
  })
  .refine((r) => r.activationCode !== undefined || r.userId !== undefined || r.userEmail !== undefined, {
    message: 'six digits',
    path: ['activationCode'],
  })
  .meta({ id: 'ClaimRequest' });
export type TClaimRequest = z.input<typeof ZClaimRequest>;
export type TClaimCommand = z.output<typeof ZClaimRequest>;

/** POST /api/v1/appliance/unclaim: the caller's own hold, or (administrators) the hold of another account. */
export const ZUnclaimQuery = z.object({ serialNumber: ZSerialNumber, ...ZTargetUser });
export type TUnclaimQuery = z.infer<typeof ZUnclaimQuery>;

export const ZSerialQuery = z.object({ serialNumber: ZSerialNumber });
export const ZSerialParams = z.object({ serialNumber: ZSerialNumber });
export const ZUpdateApplianceBody = z.object({ applianceName: ZApplianceName }).meta({ id: 'UpdateApplianceRequest' });

/** A device list page's `nextCursor`, given back as `after`: decoded here, so a malformed one is a 400. */
const ZApplianceListCursor = z
  .string()
  .max(APPLIANCE_LIST_CURSOR_MAX_LENGTH)
  .transform((text, ctx) => {
    const cursor = decodeApplianceListCursor(text);
    if (!cursor) {
      ctx.addIssue({ code: 'custom', message: 'cursor' });
      return z.NEVER;
    }
    return cursor;
  });

/**
 * GET /api/v1/appliance/devices: every filter runs in SQL. `gamma: none` keeps the machines without a
 * range, `connectivity` see docs/device-list.md; `q` matches name, serial number or model number.
 * One page of `limit` machines (keyset pagination, docs/device-list.md): `after` is the previous
 * page's `nextCursor`, with the same filters and sort.
 */
export const ZApplianceListQuery = z.object({
  q: z.string().trim().max(80).optional(),
  gamma: z.enum([...GAMMAS, 'none']).optional(),
  companyCode: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  connectivity: z.enum(APPLIANCE_CONNECTIVITY_FILTERS).optional(),
  sort: z.enum(['asc', 'desc']).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(APPLIANCE_LIST_MAX_PAGE_SIZE)
    .default(APPLIANCE_LIST_PAGE_SIZE)
    .describe('Machines per page'),
  after: ZApplianceListCursor.optional().describe("The previous page's nextCursor (opaque): the page after it"),
});
/** The query as the server reads it: `limit` defaulted, `after` decoded. */
export type TApplianceListQuery = z.output<typeof ZApplianceListQuery>;

/** GET /api/v1/appliance/devices/companies: the companies of the machines the caller sees (the company filter). */
export const ZApplianceCompany = z.object({ code: z.string(), name: z.string().nullable() }).meta({ id: 'ApplianceCompany' });
export type TApplianceCompany = z.infer<typeof ZApplianceCompany>;

/** The live values as the API serves them: the registry's fields (`TELEMETRY_FIELDS`), raw. */
const ZLiveTelemetry = z.object({
  ts: z.string(),
  ...(Object.fromEntries(TELEMETRY_KEYS.map((key) => [key, z.number().optional()])) as {
    [K in TTelemetryKey]: z.ZodOptional<z.ZodNumber>;
  }),
});

/** Setpoints by the telemetry field they are for (`SETPOINT_FIELDS`), raw. */
const ZSetpoints = z.object(
  Object.fromEntries(SETPOINT_FIELDS.map(({ key }) => [key, z.number().optional()])) as {
    [K in TTelemetryKey]?: z.ZodOptional<z.ZodNumber>;
  },
);

/** The machine's status as the dashboard shows it. */
export const ZApplianceStatus = z.object({
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  systemState: z.number().nullable(),
  cycleType: z.enum(CYCLE_TYPES).nullable(),
  cycleNumber: z.number().nullable(),
  /** A firmware update is running (the machine's last `fota` report is in progress): shown as UPDATING. */
  updating: z.boolean(),
  /** The unit system the machine is set to (`machineUnitSystem`), in which its live values are shown. */
  unitSystem: z.enum(UNIT_SYSTEMS),
  /**
   * While a cycle runs, the boiler's and tank's setpoints of that cycle (raw, `runningSetpoints`);
   * null when none runs. In the details and lastTelemetry only: a list row has none.
   */
  setpoints: ZSetpoints.nullable().optional(),
});

export type TApplianceStatus = z.infer<typeof ZApplianceStatus>;

/** One row of the device list. */
export const ZApplianceSummary = z
  .object({
    serialNumber: z.string(),
    applianceName: z.string(),
    modelNumber: z.string(),
    gamma: z.enum(GAMMAS),
    brand: z.enum(BRAND_CODES),
    companyCode: z.string().nullable(),
    companyName: z.string().nullable(),
    connectivity: z.enum(APPLIANCE_CONNECTIVITIES),
    status: ZApplianceStatus,
    telemetry: ZLiveTelemetry.nullable(),
    openAlarms: z.number(),
  })
  .meta({ id: 'ApplianceSummary' });
export type TApplianceSummary = z.infer<typeof ZApplianceSummary>;

/**
 * One page of the device list: its machines in the list's order, how many machines match the
 * filters in all, and the cursor of the next page (null on the last one).
 */
export const ZApplianceListPage = z
  .object({
    items: z.array(ZApplianceSummary),
    total: z.int().nonnegative(),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'ApplianceListPage' });
export type TApplianceListPage = z.infer<typeof ZApplianceListPage>;

export const ZApplianceDocument = z.object({ type: z.enum(APPLIANCE_DOCUMENT_TYPES), url: z.string() });

/** getApplianceDetail: every appliance field of device-areas §3. */
export const ZApplianceDetail = z
  .object({
    serialNumber: z.string(),
    applianceName: z.string(),
    modelNumber: z.string(),
    revision: z.string(),
    brand: z.enum(BRAND_CODES),
    type: z.string(),
    gamma: z.enum(GAMMAS),
    ratingPower: z.enum(RATING_POWERS),
    country: z.string().nullable(),
    installationDate: z.string().nullable(),
    fw00: z.string(),
    fw02: z.string(),
    companyCode: z.string().nullable(),
    companyName: z.string().nullable(),
    macAddress: z.string().nullable(),
    voltage: z.number().nullable(),
    networkFrequency: z.number().nullable(),
    electricityDistribution: z.string().nullable(),
    assistance: z.object({
      acv: z.string().optional(),
      acpd: z.string().optional(),
      phone: z.string().optional(),
      email: z.string().optional(),
      website: z.string().optional(),
    }),
    owned: z.boolean(),
    /**
     * From when the caller reads the machine's history — records, charts, reports — because the
     * machine came to its kitchen then (docs/permissions.md, "A machine that changes hands"); null:
     * all of it.
     */
    historyFrom: z.iso.datetime().nullable(),
    status: ZApplianceStatus,
    versions: ZVersions.nullable(),
    /** What the machine reported in its last `info` (hardware, energy saving, installation); null before any. */
    info: ZDeviceInfo.nullable(),
    /** The machine's front panel is locked by an active remote control session (its last `status` said so). */
    panelLocked: z.boolean(),
    fota: ZFotaStatus.nullable(),
    documents: z.array(ZApplianceDocument),
    statistic: ZDeviceStats.nullable(),
  })
  .meta({ id: 'ApplianceDetail' });
export type TApplianceDetail = z.infer<typeof ZApplianceDetail>;

/** lastTelemetry: the live values of the machine's range and its status. */
export const ZLastTelemetry = z
  .object({ serialNumber: z.string(), telemetry: ZLiveTelemetry.nullable(), status: ZApplianceStatus, cycleProgress: z.number() })
  .meta({ id: 'LastTelemetry' });
export type TLastTelemetry = z.infer<typeof ZLastTelemetry>;

export const ZDateRangeQuery = z
  .object({
    startDate: z.iso.datetime({ offset: true }).or(z.iso.date()),
    stopDate: z.iso.datetime({ offset: true }).or(z.iso.date()),
  })
  .refine((q) => new Date(q.startDate) <= new Date(q.stopDate), { message: 'startDate after stopDate', path: ['startDate'] });

/**
 * A correction of a HACCP record (docs/hygiene.md, "Corrections"): a record of its own pointing at
 * the one it corrects, which is never edited — who (by the name the record keeps), when and why.
 */
export const ZRecordCorrection = z
  .object({ id: z.uuid(), note: z.string(), authorName: z.string(), createdAt: z.iso.datetime() })
  .meta({ id: 'RecordCorrection' });
export type TRecordCorrection = z.infer<typeof ZRecordCorrection>;

/**
 * Another version of a HACCP record: delivered under the record's id with other content, kept aside,
 * never in its place (docs/device-protocol.md, `CONFLICTING_RECORD`) — who delivered it (the name of
 * whoever carried it home over the local link; null: the machine) and when it came.
 */
export const ZOtherVersion = z
  .object({ carriedBy: z.string().nullable(), receivedAt: z.iso.datetime() })
  .meta({ id: 'OtherVersion' });
export type TOtherVersion = z.infer<typeof ZOtherVersion>;

/**
 * A HACCP record's place in its machine's hash chain (docs/hygiene.md, "Tamper-evident record"):
 * `late` when the machine had buffered it, `carriedBy` the name of whoever carried it home from the
 * machine over the local link (docs/local-link.md; null: the machine delivered it).
 */
export const ZChainPlace = z
  .object({ seq: z.number().int(), hash: z.string(), late: z.boolean(), carriedBy: z.string().nullable() })
  .meta({ id: 'ChainPlace' });
export type TChainPlace = z.infer<typeof ZChainPlace>;

export const ZHaccpEventView = z
  .object({
    id: z.string(),
    kind: z.enum(['cycle', 'parameter']),
    cycleName: z.string().nullable(),
    cycleNumber: z.number().nullable(),
    start: z.string(),
    stop: z.string(),
    completed: z.boolean().nullable(),
    measurements: z.record(z.string(), z.number()).nullable(),
    parameterName: z.string().nullable(),
    oldValue: z.number().nullable(),
    newValue: z.number().nullable(),
    /** Peak wash-tank temperature of a cycle, tenths of °C (docs/hygiene.md). */
    washTmp: z.number().nullable(),
    /** Peak final-rinse temperature of a cycle, tenths of °C. */
    rinseTmp: z.number().nullable(),
    /** The hygiene verdict against the rule of the machine's type (docs/hygiene.md). */
    verdict: z.enum(HYGIENE_VERDICTS),
    failures: z.array(z.enum(HYGIENE_FAILURES)),
    /** HUE and A0 of the final rinse, when the machine reported its trace (docs/hygiene.md, "Heat dose"). */
    heatDose: z.object({ hue: z.number(), a0: z.number(), seconds: z.number() }).nullable(),
    /** The rules of the machine's Food Code class the washing cycle meets or misses (none for other records). */
    checks: z.array(z.object({ rule: z.enum(SANITISING_RULES), value: z.number(), limit: z.number(), met: z.boolean() })),
    /**
     * Its place in the machine's hash chain (docs/hygiene.md, "Tamper-evident record"); `late` when
     * the machine had buffered it, `carriedBy` the name of whoever carried it home from the machine
     * over the local link (docs/local-link.md; null: the machine delivered it). Null for a record
     * stored before chaining existed.
     */
    chain: ZChainPlace.nullable(),
    /** Corrections pointing at it, oldest first: the record itself is never edited. */
    corrections: z.array(ZRecordCorrection),
    /** Other versions delivered under its id and kept aside, oldest first. */
    otherVersions: z.array(ZOtherVersion),
  })
  .meta({ id: 'HaccpEvent' });
export type THaccpEventView = z.infer<typeof ZHaccpEventView>;

/**
 * GET …/events/export and …/alarms/export: the same period as the JSON calls (checked by the
 * service, which answers INVALID_DATE_RANGE), the unit system of the temperatures (default: the
 * machine's own, S47) and the IANA time zone the times are written in (default UTC).
 */
export const ZHaccpExportQuery = z.object({
  startDate: z.string().max(40).optional(),
  stopDate: z.string().max(40).optional(),
  unitSystem: z.enum(UNIT_SYSTEMS).optional(),
  timeZone: z.string().max(64).optional(),
});
export type THaccpExportQuery = z.infer<typeof ZHaccpExportQuery>;

/**
 * The longest period GET …/telemetry/export.csv covers: a machine's raw telemetry, a row every few
 * seconds, is about half a million rows a month.
 */
export const TELEMETRY_EXPORT_MAX_DAYS = 31;

/** The longest note an acknowledgement keeps (docs/alarms.md). */
export const ALARM_NOTE_MAX_LENGTH = 500;

/** A person named on an alarm (who acknowledged it, whom it is assigned to). */
export const ZAlarmPerson = z.object({ id: z.string(), name: z.string() }).meta({ id: 'AlarmPerson' });
export type TAlarmPerson = z.infer<typeof ZAlarmPerson>;

/** Who acknowledged an open alarm, when, and their note (docs/alarms.md). */
export const ZAlarmAcknowledgement = z
  .object({ by: ZAlarmPerson.nullable(), at: z.string(), note: z.string().nullable() })
  .meta({ id: 'AlarmAcknowledgement' });
export type TAlarmAcknowledgement = z.infer<typeof ZAlarmAcknowledgement>;

/** The person an alarm is assigned to, and since when. */
export const ZAlarmAssignment = z.object({ to: ZAlarmPerson.nullable(), at: z.string() }).meta({ id: 'AlarmAssignment' });
export type TAlarmAssignment = z.infer<typeof ZAlarmAssignment>;

export const ZAlarmView = z
  .object({
    id: z.string(),
    errorCode: z.string(),
    startDate: z.string(),
    stopDate: z.string().nullable(),
    acknowledgement: ZAlarmAcknowledgement.nullable(),
    assignment: ZAlarmAssignment.nullable(),
    /** The opening's place in the machine's hash chain, late and carried home like an event's; null before chaining. */
    chain: ZChainPlace.nullable(),
  })
  .meta({ id: 'Alarm' });
export type TAlarmView = z.infer<typeof ZAlarmView>;

/** An alarm on the HACCP screen: as everywhere, with the corrections pointing at it, oldest first. */
export const ZHaccpAlarmView = ZAlarmView.extend({
  corrections: z.array(ZRecordCorrection),
  /** Other versions of its opening or closing delivered under its id and kept aside, oldest first. */
  otherVersions: z.array(ZOtherVersion),
}).meta({ id: 'HaccpAlarm' });
export type THaccpAlarmView = z.infer<typeof ZHaccpAlarmView>;

/** …/alarms/{id}/acknowledge and …/assign: the machine and the alarm (the device-made id). */
export const ZAlarmParams = ZSerialParams.extend({ id: z.uuid() });

/** POST …/alarms/{id}/acknowledge: an optional note, at most ALARM_NOTE_MAX_LENGTH characters. */
export const ZAcknowledgeAlarmRequest = z
  .object({ note: z.string().trim().max(ALARM_NOTE_MAX_LENGTH).optional() })
  .meta({ id: 'AcknowledgeAlarmRequest' });
export type TAcknowledgeAlarmRequest = z.infer<typeof ZAcknowledgeAlarmRequest>;

/** POST …/alarms/{id}/assign: the account to assign it to (someone who sees the machine). */
export const ZAssignAlarmRequest = z.object({ userId: z.uuid() }).meta({ id: 'AssignAlarmRequest' });
export type TAssignAlarmRequest = z.infer<typeof ZAssignAlarmRequest>;

/** GET …/parameters: what the machine reported last (raw values), optionally only some keys. */
export const ZParametersQuery = z.object({ parameters: z.string().max(4000).optional() });
export const ZParametersView = z
  .object({ values: z.record(z.string(), z.number()), reportedAt: z.string().nullable() })
  .meta({ id: 'Parameters' });

/** GET …/statistics: the lifetime counters as the machine reported them in the date range, oldest first. */
export const ZStatisticsHistory = z.array(ZDeviceStats).meta({ id: 'StatisticsHistory' });
export type TStatisticsHistory = z.infer<typeof ZStatisticsHistory>;

/** GET /api/v1/appliance/documents/{model}/{file}: a model's generic document. */
export const ZApplianceDocumentParams = z.object({
  model: z.string().trim().min(1).max(40),
  file: z.enum(Object.values(APPLIANCE_DOCUMENTS)),
});
