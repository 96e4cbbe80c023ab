import { useMutation } from '@tanstack/react-query';
import type { TCodeResponse, TCommandArgsInput, TCommandCall, TCommandName } from '@washboard/contracts';
import { sendCommand } from '../api/commands-api';

/**
 * A command of the device registry to one machine, as a mutation: `mutate(args)` sends it and
 * settles with the machine's answer. `onSuccess` gets the arguments the machine accepted.
 */
export function useCommand<K extends TCommandName>(
  serialNumber: string,
  name: K,
  onSuccess?: (args: TCommandArgsInput<K>) => unknown,
) {
  return useMutation<TCodeResponse, Error, TCommandArgsInput<K>>({
    mutationFn: (args) => sendCommand(serialNumber, { name, args } as TCommandCall),
    onSuccess: onSuccess && ((_answer, args) => onSuccess(args)),
  });
}
