import type { TLinkReply } from '@washboard/contracts';
import { localLinks } from './link-store';
import type { TGattLink } from './gatt-link';

/** A step of a flow over the local link that failed (commissioning, a board replacement), and why. */
export class LinkStepError<S extends string> extends Error {
  constructor(
    readonly step: S,
    override readonly cause?: unknown,
  ) {
    super(`failed at ${step}`);
    this.name = 'LinkStepError';
  }
}

/**
 * Runs the steps of a flow: each is told to `onStep` as it starts, and any failure becomes that
 * step's error (`Failure`), so the screen names the step that failed.
 */
export function stepRunner<S extends string>(
  Failure: new (step: S, cause?: unknown) => LinkStepError<S>,
  onStep?: (step: S) => void,
): <T>(step: S, work: () => Promise<T>) => Promise<T> {
  return async (step, work) => {
    onStep?.(step);
    try {
      return await work();
    } catch (error) {
      throw error instanceof Failure ? error : new Failure(step, error);
    }
  };
}

/** A machine's `reply`, or its refusal as an error. */
export function accepted(reply: TLinkReply): void {
  if (!reply.ok) throw new Error(reply.error ?? 'refused');
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `done` every second until it holds, or throws `failure` after `withinMs`. */
export async function until(withinMs: number, done: () => Promise<boolean>, failure: string): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(failure);
    await wait(1000);
  }
}

/** The link's client of a machine (or spare board) connected now, or an error for the step that needs it. */
export function connectedLink(serialNumber: string): TGattLink {
  const connected = localLinks.link(serialNumber);
  if (!connected) throw new Error('not connected');
  return connected;
}
