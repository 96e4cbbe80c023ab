import type { TApplianceDetail, TSettingsProfile } from '@washboard/contracts';

type TProfilesQuery = { data?: readonly TSettingsProfile[]; error: Error | null; isPending: boolean };

export type TInstallProfiles =
  /** Not known yet: the form waits, or it would install without the model's default profile. */
  | { state: 'loading' }
  /** Could not be loaded: the error shows, and the form waits for a reload rather than install without them. */
  | { state: 'failed'; error: Error }
  /** The model's profiles (maybe none) and its default one, chosen until the technician picks another. */
  | { state: 'ready'; forModel: TSettingsProfile[]; defaultId: string | null };

/** The install form's settings profiles for `appliance`, from the profiles query. */
export function installProfiles(
  query: TProfilesQuery,
  appliance: Pick<TApplianceDetail, 'gamma' | 'modelNumber'>,
): TInstallProfiles {
  if (query.data) {
    const forModel = query.data.filter((p) => p.gamma === appliance.gamma && p.modelNumber === appliance.modelNumber);
    return { state: 'ready', forModel, defaultId: forModel.find((p) => p.isDefault)?.id ?? null };
  }
  if (query.error) return { state: 'failed', error: query.error };
  return { state: 'loading' };
}
