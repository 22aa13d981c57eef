import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useMarkAsRead, useNotifications } from '../api/notifications.api.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Navbar } from '../shell/layout/Navbar.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { Button, IconButton } from '../ui/Button.tsx';
import { hasUnread } from './live/notification-cache.ts';
import { NotificationList } from './NotificationList.tsx';
import { SettingsLink } from './NotificationsBell.tsx';

/** /notifications (part 1, 2.6): up to 30, 'Mark all as read' while unread exist, settings link. */
export function NotificationsPage() {
  const { trans } = useTrans();
  const query = useNotifications();
  const markAsRead = useMarkAsRead();
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  useDocumentTitle(trans('Notifications'));
  // Back where the user came from; opened directly (a mail, a new tab), back to the drive.
  const goBack = () => void (window.history.state?.idx > 0 ? navigate(-1) : navigate('/drive'));
  return (
    <div className="flex min-h-dvh flex-col bg-bg-alt">
      <Navbar menuPosition="drive-navbar" />
      <main id="main-content" className="mx-auto w-full max-w-[760px] flex-1 px-4 py-6 sm:px-6 md:py-10">
        <div className="mb-4 flex min-h-10 items-center gap-2">
          <IconButton label={trans('Go back')} onPress={goBack} className="-ml-2">
            <ArrowLeft size={20} aria-hidden />
          </IconButton>
          <h1 ref={heading} tabIndex={-1} className="flex-1 text-xl font-medium text-fg outline-none">
            {trans('Notifications')}
          </h1>
          {hasUnread(query.data) && (
            // Outlined on its own white surface: primary text on the page's bg-alt falls short of 4.5:1.
            <Button
              variant="secondary"
              isDisabled={markAsRead.isPending}
              onPress={() => markAsRead.mutate({ all: true }, { onSuccess: () => heading.current?.focus() })}
            >
              {trans('Mark all as read')}
            </Button>
          )}
          <SettingsLink />
        </div>
        <section className="rounded-kosh border border-divider bg-bg">
          <NotificationList
            items={query.data?.pagination.data}
            isLoading={query.isLoading}
            label={trans('Notifications')}
          />
        </section>
      </main>
    </div>
  );
}

export { NotificationsPage as Component };
