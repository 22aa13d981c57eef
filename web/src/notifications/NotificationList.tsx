import { Bell } from 'lucide-react';
import type { Notification } from '@kosh/contracts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { NotificationRow } from './NotificationRow.tsx';
import { useOpenNotification } from './useOpenNotification.ts';

/** The empty state of the popover and the page (part 1, 2.6). */
export function NotificationsEmpty() {
  const { trans } = useTrans();
  return (
    <div data-testid="notifications-empty" className="flex flex-col items-center px-6 py-12 text-center">
      <Bell size={64} strokeWidth={1.25} className="mb-4 text-fg-muted" aria-hidden />
      <p className="text-base font-medium text-fg">{trans('Hang tight!')}</p>
      <p className="mt-1 text-sm text-fg-muted">{trans('Notifications will start showing up here soon.')}</p>
    </div>
  );
}

/** Skeleton rows while the list loads (UI.md "Motion and feedback"). */
function SkeletonRows() {
  return (
    <div aria-hidden className="flex flex-col">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-start gap-3 px-5 py-3">
          <span className="size-10 shrink-0 rounded-full bg-bg-alt" />
          <span className="flex flex-1 flex-col gap-2 pt-1">
            <span className="h-3.5 w-4/5 rounded bg-bg-alt" />
            <span className="h-3 w-1/4 rounded bg-bg-alt" />
          </span>
        </div>
      ))}
    </div>
  );
}

type Props = { items: Notification[] | undefined; isLoading: boolean; onOpened?: () => void; label: string };

/** Notification rows, the skeleton while loading, or the empty state. */
export function NotificationList({ items, isLoading, onOpened, label }: Props) {
  const open = useOpenNotification(onOpened);
  if (isLoading && !items) return <SkeletonRows />;
  if (!items?.length) return <NotificationsEmpty />;
  return (
    <ul aria-label={label} className="flex flex-col gap-0.5 p-2">
      {items.map((notification) => (
        <NotificationRow key={notification.id} notification={notification} onOpen={open} onJoined={onOpened} />
      ))}
    </ul>
  );
}
