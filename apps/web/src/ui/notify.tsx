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

/** Shows a notification (Mantine's), loading the package and its host on first use. */
export function notify(data: NotificationData): void {
  void import('@mantine/notifications').then(({ notifications }) => {
    if (!wanted) {
      wanted = true;
      for (const listener of listeners) listener();
    }
    // Kept in the package's store until the host has mounted and shows it.
    notifications.show(data);
  });
}

/** Clears the notifications shown (on a route change); nothing to do before the first was shown. */
export function clearNotifications(): void {
  if (!wanted) return;
  void import('@mantine/notifications').then(({ notifications }) => notifications.clean());
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
