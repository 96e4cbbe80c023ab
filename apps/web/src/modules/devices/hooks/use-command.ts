import { useMutation } from '@tanstack/react-query';
import type { TCommandArgsInput, TCommandCall, TCommandName, TCommandResponse } from '@washboard/contracts';
import { sendCommand } from '../api/commands-api';

/**
 * A command of the device registry to one machine, as a mutation: `mutate(args)` sends it and
 * settles with the machine's answer. `onSuccess` gets the arguments the machine accepted.
 */
export function useCommand<K extends TCommandName>(
  serialNumber: string,
  name: K,
  onSuccess?: (args: TCommandArgsInput<K>, answer: TCommandResponse) => unknown,
) {
  return useMutation<TCommandResponse, Error, TCommandArgsInput<K>>({
    mutationFn: (args) => sendCommand(serialNumber, { name, args } as TCommandCall),
    onSuccess: onSuccess && ((answer, args) => onSuccess(args, answer)),
  });
}
