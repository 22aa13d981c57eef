import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { SPINNER_DELAY_MS, SPINNER_MIN_DURATION_MS } from '@kosh/contracts/constants';
import { useTrans } from '../shell/i18n/useTrans.tsx';

/**
 * Shows `active` only after `delay` ms, and once shown keeps it for at least `minimum` ms
 * (spinner: 500 ms delay, 200 ms minimum, part 1, 9).
 */
export function useDelayedFlag(active: boolean, delay = SPINNER_DELAY_MS, minimum = SPINNER_MIN_DURATION_MS): boolean {
  const [visible, setVisible] = useState(false);
  const shownAt = useRef(0);
  useEffect(() => {
    if (active && !visible) {
      const timer = setTimeout(() => {
        shownAt.current = Date.now();
        setVisible(true);
      }, delay);
      return () => clearTimeout(timer);
    }
    if (!active && visible) {
      const remaining = Math.max(0, minimum - (Date.now() - shownAt.current));
      const timer = setTimeout(() => setVisible(false), remaining);
      return () => clearTimeout(timer);
    }
  }, [active, visible, delay, minimum]);
  return visible;
}

type SpinnerProps = { size?: number; className?: string; label?: string; isActive?: boolean; immediate?: boolean };

export function Spinner({ size = 24, className, label, isActive = true, immediate }: SpinnerProps) {
  const { trans } = useTrans();
  const delayed = useDelayedFlag(isActive);
  if (!(immediate ? isActive : delayed)) return null;
  return (
    // A plain progressbar role (what react-aria's indeterminate ProgressBar renders): toasts on
    // every page show spinners, and the public pages' first load does without react-aria.
    <span
      role="progressbar"
      aria-label={label ?? trans('Loading')}
      className={clsx('inline-flex text-primary', className)}
    >
      <svg width={size} height={size} viewBox="0 0 24 24" className="animate-spin" aria-hidden>
        <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path
          d="M21.5 12A9.5 9.5 0 0 0 12 2.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
    </span>
  );
}
