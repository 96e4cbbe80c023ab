import { useEffect, useRef } from 'react';
import { notify } from '../../../ui/notify';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/api-error-message';
import { sendCommand } from '../../devices/api/commands-api';
import { useCommand } from '../../devices/hooks/use-command';

/** How long one run-live request lasts, and how often the page renews it while it stays open. */
export const LIVE_SECONDS = 300;
const LIVE_RENEW_MS = 240_000;

/**
 * The machine commands of the remote control screen. Their effect (state, cycle) arrives through
 * the push channel, which writes the cache; a refetch here could race the machine's status report
 * and put the old state back.
 */
export function useRemoteCommands(serialNumber: string) {
  return {
    start: useCommand(serialNumber, 'cycle-start'),
    stop: useCommand(serialNumber, 'cycle-stop'),
    turnOff: useCommand(serialNumber, 'switch-shutdown'),
    replaceTank: useCommand(serialNumber, 'tank-replace'),
  };
}

/** Per machine, the end of live mode last sent: a new start waits for it, so that it cannot overtake it. */
const stopping = new Map<string, Promise<unknown>>();

/**
 * While remote control is active and the machine is online, asks it for telemetry every second
 * (run-live), renewed before it runs out, so that the state, the live values and the cycle bar move
 * second by second. A refusal is reported once; the page keeps working on the normal telemetry.
 * Disconnecting or leaving the screen ends live mode at once (run-live for 0 s), which unlocks the
 * machine's front panel; only a page closed without a word leaves it locked until live mode runs out.
 */
export function useLiveRun(serialNumber: string, active: boolean, online: boolean): void {
  const { t } = useTranslation();
  // The latest translation, read when a refusal is reported: a language change neither ends nor restarts live mode.
  const translate = useRef(t);
  useEffect(() => {
    translate.current = t;
  }, [t]);
  useEffect(() => {
    if (!active || !online) return undefined;
    let reported = false;
    const ask = () =>
      (stopping.get(serialNumber) ?? Promise.resolve())
        .then(() => sendCommand(serialNumber, { name: 'run-live', args: { seconds: LIVE_SECONDS } }))
        .catch((error: unknown) => {
          if (reported) return;
          reported = true;
          notify({ color: 'yellow', message: apiErrorMessage(error, translate.current, translate.current('errors.generic')) });
        });
    void ask();
    const timer = setInterval(() => void ask(), LIVE_RENEW_MS);
    return () => {
      clearInterval(timer);
      // Not reported: the screen is gone or was left; a machine that missed it unlocks when live mode runs out.
      const stop = sendCommand(serialNumber, { name: 'run-live', args: { seconds: 0 } }).catch(() => undefined);
      stopping.set(serialNumber, stop);
      void stop.then(() => {
        if (stopping.get(serialNumber) === stop) stopping.delete(serialNumber);
      });
    };
  }, [serialNumber, active, online]);
}
