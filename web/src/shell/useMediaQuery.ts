import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@kosh/contracts/constants';
import { getSsrHints } from './ssr-hints.ts';

/** `serverValue`: what the server assumed when it rendered the HTML this page hydrates. */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** Under 768 px (part 1, 9). */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, getSsrHints().mobile);
}
