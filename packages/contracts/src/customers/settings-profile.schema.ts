import { z } from 'zod';
import { ZCompanyCode } from '../account/account.schema';
import { GAMMAS } from '../appliance/gamma';
import { ZSerialNumber } from '../device/appliance.schema';
import { ZDefaultParameter, ZModelNumber } from '../device/default-parameters.schema';

const ZProfileName = z.string().trim().min(1).max(80);
/** Raw parameter values by catalogue key, checked against the catalogue's bounds for the range. */
const ZProfileValues = z.record(z.string().trim().min(1).max(64), z.number()).refine((v) => Object.keys(v).length <= 500);

/**
 * POST /api/v1/settings-profiles: a named parameter set for one model (device-areas §3, "Settings
 * profile"), started from a machine's current values (`serialNumber`) or from the model's default
 * parameter list (`gamma` and `modelNumber`).
 */
export const ZSettingsProfileCreate = z
  .object({
    name: ZProfileName,
    isDefault: z.boolean().default(false),
    /** The owning company (its code); the caller's own company when left out. */
    companyCode: ZCompanyCode.optional(),
    from: z.discriminatedUnion('source', [
      z.object({ source: z.literal('defaults'), gamma: z.enum(GAMMAS), modelNumber: ZModelNumber }),
      z.object({ source: z.literal('appliance'), serialNumber: ZSerialNumber }),
    ]),
  })
  .meta({ id: 'SettingsProfileCreate' });
export type TSettingsProfileCreate = z.input<typeof ZSettingsProfileCreate>;

/** PUT /api/v1/settings-profiles/{id}: rename, make (not) the default, change values (only those given). */
export const ZSettingsProfileUpdate = z
  .object({ name: ZProfileName.optional(), isDefault: z.boolean().optional(), values: ZProfileValues.optional() })
  .meta({ id: 'SettingsProfileUpdate' });
export type TSettingsProfileUpdate = z.input<typeof ZSettingsProfileUpdate>;

export const ZSettingsProfileParams = z.object({ id: z.uuid() });
/** POST /api/v1/settings-profiles/{id}/apply: the machine to send the profile's values to. */
export const ZSettingsProfileApply = z.object({ serialNumber: ZSerialNumber }).meta({ id: 'SettingsProfileApply' });

/** GET /api/v1/settings-profiles: optionally only one model's. */
export const ZSettingsProfilesQuery = z.object({ modelNumber: ZModelNumber.optional(), gamma: z.enum(GAMMAS).optional() });

const profileFields = {
  id: z.string(),
  name: z.string(),
  modelNumber: z.string(),
  gamma: z.enum(GAMMAS),
  isDefault: z.boolean(),
  companyCode: z.string(),
  companyName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
export const ZSettingsProfile = z.object(profileFields).meta({ id: 'SettingsProfile' });
export type TSettingsProfile = z.infer<typeof ZSettingsProfile>;
export const ZSettingsProfiles = z.array(ZSettingsProfile);

/** GET /api/v1/settings-profiles/{id}: the profile with every parameter of its range, bounds included. */
export const ZSettingsProfileDetail = z
  .object({ ...profileFields, parameters: z.array(ZDefaultParameter) })
  .meta({ id: 'SettingsProfileDetail' });
export type TSettingsProfileDetail = z.infer<typeof ZSettingsProfileDetail>;

/**
 * How a machine answered one parameter of an applied profile: `applied` (it took the value),
 * `unchanged` (it already held it: not sent), `rejected` (it refused this value), `notApplied` (it
 * refused another value of the same write, so it changed nothing), `skipped` (a factory parameter
 * the caller's role may not write: not sent).
 */
export const PROFILE_PARAMETER_OUTCOMES = ['applied', 'unchanged', 'rejected', 'notApplied', 'skipped'] as const;
export type TProfileParameterOutcome = (typeof PROFILE_PARAMETER_OUTCOMES)[number];

/** A machine's answer for one parameter of a settings profile (applied, or sent by `install`). */
export const ZProfileParameterAnswer = z.object({
  code: z.string(),
  value: z.number(),
  /** What the machine held before, as it last reported it. */
  previous: z.number().nullable(),
  outcome: z.enum(PROFILE_PARAMETER_OUTCOMES),
});
export type TProfileParameterAnswer = z.infer<typeof ZProfileParameterAnswer>;

export const ZSettingsProfileApplyResult = z
  .object({
    serialNumber: z.string(),
    /** True when the machine took every value sent. */
    ok: z.boolean(),
    parameters: z.array(ZProfileParameterAnswer),
  })
  .meta({ id: 'SettingsProfileApplyResult' });
export type TSettingsProfileApplyResult = z.infer<typeof ZSettingsProfileApplyResult>;
