import { useEffect } from 'react';
import { UserRound } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import clsx from 'clsx';
import { useBootstrapData } from '../../shell/bootstrap-store.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { useStopImpersonation } from './impersonation.api.ts';

/** The banner's height; full-height layouts give it room through --kosh-banner-h. */
const HEIGHT_PX = 40;

/**
 * While staff are logged in as someone, every page says so at the top, with the way back
 * (spec part 2, admin users: "Log in as user").
 */
export function ImpersonationBanner() {
  const { trans } = useTrans();
  const { user } = useBootstrapData();
  const stop = useStopImpersonation();
  const isImpersonating = !!user?.impersonator;
  useEffect(() => {
    if (!isImpersonating) return;
    const root = document.documentElement;
    root.style.setProperty('--kosh-banner-h', `${HEIGHT_PX}px`);
    return () => {
      root.style.removeProperty('--kosh-banner-h');
    };
  }, [isImpersonating]);
  if (!user?.impersonator) return null;
  return (
    <section
      aria-label={trans('Logged in as another user')}
      data-testid="impersonation-banner"
      style={{ height: HEIGHT_PX }}
      className="flex shrink-0 items-center gap-3 bg-toast px-4 text-sm text-on-toast"
    >
      <UserRound size={18} aria-hidden className="shrink-0" />
      <p className="min-w-0 flex-1 truncate">
        {/* A phone has room for the name only. */}
        <span className="sm:hidden">{trans('Logged in as :name', { name: user.name || user.email })}</span>
        <span className="hidden sm:inline">
          {trans('You are logged in as :name (:email).', { name: user.name || user.email, email: user.email })}
        </span>
      </p>
      <AriaButton
        onPress={() => stop.mutate()}
        isPending={stop.isPending}
        className={clsx(
          'h-8 shrink-0 rounded-kosh px-3 font-medium text-toast-action hover:bg-white/10 data-[pending]:opacity-60',
          focusRing,
        )}
      >
        {trans('Stop')}
      </AriaButton>
    </section>
  );
}
