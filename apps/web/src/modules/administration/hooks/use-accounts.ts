import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminProfile, TAdminUsersPageQuery, TRole } from '@washboard/contracts';
import {
  activateUser,
  deleteUser,
  fetchCompanies,
  fetchUsersPage,
  updateAdministrationProfile,
  updateCompany,
  updateRole,
} from '../api/administration-api';

const USERS_KEY = ['administration', 'users'] as const;
export const COMPANIES_KEY = ['administration', 'companies'] as const;

/** One page of the user table; the previous page stays on screen while the next one loads. */
export function useUsersPage(query: TAdminUsersPageQuery) {
  return useQuery({ queryKey: [...USERS_KEY, query], queryFn: () => fetchUsersPage(query), placeholderData: keepPreviousData });
}

/** The brand's companies, for the role and company pickers. */
export function useCompanyList(enabled = true) {
  return useQuery({ queryKey: [...COMPANIES_KEY, 'list'], queryFn: fetchCompanies, enabled });
}

export type TUserChange =
  | { kind: 'role'; id: string; role: TRole; companyCode?: string }
  | { kind: 'company'; id: string; companyCode: string }
  | { kind: 'profiles'; id: string; profiles: TAdminProfile[] }
  | { kind: 'activate'; id: string }
  | { kind: 'delete'; id: string };

function send(change: TUserChange): Promise<void> {
  switch (change.kind) {
    case 'role':
      return updateRole(change.id, change.role, change.companyCode);
    case 'company':
      return updateCompany(change.id, change.companyCode);
    case 'profiles':
      return updateAdministrationProfile(change.id, change.profiles);
    case 'activate':
      return activateUser(change.id);
    case 'delete':
      return deleteUser(change.id);
  }
}

/**
 * Every change of an account from the table; the table (and the company tree, whose user counts
 * follow moves and deletions) is read again afterwards, whatever the outcome.
 */
export function useUserChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: ['administration'] }),
  });
}
