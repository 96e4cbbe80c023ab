import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createCompany, deleteCompany, fetchCompanyTree, renameCompany } from '../api/administration-api';
import { COMPANIES_KEY } from './use-accounts';

/** The brand's company hierarchy with counts. */
export function useCompanyTree() {
  return useQuery({ queryKey: [...COMPANIES_KEY, 'tree'], queryFn: fetchCompanyTree });
}

export type TCompanyChange =
  | { kind: 'create'; name: string; parentCode?: string }
  | { kind: 'rename'; code: string; name: string }
  | { kind: 'delete'; code: string };

async function send(change: TCompanyChange): Promise<void> {
  if (change.kind === 'create') await createCompany({ name: change.name, parentCode: change.parentCode });
  else if (change.kind === 'rename') await renameCompany(change.code, change.name);
  else await deleteCompany(change.code);
}

/** Creates, renames or deletes a company, then reads the administration's data again. */
export function useCompanyChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: ['administration'] }),
  });
}
