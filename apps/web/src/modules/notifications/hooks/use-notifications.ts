import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_LIST_LIMIT, type TNotificationList } from '@washboard/contracts';
import { liveChannel } from '../../devices/live/live-channel';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from '../api/notifications-api';

export const notificationKeys = { all: ['notifications'] as const };

/**
 * The notification centre's list, kept live: a pushed notification is put on top (and counted
 * unread) without a reload; after a reconnect the list is loaded again, since pushes may have been
 * missed.
 */
export function useNotifications() {
  const client = useQueryClient();
  useEffect(() => {
    const stopReady = liveChannel.onReady((resumed) => {
      if (resumed) void client.invalidateQueries({ queryKey: notificationKeys.all });
    });
    const stopMessages = liveChannel.subscribe((message) => {
      if (message.type !== 'notification') return;
      const { notification } = message;
      client.setQueryData<TNotificationList>(notificationKeys.all, (held) =>
        held && !held.items.some((n) => n.id === notification.id)
          ? { items: [notification, ...held.items].slice(0, NOTIFICATION_LIST_LIMIT), unread: held.unread + 1 }
          : held,
      );
    });
    return () => {
      stopMessages();
      stopReady();
    };
  }, [client]);
  return useQuery({ queryKey: notificationKeys.all, queryFn: fetchNotifications });
}

/** Marks one notification read (null: all of them); the list and count follow at once. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) => (id ? markNotificationRead(id) : markAllNotificationsRead()),
    onSuccess: (_, id) => {
      const now = new Date().toISOString();
      client.setQueryData<TNotificationList>(notificationKeys.all, (held) => {
        if (!held) return held;
        const items = held.items.map((n) => (n.readAt === null && (id === null || n.id === id) ? { ...n, readAt: now } : n));
        const marked = held.items.filter((n, i) => n.readAt === null && items[i]?.readAt !== null).length;
        return { items, unread: id === null ? 0 : Math.max(0, held.unread - marked) };
      });
    },
  });
}
