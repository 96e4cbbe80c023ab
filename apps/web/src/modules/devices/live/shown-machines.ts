import type { QueryCache, QueryClient } from '@tanstack/react-query';
import { LIVE_WATCH_MAX, SERIAL_NUMBER_PATTERN } from '@washboard/contracts';
import { deviceKeys } from '../hooks/device-keys';
import { loadedDevices, type TDeviceListPages } from '../hooks/device-list-pages';
import { liveChannel } from './live-channel';

const LISTS = deviceKeys.lists[1];
/** The per-machine data the machines' values (telemetry pushes) are written into. */
const VALUES = new Set<unknown>([deviceKeys.lastTelemetry('')[1], deviceKeys.detail('')[1]]);

/**
 * The machines whose values the open screens show, sorted: those of every loaded page of a device
 * list in use — as its screens show it: the list before, while another search loads
 * (`keepPreviousData`) — and of each machine's details or live values in use (known from the
 * query's key, so before its first answer; an address that is no serial number names no machine).
 * `null` past `LIVE_WATCH_MAX`: every machine the user may see.
 */
export function shownMachines(cache: QueryCache): string[] | null {
  const serials = new Set<string>();
  for (const query of cache.findAll({ queryKey: deviceKeys.all })) {
    const [, kind, serial] = query.queryKey;
    if (kind === LISTS) {
      for (const observer of query.observers) {
        const shown = observer.getCurrentResult().data as TDeviceListPages | undefined;
        for (const item of loadedDevices(shown)) serials.add(item.serialNumber);
      }
    } else if (
      VALUES.has(kind) &&
      query.getObserversCount() > 0 &&
      typeof serial === 'string' &&
      SERIAL_NUMBER_PATTERN.test(serial)
    ) {
      serials.add(serial);
    }
  }
  return serials.size > LIVE_WATCH_MAX ? null : [...serials].sort();
}

/**
 * Tells the push channel which machines the screens show, each time that changes, so that the
 * server sends the values of those machines only (an administrator may see thousands, each sending
 * its values every few seconds). Answers the function that stops it.
 */
export function watchShownMachines(client: QueryClient): () => void {
  const cache = client.getQueryCache();
  let stopped = false;
  let pending = false;
  const tell = () => {
    pending = false;
    if (!stopped) liveChannel.watch(shownMachines(cache));
  };
  tell();
  const stop = cache.subscribe((event) => {
    // A query gaining or losing a screen, removed while a screen still held it (a machine given
    // up: use-device-details.ts), or a list's pages read (a push changes no machine of them).
    const relevant =
      event.type === 'observerAdded' ||
      event.type === 'observerRemoved' ||
      event.type === 'removed' ||
      (event.type === 'updated' && event.action.type === 'success' && !event.action.manual && event.query.queryKey[1] === LISTS);
    // Once for the changes of one task, and before the screen draws what was read: the server
    // hears of a list's new machines before anyone can see them.
    if (relevant && !pending) {
      pending = true;
      queueMicrotask(tell);
    }
  });
  return () => {
    stopped = true;
    stop();
  };
}
