import { useMutation, useQuery } from '@tanstack/react-query';
import type { MarkAsReadBody, PushSubscriptionBody, UpdateSubscriptionsBody } from '@kosh/contracts';
import { NOTIFICATIONS_PAGE_SIZE } from '@kosh/contracts/constants';
import { endpoints } from '@kosh/contracts/endpoints';
import { setBootstrapData } from '../shell/bootstrap-store.ts';
import { call } from './call.ts';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

/** The calls of the notifications area (part 1, 7.2), the live stream and Web Push. */
export const notificationsApi = {
  list: (signal?: AbortSignal) =>
    call(endpoints.listNotifications, { query: { page: 1, perPage: NOTIFICATIONS_PAGE_SIZE }, signal }),
  markAsRead: (body: MarkAsReadBody) => call(endpoints.markNotificationsAsRead, { body }),
  clear: () => call(endpoints.clearNotifications),
  subscriptions: (signal?: AbortSignal) => call(endpoints.getNotificationSubscriptions, { signal }),
  updateSubscriptions: (body: UpdateSubscriptionsBody) => call(endpoints.updateNotificationSubscriptions, { body }),
  addPushSubscription: (body: PushSubscriptionBody) => call(endpoints.addPushSubscription, { body }),
};

/** The signed-in user's unread count lives in the bootstrap data, where the navbar reads it. */
export function setUnreadCount(count: number): void {
  setBootstrapData((prev) =>
    prev.user && prev.user.unread_notifications_count !== count
      ? { ...prev, user: { ...prev.user, unread_notifications_count: count } }
      : prev,
  );
}

/** The newest notifications (page size 30, part 1, 9). */
export function useNotifications(enabled = true) {
  return useQuery({
    queryKey: queryKeys.notifications.list,
    queryFn: ({ signal }) => notificationsApi.list(signal),
    enabled,
  });
}

/**
 * Marks notifications read (part 1, 4): on success the notification queries refresh and the
 * user's unread count takes the answer (0 when nothing is left unread).
 */
export function useMarkAsRead() {
  return useMutation({
    mutationFn: notificationsApi.markAsRead,
    onSuccess: async ({ unreadCount }) => {
      setUnreadCount(unreadCount);
      await queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list });
    },
  });
}

/** Deletes all of the user's notifications (the delete-all button of the popover). */
export function useClearNotifications() {
  return useMutation({
    mutationFn: notificationsApi.clear,
    onSuccess: async () => {
      setUnreadCount(0);
      await queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list });
    },
  });
}

export function useNotificationSubscriptions(enabled = true) {
  return useQuery({
    queryKey: queryKeys.notifications.subscriptions,
    queryFn: ({ signal }) => notificationsApi.subscriptions(signal),
    enabled,
  });
}

export function useUpdateSubscriptions() {
  return useMutation({
    mutationFn: notificationsApi.updateSubscriptions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.subscriptions }),
  });
}
