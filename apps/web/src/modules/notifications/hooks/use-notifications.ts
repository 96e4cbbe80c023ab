import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_LIST_LIMIT, type TLiveMessage, type TNotificationList } from '@washboard/contracts';
import { liveChannel } from '../../devices/live/live-channel';
import { readThenReplay } from '../../devices/live/push-log';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from '../api/notifications-api';

export const notificationKeys = { all: ['notifications'] as const };

/** The list with a pushed notification on top, counted unread (once, however often it is applied). */
export function notificationsWith(list: TNotificationList, message: TLiveMessage): TNotificationList {
  if (message.type !== 'notification') return list;
  const { notification } = message;
  if (list.items.some((n) => n.id === notification.id)) return list;
  return {
    items: [notification, ...list.items].slice(0, NOTIFICATION_LIST_LIMIT),
    unread: list.unread + (notification.readAt === null ? 1 : 0),
  };
}

/**
 * The notification centre's list, kept live: a pushed notification is put on top (and counted
 * unread) without a reload; each time the channel is ready the list is loaded again, since pushes
 * sent before were not received, and a load in flight when a push came gets it laid over its answer.
 */
export function useNotifications() {
  const client = useQueryClient();
  useEffect(() => {
    const stopReady = liveChannel.onReady(() => void client.invalidateQueries({ queryKey: notificationKeys.all }));
    const stopMessages = liveChannel.subscribe((message) => {
      client.setQueryData<TNotificationList>(notificationKeys.all, (held) => held && notificationsWith(held, message));
    });
    return () => {
      stopMessages();
      stopReady();
    };
  }, [client]);
  return useQuery({ queryKey: notificationKeys.all, queryFn: () => readThenReplay(fetchNotifications, notificationsWith) });
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
