import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPanelPress } from '@washboard/contracts';
import { isNotFound } from '../../api/api-client';
import { fetchFrontPanel, fetchPanelMachines, pressPanelButton } from '../api/front-panel-api';

/** About as often as a machine's display changes: a cycle's percent, a temperature's tenth. */
const POLL_MS = 1000;

const keys = {
  machines: ['demo-panel', 'machines'] as const,
  panel: (serialNumber: string) => ['demo-panel', 'panel', serialNumber] as const,
};

/** A 404 is an answer (no demo here, or no such machine), not a glitch: it is not retried. */
const retryUnlessNotFound = (failures: number, error: Error) => !isNotFound(error) && failures < 1;

export function usePanelMachines() {
  return useQuery({
    queryKey: keys.machines,
    queryFn: fetchPanelMachines,
    refetchInterval: (query) => (query.state.status === 'error' ? false : POLL_MS),
    retry: retryUnlessNotFound,
  });
}

/** One machine's panel, read every second while the page is open. */
export function useFrontPanel(serialNumber: string) {
  return useQuery({
    queryKey: keys.panel(serialNumber),
    queryFn: () => fetchFrontPanel(serialNumber),
    refetchInterval: (query) => (query.state.status === 'error' ? false : POLL_MS),
    retry: retryUnlessNotFound,
  });
}

/** A button press; the answer is the panel after it, shown at once rather than at the next poll. */
export function usePressButton(serialNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (press: TPanelPress) => pressPanelButton(serialNumber, press),
    onSuccess: (panel) => client.setQueryData(keys.panel(serialNumber), panel),
  });
}
