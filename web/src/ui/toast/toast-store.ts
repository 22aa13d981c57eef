import { MAX_TOASTS, TOAST_DANGER_DURATION_MS, TOAST_DURATION_MS } from '@kosh/contracts/constants';

export type ToastType = 'positive' | 'danger' | 'loading';
export type ToastAction = { label: string; action: string | (() => void) };
export type Toast = {
  id: string;
  message: string;
  type: ToastType;
  /** ms until it closes by itself; null never (loading). */
  duration: number | null;
  action?: ToastAction;
};
export type ToastOptions = { type?: ToastType; duration?: number | null; action?: ToastAction; id?: string };

type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const ID_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random id of 6 characters (part 1, 3). */
export function randomToastId(random: () => number = Math.random): string {
  let id = '';
  for (let i = 0; i < 6; i++) id += ID_CHARS[Math.floor(random() * ID_CHARS.length)];
  return id;
}

/** Default duration by type (part 1, 4): danger 8000 ms, loading never, others 3000 ms. */
export function toastDuration(type: ToastType): number | null {
  if (type === 'loading') return null;
  return type === 'danger' ? TOAST_DANGER_DURATION_MS : TOAST_DURATION_MS;
}

/**
 * Holds the toasts on screen: at most {@link MAX_TOASTS} (one), a new one replacing the
 * older. Free of React and of the DOM; timers are injected.
 */
export class ToastStore {
  private toasts: Toast[] = [];
  private readonly timers = new Map<string, unknown>();
  private readonly listeners = new Set<() => void>();
  private readonly clock: Timers;

  constructor(
    clock: Timers = {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (h) => globalThis.clearTimeout(h as number),
    },
  ) {
    this.clock = clock;
  }

  getToasts = (): readonly Toast[] => this.toasts;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  show(message: string, options: ToastOptions = {}): string {
    const type = options.type ?? 'positive';
    const toast: Toast = {
      id: options.id ?? randomToastId(),
      message,
      type,
      duration: options.duration === undefined ? toastDuration(type) : options.duration,
      action: options.action,
    };
    const kept = this.toasts.filter((t) => t.id !== toast.id);
    const dropped = kept.splice(0, Math.max(0, kept.length + 1 - MAX_TOASTS));
    for (const old of dropped) this.clearTimer(old.id);
    this.clearTimer(toast.id);
    this.toasts = [...kept, toast];
    if (toast.duration !== null) this.startTimer(toast);
    this.emit();
    return toast.id;
  }

  dismiss(id: string): void {
    if (!this.toasts.some((t) => t.id === id)) return;
    this.clearTimer(id);
    this.toasts = this.toasts.filter((t) => t.id !== id);
    this.emit();
  }

  /** Stops the auto-close while the pointer or focus is on the toast. */
  pause(id: string): void {
    this.clearTimer(id);
  }

  resume(id: string): void {
    const toast = this.toasts.find((t) => t.id === id);
    if (toast && toast.duration !== null && !this.timers.has(id)) this.startTimer(toast);
  }

  private startTimer(toast: Toast): void {
    this.timers.set(
      toast.id,
      this.clock.setTimeout(() => this.dismiss(toast.id), toast.duration ?? 0),
    );
  }

  private clearTimer(id: string): void {
    if (!this.timers.has(id)) return;
    this.clock.clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export const toastStore = new ToastStore();

/** Shows a toast; message should already be translated. */
export const toast = Object.assign((message: string, options?: ToastOptions) => toastStore.show(message, options), {
  positive: (message: string, options?: Omit<ToastOptions, 'type'>) =>
    toastStore.show(message, { ...options, type: 'positive' }),
  danger: (message: string, options?: Omit<ToastOptions, 'type'>) =>
    toastStore.show(message, { ...options, type: 'danger' }),
  loading: (message: string, options?: Omit<ToastOptions, 'type'>) =>
    toastStore.show(message, { ...options, type: 'loading' }),
  dismiss: (id: string) => toastStore.dismiss(id),
});
