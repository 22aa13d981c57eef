import { useNavigate } from 'react-router';
import type { Notification } from '@kosh/contracts';
import { useMarkAsRead } from '../api/notifications.api.ts';
import { resolveActionTarget } from './notification-actions.ts';

/**
 * A row click (part 1, 2.6 and 4): an unread notification is marked read, then its main action
 * is followed: an absolute URL in a new tab, a path within the app.
 */
export function useOpenNotification(onOpened?: () => void) {
  const navigate = useNavigate();
  const markAsRead = useMarkAsRead();
  return (notification: Notification) => {
    const target = resolveActionTarget(notification.data.mainAction?.action);
    // A new tab must open within the click's user activation, so it does not wait for the call.
    if (target?.kind === 'external') window.open(target.url, '_blank', 'noopener,noreferrer');
    const follow = () => {
      if (target?.kind === 'internal') void navigate(target.path);
      onOpened?.();
    };
    if (notification.read_at) {
      follow();
      return;
    }
    // mutateAsync settles even when the row unmounts (the popover closes on navigation).
    markAsRead.mutateAsync({ ids: [notification.id] }).then(follow, follow);
  };
}
