import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCommand } from '../../devices/hooks/use-command';
import type { TLastTelemetry } from '@washboard/contracts';
import { deviceKeys } from '../../devices/hooks/device-keys';
import { lastTelemetryWithParameters } from '../../devices/live/device-pushes';
import { fetchParameters, type TParametersView } from '../api/parameters-api';

/** Under the device keys, so a reconnect of the push channel reloads them with the rest. */
export const parametersKey = (serialNumber: string) => [...deviceKeys.all, 'parameters', serialNumber] as const;

/** The parameters the machine last reported. */
export function useParameters(serialNumber: string) {
  return useQuery({ queryKey: parametersKey(serialNumber), queryFn: () => fetchParameters(serialNumber) });
}

/**
 * Writes changed values. The server answers once the machine accepted them, so the accepted values
 * go straight into the cache (the machine's `params` report may reach the server a moment later),
 * and a changed setpoint of the running cycle into its live values.
 */
export function useWriteParameters(serialNumber: string) {
  const client = useQueryClient();
  return useCommand(serialNumber, 'params-set', ({ values }) => {
    client.setQueryData<TParametersView>(parametersKey(serialNumber), (view) =>
      view ? { ...view, values: { ...view.values, ...values } } : view,
    );
    client.setQueryData<TLastTelemetry>(deviceKeys.lastTelemetry(serialNumber), (last) =>
      last ? lastTelemetryWithParameters(last, values) : last,
    );
  });
}
