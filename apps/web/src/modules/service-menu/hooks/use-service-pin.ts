import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  closeServiceSession,
  fetchPinState,
  openServiceSession,
  requestPinReset,
  resetServicePin,
  setServicePin,
} from '../api/service-pin-api';

const PIN_KEY = ['service', 'pin'] as const;

/** The caller's PIN state, and the calls that change it (each refreshes it). */
export function useServicePin() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: PIN_KEY });
  return {
    state: useQuery({ queryKey: PIN_KEY, queryFn: fetchPinState }),
    set: useMutation({ mutationFn: setServicePin, onSettled: refresh }),
    open: useMutation({ mutationFn: openServiceSession, onSettled: refresh }),
    close: useMutation({ mutationFn: closeServiceSession }),
    forgot: useMutation({ mutationFn: requestPinReset }),
    reset: useMutation({
      mutationFn: ({ token, pin }: { token: string; pin: string }) => resetServicePin(token, pin),
      onSettled: refresh,
    }),
  };
}
