import { useState } from 'react';
import clsx from 'clsx';
import Cookies from 'js-cookie';
import { Link, useLocation } from 'react-router';
import { COOKIE, COOKIE_NOTICE_BREAKPOINT_PX, COOKIE_NOTICE_DAYS } from '@kosh/contracts/constants';
import { PlainButton } from '../ui/PlainButton.tsx';
import { focusRing } from '../ui/button-styles.ts';
import { useBootstrapData } from './bootstrap-store.ts';
import { useTrans } from './i18n/useTrans.tsx';
import { useMediaQuery } from './useMediaQuery.ts';
import { getSsrHints, isServer } from './ssr-hints.ts';

/**
 * Cookie notice (part 1, 2.5 and 4): only on /, when enabled and no choice is stored.
 * Accept All stores true, Reject false, for 180 days.
 */
export function CookieNotice() {
  const { trans } = useTrans();
  const { pathname } = useLocation();
  const { cookie_notice: notice, settings } = useBootstrapData();
  const [choice, setChoice] = useState(() =>
    isServer ? getSsrHints().cookieNotice : Cookies.get(COOKIE.cookieNotice),
  );
  const isWide = useMediaQuery(`(min-width: ${COOKIE_NOTICE_BREAKPOINT_PX}px)`, !getSsrHints().mobile);
  if (pathname !== '/' || !notice?.enable || choice !== undefined) return null;

  const store = (accepted: boolean) => {
    Cookies.set(COOKIE.cookieNotice, String(accepted), { expires: COOKIE_NOTICE_DAYS, path: '/', sameSite: 'lax' });
    setChoice(String(accepted));
  };
  const atTop = settings.cookie_notice?.position === 'top';
  const info = settings.cookie_notice?.button ?? { label: 'Learn more', action: '/pages/privacy-policy' };
  const linkClass = clsx('rounded-kosh font-medium text-primary underline', focusRing);

  return (
    <section
      aria-label={trans('Cookie notice')}
      data-testid="cookie-notice"
      className={clsx('fixed inset-x-0 z-40 flex animate-slide-up justify-center p-3', atTop ? 'top-0' : 'bottom-0')}
    >
      <div
        className={clsx(
          'flex w-full max-w-[960px] gap-4 rounded-kosh-lg border border-divider bg-bg p-4 shadow-lg',
          isWide ? 'flex-row items-center' : 'flex-col',
        )}
      >
        <p className="flex-1 text-sm text-fg">
          {trans(
            'We use cookies to keep you signed in, remember your preferences and understand how the site is used. ' +
              'You can accept all cookies or reject the optional ones.',
          )}{' '}
          {/^https?:\/\//.test(info.action) ? (
            <a href={info.action} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {trans(info.label)}
            </a>
          ) : (
            <Link to={info.action} className={linkClass}>
              {trans(info.label)}
            </Link>
          )}
        </p>
        <div className={clsx('flex gap-2', isWide ? 'shrink-0' : 'w-full [&>*]:flex-1')}>
          <PlainButton variant="secondary" onClick={() => store(false)}>
            {trans('Reject')}
          </PlainButton>
          <PlainButton onClick={() => store(true)}>{trans('Accept All')}</PlainButton>
        </div>
      </div>
    </section>
  );
}
