import { useRef } from 'react';
import { Trash2 } from 'lucide-react';
import { Heading } from 'react-aria-components';
import { useMarkAsRead, useNotifications } from '../api/notifications.api.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Button, IconButton } from '../ui/Button.tsx';
import { hasUnread } from './live/notification-cache.ts';
import { NotificationList } from './NotificationList.tsx';
import { SettingsLink } from './NotificationsBell.tsx';

/** The popover: title, 'Mark all as read' while unread exist, settings, delete-all when none are unread. */
export default function NotificationsPanel({
  close,
  onClearRequested,
}: {
  close: () => void;
  onClearRequested: () => void;
}) {
  const { trans } = useTrans();
  const query = useNotifications();
  const markAsRead = useMarkAsRead();
  const items = query.data?.pagination.data;
  const unread = hasUnread(query.data);
  const header = useRef<HTMLDivElement>(null);
  // 'Mark all as read' goes away once done: focus stays in the popover so Escape still closes it.
  const keepFocus = () => header.current?.closest<HTMLElement>('[role="dialog"]')?.focus();
  return (
    <>
      <div ref={header} className="flex h-14 shrink-0 items-center gap-1 border-b border-divider pr-2 pl-4">
        <Heading slot="title" className="flex-1 text-base font-medium text-fg">
          {trans('Notifications')}
        </Heading>
        {unread && (
          <Button
            variant="text"
            size="sm"
            isDisabled={markAsRead.isPending}
            onPress={() => markAsRead.mutate({ all: true }, { onSuccess: keepFocus })}
          >
            {trans('Mark all as read')}
          </Button>
        )}
        {!unread && !!items?.length && (
          <IconButton label={trans('Delete all notifications')} size="sm" onPress={onClearRequested}>
            <Trash2 size={18} aria-hidden />
          </IconButton>
        )}
        <SettingsLink onPress={close} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <NotificationList items={items} isLoading={query.isLoading} onOpened={close} label={trans('Notifications')} />
      </div>
    </>
  );
}
