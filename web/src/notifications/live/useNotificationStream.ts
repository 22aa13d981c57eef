import { useEffect } from 'react';
import { setUnreadCount } from '../../api/notifications.api.ts';
import { queryClient } from '../../api/query-client.ts';
import { useBootstrapData } from '../../shell/bootstrap-store.ts';
import { applyNotificationEvent, applyUnreadEvent } from './notification-cache.ts';
import { NotificationStream } from './notification-stream.ts';

export const STREAM_URL = '/api/v1/notifications/stream';

/**
 * One live notification stream per signed-in tab: a new notification raises the bell's count
 * and tops the cached list at once; read or cleared elsewhere refreshes both. Closed on logout.
 */
export function useNotificationStream(): void {
  const { user, settings } = useBootstrapData();
  const userId = user?.id;
  const isIntegrated = !!settings.notifications?.integrated;
  useEffect(() => {
    if (!userId || !isIntegrated || typeof EventSource === 'undefined') return;
    const stream = new NotificationStream({
      url: STREAM_URL,
      open: (url) => new EventSource(url, { withCredentials: true }),
      onNotification: (event) => applyNotificationEvent(queryClient, event, setUnreadCount),
      // The server opens every stream with an `unread` event: after a reconnect it brings the
      // count and refetches the list, covering whatever was missed.
      onUnread: (event) => void applyUnreadEvent(queryClient, event, setUnreadCount),
    });
    stream.start();
    return () => stream.stop();
  }, [userId, isIntegrated]);
}
