import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activateService, fetchPendingUsers, type TServiceRole } from '../api/account-api';

const PENDING_KEY = ['account', 'pendingUsers'] as const;

/** Users waiting for approval (service managers and admins). */
export function usePendingUsers() {
  return useQuery({ queryKey: PENDING_KEY, queryFn: fetchPendingUsers });
}

/**
 * How many users wait for the caller's decision, for the menu's count: read again every minute and
 * after each decision (the list's own query). Zero, and no call, for who may not decide.
 */
export function usePendingCount(enabled: boolean): number {
  const query = useQuery({ queryKey: PENDING_KEY, queryFn: fetchPendingUsers, enabled, refetchInterval: 60_000 });
  return enabled ? (query.data?.length ?? 0) : 0;
}

export type TPendingDecision = { id: string } & ({ accepted: true; role: TServiceRole } | { accepted: false });

/** Accepts or rejects one pending user, then reloads the list. */
export function useDecidePendingUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...decision }: TPendingDecision) => activateService(id, decision),
    onSettled: () => client.invalidateQueries({ queryKey: PENDING_KEY }),
  });
}
