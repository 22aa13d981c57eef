import clsx from 'clsx';
import { Button as AriaButton } from 'react-aria-components';
import type { Notification } from '@kosh/contracts';
import { useRelativeTime, useTrans } from '../shell/i18n/useTrans.tsx';
import { Button } from '../ui/Button.tsx';
import { focusRing } from '../ui/button-styles.ts';
import { SafeHtml } from '../ui/SafeHtml.tsx';
import { iconOf, NotificationImage } from './NotificationImage.tsx';
import { useInviteActions } from './useInviteActions.ts';

type Props = { notification: Notification; onOpen: (notification: Notification) => void; onJoined?: () => void };

/** One notification: image or dot, its lines (sanitised HTML), the time, and its buttons. */
export function NotificationRow({ notification, onOpen, onJoined }: Props) {
  const { trans } = useTrans();
  const relativeTime = useRelativeTime();
  const invite = useInviteActions(notification, onJoined);
  const { data } = notification;
  const isUnread = !notification.read_at;
  const lines = data.lines ?? [];
  const buttons = (data.buttonActions ?? []).filter((b) => invite.handles(b.action));

  return (
    <li
      data-testid="notification-row"
      data-unread={isUnread || undefined}
      className={clsx('rounded-kosh hover:bg-bg-alt', isUnread && 'bg-bg-chip/40')}
    >
      <AriaButton
        onPress={() => onOpen(notification)}
        className={clsx('flex w-full cursor-pointer items-start gap-3 rounded-kosh px-3 py-3 text-left', focusRing)}
      >
        <NotificationImage image={data.image} type={notification.type} isUnread={isUnread} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          {lines.map((line, index) => {
            const Icon = iconOf(line.icon);
            return (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: a notification's lines have no id and never reorder
                key={index}
                className={clsx(
                  'flex items-start gap-1.5 break-words',
                  line.type === 'primary' ? 'text-sm' : 'text-[13px] text-fg-muted',
                  line.type === 'primary' && (isUnread ? 'text-fg' : 'text-fg-muted'),
                )}
              >
                {Icon && <Icon size={16} className="mt-0.5 shrink-0" aria-hidden />}
                <SafeHtml
                  as="span"
                  profile="notification-line"
                  html={line.content}
                  className="min-w-0 [&_b]:font-medium [&_strong]:font-medium"
                />
              </span>
            );
          })}
          <span className="text-xs text-fg-muted">{relativeTime(notification.created_at)}</span>
        </span>
      </AriaButton>
      {buttons.length > 0 && (
        <div className="flex flex-wrap gap-2 pr-3 pb-3 pl-[64px]">
          {buttons.map((button, index) => (
            <Button
              key={button.action}
              size="sm"
              variant={index === 0 ? 'primary' : 'secondary'}
              isDisabled={invite.isPending}
              onPress={() => invite.run(button.action)}
            >
              {trans(button.label)}
            </Button>
          ))}
        </div>
      )}
    </li>
  );
}
