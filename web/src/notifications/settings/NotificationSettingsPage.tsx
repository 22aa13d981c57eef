import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import type { NotificationChannel } from '@kosh/contracts';
import { DEFAULT_ERROR_MESSAGE } from '../../api/error-handler.ts';
import { useNotificationSubscriptions, useUpdateSubscriptions } from '../../api/notifications.api.ts';
import { useBootstrapData } from '../../shell/bootstrap-store.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Navbar } from '../../shell/layout/Navbar.tsx';
import { useDocumentTitle } from '../../shell/useDocumentTitle.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { enableBrowserPush } from '../push/browser-push.ts';
import {
  groupState,
  selectionsFrom,
  setChannel,
  settingsPageRedirect,
  toUpdateBody,
  type Selections,
} from './subscription-selection.ts';

const CHANNEL_LABELS: Record<NotificationChannel, string> = { email: 'Email', browser: 'Browser' };
export const BLOCKED_MESSAGE = 'Notifications blocked. Please enable them for this site from browser settings.';

const cell = 'flex w-16 shrink-0 justify-center sm:w-24';

/** /notifications/settings (part 1, 2.6): per type one checkbox per channel, group checkboxes, 'Update preferences'. */
export function NotificationSettingsPage() {
  const { trans } = useTrans();
  const { settings } = useBootstrapData();
  const isIntegrated = !!settings.notif?.subs?.integrated;
  const query = useNotificationSubscriptions(isIntegrated);
  const update = useUpdateSubscriptions();
  const [edited, setEdited] = useState<Selections | null>(null);
  const [isAskingBrowser, setAskingBrowser] = useState(false);
  const [isPushReady, setPushReady] = useState(false);
  useDocumentTitle(trans('Notification settings'));

  const redirect = settingsPageRedirect(isIntegrated, query.data);
  if (redirect) return <Navigate to={redirect} replace />;
  const data = query.data;
  const selections = edited ?? (data ? selectionsFrom(data) : null);

  const change = async (ids: string[], channel: NotificationChannel, value: boolean) => {
    if (!selections) return;
    // Turning the browser channel on needs the browser's permission and a push subscription first.
    if (channel === 'browser' && value && !isPushReady) {
      setAskingBrowser(true);
      const outcome = await enableBrowserPush(settings.notifications?.vapid_public_key);
      setAskingBrowser(false);
      if (outcome === 'denied') return void toast.danger(trans(BLOCKED_MESSAGE));
      if (outcome !== 'subscribed') return void toast.danger(trans(DEFAULT_ERROR_MESSAGE));
      setPushReady(true);
    }
    setEdited((prev) => setChannel(prev ?? selections, ids, channel, value));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!selections) return;
    update.mutate(toUpdateBody(selections), { onSuccess: () => toast.positive(trans('Updated preferences')) });
  };

  const channels = data?.available_channels ?? [];
  return (
    <div className="flex min-h-dvh flex-col bg-bg-alt">
      <Navbar menuPosition="drive-navbar" />
      <main id="main-content" className="mx-auto w-full max-w-[760px] flex-1 px-4 py-6 sm:px-6 md:py-10">
        <h1 className="mb-4 text-xl font-medium text-fg">{trans('Notification settings')}</h1>
        {!data || !selections ? (
          <div className="flex justify-center py-16">
            <Spinner size={32} />
          </div>
        ) : (
          <form onSubmit={submit}>
            <div className="overflow-hidden rounded-kosh border border-divider bg-bg">
              <div className="flex h-11 items-center border-b border-divider px-4 text-xs font-medium text-fg-muted">
                <span className="min-w-0 flex-1">{trans('Notify me about')}</span>
                {channels.map((channel) => (
                  <span key={channel} className={cell}>
                    {trans(CHANNEL_LABELS[channel])}
                  </span>
                ))}
              </div>
              {Object.entries(data.subscriptions).map(([group, items]) => {
                const ids = items.map((item) => item.notif_id);
                return (
                  <section
                    key={group}
                    data-testid="subscription-group"
                    aria-label={trans(group)}
                    className="border-b border-divider last:border-b-0"
                  >
                    <div className="flex min-h-12 items-center bg-bg-alt px-4">
                      <h2 className="min-w-0 flex-1 text-sm font-medium text-fg">{trans(group)}</h2>
                      {channels.map((channel) => (
                        <span key={channel} className={cell}>
                          <Checkbox
                            aria-label={`${trans(group)}: ${trans(CHANNEL_LABELS[channel])}`}
                            {...groupState(selections, ids, channel)}
                            isDisabled={isAskingBrowser}
                            onChange={(value) => void change(ids, channel, value)}
                          />
                        </span>
                      ))}
                    </div>
                    <ul>
                      {items.map((item) => (
                        <li
                          key={item.notif_id}
                          className="flex min-h-12 items-center border-t border-divider px-4 py-2"
                        >
                          <span className="min-w-0 flex-1 pl-4 text-sm text-fg">{trans(item.name)}</span>
                          {channels.map((channel) => (
                            <span key={channel} className={cell}>
                              <Checkbox
                                aria-label={`${trans(item.name)}: ${trans(CHANNEL_LABELS[channel])}`}
                                isSelected={!!selections[item.notif_id]?.[channel]}
                                isDisabled={isAskingBrowser}
                                onChange={(value) => void change([item.notif_id], channel, value)}
                              />
                            </span>
                          ))}
                        </li>
                      ))}
                    </ul>
                  </section>
                );
              })}
            </div>
            <div className="mt-6 flex justify-end">
              <Button type="submit" isDisabled={update.isPending}>
                {trans('Update preferences')}
              </Button>
            </div>
          </form>
        )}
      </main>
    </div>
  );
}

export { NotificationSettingsPage as Component };
