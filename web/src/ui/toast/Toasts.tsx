import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useHasOpened } from '../useHasOpened.ts';
import { toastStore } from './toast-store.ts';

// The region, its icons and spinner load with the first toast: most first visits show none.
const ToastRegion = lazy(() => import('./ToastRegion.tsx').then((m) => ({ default: m.ToastRegion })));

const hasToasts = () => toastStore.getToasts().length > 0;

/** Where toasts show, mounted from the first toast on. */
export function Toasts() {
  const isShowing = useSyncExternalStore(toastStore.subscribe, hasToasts, () => false);
  if (!useHasOpened(isShowing)) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
