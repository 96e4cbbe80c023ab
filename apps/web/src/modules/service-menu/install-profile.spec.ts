import type { TSettingsProfile } from '@washboard/contracts';
import { describe, expect, it } from 'vitest';
import { installProfiles } from './install-profile';

const appliance = { gamma: 'hiline', modelNumber: 'HL-1' } as const;
const profile = (id: string, modelNumber: string, isDefault: boolean) =>
  ({ id, name: id, gamma: 'hiline', modelNumber, isDefault }) as unknown as TSettingsProfile;

describe("the install form's settings profiles", () => {
  it('is not ready while the profiles load, so the form cannot install without the default one', () => {
    expect(installProfiles({ isPending: true, error: null }, appliance)).toEqual({ state: 'loading' });
  });

  it('says a failed load failed, instead of "no profile for this model"', () => {
    const error = new Error('offline');
    expect(installProfiles({ isPending: false, error }, appliance)).toEqual({ state: 'failed', error });
  });

  it("chooses the model's default profile once loaded", () => {
    const data = [profile('other-model', 'HL-2', true), profile('plain', 'HL-1', false), profile('default', 'HL-1', true)];
    expect(installProfiles({ isPending: false, error: null, data }, appliance)).toMatchObject({
      state: 'ready',
      forModel: [{ id: 'plain' }, { id: 'default' }],
      defaultId: 'default',
    });
  });
});
