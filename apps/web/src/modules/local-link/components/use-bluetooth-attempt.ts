import { useState } from 'react';
import { bluetoothProblem, type TBluetoothProblem } from '../web-bluetooth';

/**
 * A Bluetooth connection the user asked for (a reconnect, a board found through the chooser): whether
 * it is under way, and why it failed last, in the words `BluetoothProblem` shows.
 */
export function useBluetoothAttempt(connect: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Exclude<TBluetoothProblem, 'ready'>>();
  const attempt = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await connect();
    } catch (error) {
      const found = bluetoothProblem(error);
      setProblem(found === 'ready' ? 'unreachable' : found);
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, attempt };
}
