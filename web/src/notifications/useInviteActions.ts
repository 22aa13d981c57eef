import { useMutation } from '@tanstack/react-query';
import { WORKSPACE_MESSAGES, type Notification } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from '../api/call.ts';
import { notificationsApi, setUnreadCount } from '../api/notifications.api.ts';
import { queryClient } from '../api/query-client.ts';
import { queryKeys } from '../api/query-keys.ts';
import { trans } from '../shell/i18n/useTrans.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { switchWorkspace } from '../workspaces/active-workspace.ts';
import { workspaceKeys } from '../workspaces/workspaces.api.ts';

const ACTIONS = ['join-workspace', 'decline-workspace'] as const;
type InviteAction = (typeof ACTIONS)[number];

/** Joining or declining answers the invite; the notification is then read and the lists refresh. */
async function settle(notification: Notification): Promise<void> {
  if (!notification.read_at) {
    const { unreadCount } = await notificationsApi
      .markAsRead({ ids: [notification.id] })
      .catch(() => ({ unreadCount: null }));
    if (unreadCount !== null) setUnreadCount(unreadCount);
  }
  await queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
  await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
}

/**
 * The buttonActions of a workspace invite notification (part 1, 2.8 and 4): join switches to
 * the joined workspace and calls `onJoined` (the popover closes), decline drops the invite; a
 * stale invite answers 404 with the server's message, shown by the general handler, and the
 * lists refresh all the same.
 */
export function useInviteActions(notification: Notification, onJoined?: () => void) {
  const inviteId = notification.data.inviteId;
  const join = useMutation({
    // The invite is to another workspace than the active one: no active workspaceId goes with it.
    mutationFn: (id: string) => call(endpoints.joinWorkspace, { params: { inviteId: id }, workspaceId: 0 }),
    onSuccess: ({ workspace }) => {
      toast.positive(trans(WORKSPACE_MESSAGES.joined));
      switchWorkspace(workspace.id);
      onJoined?.();
    },
    onSettled: () => settle(notification),
  });
  const decline = useMutation({
    mutationFn: (id: string) => call(endpoints.declineInvite, { params: { inviteId: id } }),
    onSuccess: () => toast.positive(trans(WORKSPACE_MESSAGES.declined)),
    onSettled: () => settle(notification),
  });
  return {
    handles: (action: string): action is InviteAction => !!inviteId && (ACTIONS as readonly string[]).includes(action),
    isPending: join.isPending || decline.isPending,
    run: (action: string) => {
      if (!inviteId) return;
      if (action === 'join-workspace') join.mutate(inviteId);
      if (action === 'decline-workspace') decline.mutate(inviteId);
    },
  };
}
