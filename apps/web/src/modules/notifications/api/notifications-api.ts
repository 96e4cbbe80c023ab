import type { TNotificationList } from '@washboard/contracts';
import { apiFetch } from '../../api/api-client';

/** The signed-in user's newest notifications and the unread count. */
export function fetchNotifications(): Promise<TNotificationList> {
  return apiFetch<TNotificationList>('/api/v1/notifications');
}

export function markNotificationRead(id: string): Promise<void> {
  return apiFetch(`/api/v1/notifications/${id}/read`, { method: 'POST', body: '{}' });
}

export function markAllNotificationsRead(): Promise<void> {
  return apiFetch('/api/v1/notifications/read-all', { method: 'POST', body: '{}' });
}
