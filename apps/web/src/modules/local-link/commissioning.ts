import { ZClaimingCode, type TWifiCredentials } from '@washboard/contracts';
import { ApiError } from '../api/api-client';
import { claimDevice } from '../devices/api/devices-api';
import { issueBrokerCredentials } from './api/local-link-api';
import { localLinks } from './link-store';
import { accepted, connectedLink, LinkStepError, stepRunner, until, wait } from './link-steps';

/** The steps of commissioning, in order (each has its text, done and failed). */
export const COMMISSION_STEPS = ['credentials', 'network', 'broker', 'online', 'claim'] as const;
export type TCommissionStep = (typeof COMMISSION_STEPS)[number];

/** A step that failed, and why (the server's refusal, when it was one). */
export class CommissionError extends LinkStepError<TCommissionStep> {
  override name = 'CommissionError';
}

export type TCommissionOptions = {
  /** How long the machine may take to reach its broker after it got its credentials (default 60 s). */
  onlineWithinMs?: number;
  /** Told when a step starts. */
  onStep?: (step: TCommissionStep) => void;
};

/**
 * The claiming code the machine shows when asked over the link: inside the session the phone hears
 * what the machine tells the cloud, so the code comes to it as it goes to the server (which keeps a
 * hash to check the claim).
 */
async function claimingCode(serialNumber: string): Promise<string> {
  const link = connectedLink(serialNumber);
  let stop = () => {};
  const shown = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no claiming code')), 15_000);
    const unsubscribe = link.client.onMessage((envelope) => {
      const code = envelope.topic === 'claiming-code' ? ZClaimingCode.safeParse(envelope.payload) : undefined;
      if (code?.success) resolve(code.data.code);
    });
    stop = () => {
      clearTimeout(timer);
      unsubscribe();
    };
  });
  try {
    const result = await link.client.command({ name: 'expose-claiming-code' });
    if (!result.ok) throw new Error(result.error ?? 'refused');
    return await shown;
  } finally {
    stop();
  }
}

/**
 * Commissions a machine in its box, over a session already opened with its display code
 * (docs/local-link.md, "Commissioning"): the server issues its broker credentials; the phone sends
 * the Wi-Fi network and then the credentials (the secret never leaves this function but towards the
 * machine); the machine's info says when it reached its broker; then its claiming code, heard over
 * the link, binds it to the technician's company — the server knows the code as soon as the machine's
 * `claiming-code` message is ingested, so a refusal is tried again for a few seconds. Afterwards the
 * machine is an ordinary online machine: its installation goes on over the cloud.
 */
export async function commission(
  serialNumber: string,
  wifi: Omit<TWifiCredentials, 'id'>,
  { onlineWithinMs = 60_000, onStep }: TCommissionOptions = {},
): Promise<void> {
  const at = stepRunner(CommissionError, onStep);
  const link = () => connectedLink(serialNumber);
  const { deviceSecret } = await at('credentials', () => issueBrokerCredentials(serialNumber));
  await at('network', async () => accepted(await link().client.request('wifi-credentials', wifi)));
  await at('broker', async () => accepted(await link().client.request('broker-credentials', { deviceSecret })));
  await at('online', () =>
    until(
      onlineWithinMs,
      async () => (await localLinks.refreshInfo(serialNumber)).online,
      'the machine did not reach its broker',
    ),
  );
  await at('claim', async () => {
    const activationCode = await claimingCode(serialNumber);
    for (let tries = 0; ; tries += 1) {
      try {
        await claimDevice({ serialNumber, activationCode, applianceName: serialNumber });
        return;
      } catch (error) {
        const notYetKnown = error instanceof ApiError && error.code === 'ACTIVATION_CODE_INVALID';
        if (!notYetKnown || tries >= 20) throw error;
        await wait(250);
      }
    }
  });
}
