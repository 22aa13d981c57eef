import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import type { User } from '@kosh/contracts';
import { focusRing } from '../../ui/button-styles.ts';
import { useTrans } from '../i18n/useTrans.tsx';
import { useIsMobile } from '../useMediaQuery.ts';
import { Avatar } from './Avatar.tsx';

/** The account menu's trigger look: avatar 32 px, name capped at 124 px (part 1, 2.6). */
export const accountTriggerClasses = clsx(
  'flex h-10 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm text-fg hover:bg-bg-alt',
  focusRing,
);

/** What the account menu's trigger shows, for the menu and for its stand-in before it loads. */
export function AccountTriggerContent({ user }: { user: User }) {
  const { trans } = useTrans();
  const isMobile = useIsMobile();
  return (
    <>
      <Avatar user={user} size={32} />
      {/* The visible name starts the accessible name (WCAG 2.5.3); 'Account menu' follows for screen readers. */}
      {!isMobile && <span className="max-w-[124px] truncate font-medium">{user.name || user.email}</span>}
      <span className="sr-only">{trans('Account menu')}</span>
      <ChevronDown size={16} className="text-fg-muted" aria-hidden />
    </>
  );
}
