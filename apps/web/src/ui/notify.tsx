import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { NotificationData } from '@mantine/notifications';

/**
 * Notifications load when the first one is shown: no screen shows one before the user acts, and
 * the package with its transitions was a twentieth of /login's download (docs/benchmarks.md).
 */
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** What this module uses of the package. */
type TNotificationsModule = { notifications: { show(data: NotificationData): unknown; clean(): void } };

/** The package once loaded: later calls use it at once, in the order they are made. */
let loaded: TNotificationsModule | undefined;
let loading: Promise<TNotificationsModule> | undefined;
function load(): Promise<TNotificationsModule> {
  loading ??= import('@mantine/notifications').then((module) => (loaded = module));
  return loading;
}

/**
 * Loads the package ahead of the first notification: the companion does so when it opens, so that
 * a notice given offline (a change kept for the network) does not need a download.
 */
export function preloadNotifications(): void {
  void load().catch(() => {
    // Offline before it ever loaded: the next call tries again.
    loading = undefined;
  });
}

/** Shows a notification (Mantine's), loading the package and its host on first use. */
export function notify(data: NotificationData): void {
  const show = ({ notifications }: TNotificationsModule) => {
    if (!wanted) {
      wanted = true;
      for (const listener of listeners) listener();
    }
    // Kept in the package's store until the host has mounted and shows it.
    notifications.show(data);
  };
  if (loaded) show(loaded);
  else void load().then(show);
}

/** Clears the notifications shown (on a route change); nothing to do before the first was shown. */
export function clearNotifications(): void {
  if (wanted && loaded) loaded.notifications.clean();
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
