import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLanguage, TUpdateUserRequest, TUserProfile } from '@washboard/contracts';
import { fetchUserInfo, toUpdateRequest, updateUser } from '../api/account-api';

const PROFILE_KEY = ['account', 'userinfo'] as const;

/** The signed-in user's profile (GET userinfo). */
export function useProfile() {
  return useQuery({ queryKey: PROFILE_KEY, queryFn: fetchUserInfo });
}

/** Saves the profile; the answer is the updated profile. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: TUpdateUserRequest) => updateUser(request),
    onSuccess: (profile: TUserProfile) => client.setQueryData(PROFILE_KEY, profile),
  });
}

/**
 * A signed-in user's language choice is saved to the profile too (spec §7, updateUser); a failure
 * is reported with the profile-update message.
 */
export function useSaveLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (language: TLanguage) => {
      const profile = await fetchUserInfo();
      return profile.language === language ? profile : updateUser({ ...toUpdateRequest(profile), language });
    },
    onSuccess: (profile: TUserProfile) => client.setQueryData(PROFILE_KEY, profile),
  });
}
