import { useSyncExternalStore } from 'react';
import clsx from 'clsx';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useSettings } from '../../shell/bootstrap-store.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { focusRing } from '../button-styles.ts';
import { Spinner } from '../Spinner.tsx';
import { toastStore, type Toast } from './toast-store.ts';

function ToastIcon({ type }: { type: Toast['type'] }) {
  if (type === 'loading') return <Spinner size={18} immediate className="text-toast-action" />;
  if (type === 'danger') return <CircleAlert size={20} className="shrink-0 text-danger" aria-hidden />;
  return <CircleCheck size={20} className="shrink-0 text-toast-action" aria-hidden />;
}

function ToastItem({ toast }: { toast: Toast }) {
  const { trans } = useTrans();
  const { action } = toast;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a live region; hover or focus inside only pauses its timer
    <div
      role={toast.type === 'danger' ? 'alert' : 'status'}
      data-testid="toast"
      data-toast-type={toast.type}
      onPointerEnter={() => toastStore.pause(toast.id)}
      onPointerLeave={() => toastStore.resume(toast.id)}
      onFocus={() => toastStore.pause(toast.id)}
      onBlur={() => toastStore.resume(toast.id)}
      className={clsx(
        'pointer-events-auto flex min-h-12 w-full max-w-[560px] animate-slide-up items-center gap-3 rounded-kosh',
        'bg-toast py-2 pr-2 pl-4 text-sm text-on-toast shadow-lg sm:w-auto sm:min-w-[320px]',
      )}
    >
      <ToastIcon type={toast.type} />
      <div className="min-w-0 flex-1 py-1 break-words">{toast.message}</div>
      {action &&
        (typeof action.action === 'string' ? (
          <a
            href={action.action}
            className={clsx(
              'shrink-0 rounded-kosh px-3 py-2 font-medium text-toast-action hover:bg-white/10',
              focusRing,
            )}
          >
            {trans(action.label)}
          </a>
        ) : (
          <button
            type="button"
            onClick={() => {
              (action.action as () => void)();
              toastStore.dismiss(toast.id);
            }}
            className={clsx(
              'shrink-0 rounded-kosh px-3 py-2 font-medium text-toast-action hover:bg-white/10',
              focusRing,
            )}
          >
            {trans(action.label)}
          </button>
        ))}
      <button
        type="button"
        aria-label={trans('Close')}
        onClick={() => toastStore.dismiss(toast.id)}
        className={clsx(
          'inline-flex size-8 shrink-0 items-center justify-center rounded-full text-on-toast/80 hover:bg-white/10',
          focusRing,
        )}
      >
        <X size={18} aria-hidden />
      </button>
    </div>
  );
}

/** Where toasts show: bottom centre by default, or bottom right (settings.toast.position). */
export function ToastRegion() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getToasts);
  const position = useSettings().toast?.position ?? 'bottom-center';
  return (
    <div
      className={clsx(
        'pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col gap-2 p-4',
        position === 'bottom-right' ? 'items-end' : 'items-center',
      )}
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
