import { useLiveUpdates } from './use-live-updates';

/** Renders nothing: keeps the push channel open and the device cache live while signed in. */
export function LiveUpdates() {
  useLiveUpdates();
  return null;
}
