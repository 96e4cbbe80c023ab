import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { TAuditPageQuery } from '@washboard/contracts';
import { saveFile } from '../../../ui/save-file';
import { fetchAuditCsv, fetchAuditPage } from '../api/administration-api';

/** One page of the audit trail; the previous page stays on screen while the next one loads. */
export function useAuditPage(query: TAuditPageQuery) {
  return useQuery({
    queryKey: ['administration', 'audit', query],
    queryFn: () => fetchAuditPage(query),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the filtered trail as CSV (every page of it). */
export function useAuditExport() {
  return useMutation({
    mutationFn: async (filter: Omit<TAuditPageQuery, 'page' | 'size'>) =>
      saveFile(await fetchAuditCsv(filter), `audit-${new Date().toISOString().slice(0, 10)}.csv`),
  });
}
