import type { TWifiCredentials } from '@washboard/contracts';
import { mainBoardStatus, replaceMainBoard } from './api/local-link-api';
import { localLinks } from './link-store';
import { accepted, connectedLink, LinkStepError, stepRunner, until } from './link-steps';

/** The steps of a main board replacement, in order (each has its text, done and failed). */
export const REPLACE_STEPS = ['credentials', 'network', 'broker', 'online', 'restore'] as const;
export type TReplaceStep = (typeof REPLACE_STEPS)[number];

/** A step that failed, and why (the server's refusal, when it was one). */
export class ReplaceError extends LinkStepError<TReplaceStep> {
  override name = 'ReplaceError';
}

export type TReplaceOptions = {
  /** How long the new board may take to reach its broker after it got its credentials (default 60 s). */
  onlineWithinMs?: number;
  /** How long the server may take to restore the machine on it once online (default 60 s). */
  restoredWithinMs?: number;
  /** Told when a step starts. */
  onStep?: (step: TReplaceStep) => void;
};

/**
 * Replaces the main board of machine `serialNumber` with the spare board `boardSerial`, connected
 * over Bluetooth with a session already opened with its display code (docs/local-link.md, "Board
 * replacement"): the server binds the machine to the board, revokes the old board and issues the
 * machine's new secret; the phone sends the Wi-Fi network, then the machine's serial number with the
 * secret (which never leaves this function but towards the board); the board's info says when it is
 * online as the machine; then the server says when it restored the machine's installation and
 * parameters on it.
 */
export async function replaceBoard(
  serialNumber: string,
  boardSerial: string,
  wifi: Omit<TWifiCredentials, 'id'>,
  { onlineWithinMs = 60_000, restoredWithinMs = 60_000, onStep }: TReplaceOptions = {},
): Promise<void> {
  const at = stepRunner(ReplaceError, onStep);
  const link = () => connectedLink(boardSerial);
  const { deviceSecret } = await at('credentials', () => replaceMainBoard(serialNumber, boardSerial));
  await at('network', async () => accepted(await link().client.request('wifi-credentials', wifi)));
  await at('broker', async () => accepted(await link().client.request('broker-credentials', { deviceSecret, serialNumber })));
  await at('online', () =>
    until(
      onlineWithinMs,
      async () => {
        const info = await localLinks.refreshInfo(boardSerial);
        return info.serialNumber === serialNumber && info.online;
      },
      'the new board did not reach its broker',
    ),
  );
  await at('restore', () =>
    until(
      restoredWithinMs,
      async () => {
        const status = await mainBoardStatus(serialNumber);
        return (
          status.boardSerial === boardSerial &&
          status.replacement?.newBoardSerial === boardSerial &&
          !!status.replacement.restoredAt
        );
      },
      'the machine was not restored on the new board',
    ),
  );
}
