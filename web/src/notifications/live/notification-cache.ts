import type { QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationsResponse, NotificationStreamEvent, UnreadStreamEvent } from '@kosh/contracts';
import { queryKeys } from '../../api/query-keys.ts';

/**
 * A live notification at the top of a cached list (newest first): counted once, the page
 * kept at its size, so an open popover or page shows it without a refetch.
 */
export function prependNotification(
  list: NotificationsResponse | undefined,
  notification: Notification,
): NotificationsResponse | undefined {
  if (!list) return list;
  const page = list.pagination;
  if (page.data.some((n) => n.id === notification.id)) return list;
  const total = page.total + 1;
  return {
    pagination: {
      ...page,
      data: [notification, ...page.data].slice(0, page.per_page),
      total,
      last_page: Math.max(1, Math.ceil(total / page.per_page)),
    },
  };
}

/** Whether any listed notification is unread (read_at empty, part 1, 4). */
export const hasUnread = (list: NotificationsResponse | undefined) => !!list?.pagination.data.some((n) => !n.read_at);

type SetUnread = (count: number) => void;

/** A `notification` event: the cached list gets it on top (when loaded) and the bell its count. */
export function applyNotificationEvent(
  client: QueryClient,
  event: NotificationStreamEvent,
  setUnread: SetUnread,
): void {
  client.setQueryData<NotificationsResponse>(queryKeys.notifications.list, (list) =>
    prependNotification(list, event.notification),
  );
  setUnread(event.unreadCount);
}

/** An `unread` event (read or cleared elsewhere, or the stream opening): new count, list refetched. */
export function applyUnreadEvent(client: QueryClient, event: UnreadStreamEvent, setUnread: SetUnread): Promise<void> {
  setUnread(event.unreadCount);
  return client.invalidateQueries({ queryKey: queryKeys.notifications.list });
}
