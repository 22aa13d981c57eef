import { lazy, Suspense, useState } from 'react';
import clsx from 'clsx';
import { Bell, Settings } from 'lucide-react';
import {
  Button as AriaButton,
  Dialog as AriaDialog,
  DialogTrigger,
  Link as AriaLink,
  Popover,
} from 'react-aria-components';
import { POPOVER_COLLISION_PADDING_PX } from '@kosh/contracts/constants';
import { useClearNotifications } from '../api/notifications.api.ts';
import { ConfirmDialog } from '../drive/dialogs/ConfirmDialog.tsx';
import { useBootstrapData } from '../shell/bootstrap-store.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { iconButtonClasses } from '../ui/button-styles.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { Tooltip } from '../ui/Tooltip.tsx';

// The list, its rows and the HTML sanitiser load with the first opening, not with every page.
const NotificationsPanel = lazy(() => import('./NotificationsPanel.tsx'));

/** The unread badge on the bell (capped at 99+). */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="unread-badge"
      className={clsx(
        'absolute top-1.5 right-1.5 min-w-4 rounded-full bg-danger px-1',
        'text-center text-[10px] leading-4 font-medium text-on-primary',
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** A link to the preferences page, shown when subscriptions are integrated (part 1, 2.6). */
export function SettingsLink({ onPress }: { onPress?: () => void }) {
  const { trans } = useTrans();
  const { settings } = useBootstrapData();
  if (!settings.notif?.subs?.integrated) return null;
  return (
    <Tooltip content={trans('Notification settings')}>
      <AriaLink
        href="/notifications/settings"
        onPress={onPress}
        aria-label={trans('Notification settings')}
        className={iconButtonClasses('sm')}
      >
        <Settings size={18} aria-hidden />
      </AriaLink>
    </Tooltip>
  );
}

/** The navbar bell (part 1, 2.6): unread count, opens the notifications popover. */
export function NotificationsBell() {
  const { trans } = useTrans();
  const { user, settings } = useBootstrapData();
  const [isOpen, setOpen] = useState(false);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const clear = useClearNotifications();
  if (!user || !settings.notifications?.integrated) return null;
  const unread = user.unread_notifications_count ?? 0;
  return (
    <>
      <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
        <Tooltip content={trans('Notifications')}>
          <AriaButton
            aria-label={unread ? trans(':count unread notifications', { count: unread }) : trans('Notifications')}
            data-testid="notifications-bell"
            className={clsx(iconButtonClasses('md'), 'relative')}
          >
            <Bell size={20} aria-hidden />
            <UnreadBadge count={unread} />
          </AriaButton>
        </Tooltip>
        <Popover
          placement="bottom end"
          offset={4}
          containerPadding={POPOVER_COLLISION_PADDING_PX}
          className={clsx(
            'flex max-h-[min(560px,calc(100dvh-96px))] w-[400px] max-w-[calc(100vw-32px)] flex-col overflow-hidden',
            'rounded-kosh border border-divider bg-bg shadow-lg outline-none data-[entering]:animate-fade-in',
          )}
        >
          <AriaDialog
            aria-label={trans('Notifications')}
            data-testid="notifications-popover"
            className="flex min-h-0 flex-1 flex-col outline-none"
          >
            <Suspense fallback={<Spinner size={24} className="m-8 self-center" />}>
              <NotificationsPanel
                close={() => setOpen(false)}
                onClearRequested={() => {
                  setOpen(false);
                  setConfirmOpen(true);
                }}
              />
            </Suspense>
          </AriaDialog>
        </Popover>
      </DialogTrigger>
      <ConfirmDialog
        isOpen={isConfirmOpen}
        title={trans('Delete all notifications?')}
        body={trans('All of your notifications will be deleted.')}
        confirmLabel={trans('Delete')}
        onConfirm={() => clear.mutate()}
        onClose={() => setConfirmOpen(false)}
      />
    </>
  );
}
