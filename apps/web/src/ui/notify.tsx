// eslint-disable-next-line no-restricted-imports -- a host outside the error boundary (below)
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { NotificationData } from '@mantine/notifications';

/**
 * Notifications load when the first one is shown: no screen shows one before the user acts, and
 * the package with its transitions was a twentieth of /login's download (docs/benchmarks.md).
 */
// Plain lazy(), not lazyWithin: the host is mounted outside the error boundary, so a late package must
// show late rather than fail after 120 s and take the whole app down.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** What this module uses of the package. */
type TNotificationsModule = { notifications: { show(data: NotificationData): string; hide(id: string): unknown } };

/** The package once loaded: later calls use it at once, in the order they are made. */
let loaded: TNotificationsModule | undefined;
let loading: Promise<TNotificationsModule> | undefined;
function load(): Promise<TNotificationsModule> {
  loading ??= import('@mantine/notifications').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // Not loaded (offline before it ever was): the next call tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Loads the package ahead of the first notification: the companion does so when it opens, so that
 * a notice given offline (a change kept for the network) does not need a download.
 */
export function preloadNotifications(): void {
  load().catch(() => undefined);
}

/**
 * A notice given this shortly before a route change came with it (saved, then back to the list):
 * the change does not clear it.
 */
const CAME_WITH_NAVIGATION_MS = 1000;
/** The notices shown, with when, until a route change clears them. */
const shown = new Map<string, number>();

/** Shows a notification (Mantine's), loading the package and its host on first use. */
export function notify(data: NotificationData): void {
  const show = ({ notifications }: TNotificationsModule) => {
    if (!wanted) {
      wanted = true;
      for (const listener of listeners) listener();
    }
    // Kept in the package's store until the host has mounted and shows it.
    shown.set(notifications.show(data), performance.now());
  };
  if (loaded) show(loaded);
  else load().then(show, () => undefined);
}

/**
 * Clears the notices of the page left (on a route change), not those given with the change itself
 * (`CAME_WITH_NAVIGATION_MS`).
 */
export function clearNotifications(): void {
  if (!loaded) return;
  const before = performance.now() - CAME_WITH_NAVIGATION_MS;
  for (const [id, at] of shown) {
    if (at > before) continue;
    loaded.notifications.hide(id);
    shown.delete(id);
  }
}

/** Where notifications appear (top right), mounted once the first one is shown. */
export function NotificationsHost() {
  const show = useSyncExternalStore(subscribe, () => wanted);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}
