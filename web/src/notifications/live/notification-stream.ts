import { NOTIFICATION_STREAM_EVENTS, type NotificationStreamEvent, type UnreadStreamEvent } from '@kosh/contracts';

/** The part of EventSource the stream uses, so tests can drive it. */
export type EventSourceLike = {
  addEventListener: (type: string, listener: (event: MessageEvent) => void) => void;
  close: () => void;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
};

type Timers = { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void };

export type NotificationStreamOptions = {
  url: string;
  open: (url: string) => EventSourceLike;
  onNotification: (event: NotificationStreamEvent) => void;
  onUnread: (event: UnreadStreamEvent) => void;
  /** After a reconnect: events may have been missed while away. */
  onReconnect?: () => void;
  timers?: Timers;
};

export const STREAM_RETRY_MIN_MS = 1000;
export const STREAM_RETRY_MAX_MS = 30_000;

/** Exponential backoff: 1 s, 2 s, 4 s ... capped at 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(STREAM_RETRY_MAX_MS, STREAM_RETRY_MIN_MS * 2 ** Math.max(0, attempt));
}

const parse = <T>(event: MessageEvent): T | null => {
  try {
    return JSON.parse(String(event.data)) as T;
  } catch {
    return null;
  }
};

/**
 * One signed-in tab's live connection to notifications/stream. Any error closes the source
 * and opens a new one after a growing delay (EventSource gives up by itself after an HTTP
 * error, and would otherwise retry at its own fixed pace). Free of React.
 */
export class NotificationStream {
  private readonly options: NotificationStreamOptions;
  private readonly timers: Timers;
  private source: EventSourceLike | null = null;
  private retryTimer: unknown = null;
  private attempt = 0;
  private hasOpened = false;
  private isStopped = true;

  constructor(options: NotificationStreamOptions) {
    this.options = options;
    this.timers = options.timers ?? {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (h) => globalThis.clearTimeout(h as number),
    };
  }

  start(): void {
    if (!this.isStopped) return;
    this.isStopped = false;
    this.connect();
  }

  stop(): void {
    this.isStopped = true;
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.source?.close();
    this.source = null;
  }

  private connect(): void {
    const source = this.options.open(this.options.url);
    this.source = source;
    source.onopen = () => {
      this.attempt = 0;
      if (this.hasOpened) this.options.onReconnect?.();
      this.hasOpened = true;
    };
    source.onerror = () => {
      if (this.source !== source) return;
      source.close();
      this.source = null;
      this.scheduleReconnect();
    };
    source.addEventListener(NOTIFICATION_STREAM_EVENTS.notification, (event) => {
      const data = parse<NotificationStreamEvent>(event);
      if (data?.notification) this.options.onNotification(data);
    });
    source.addEventListener(NOTIFICATION_STREAM_EVENTS.unread, (event) => {
      const data = parse<UnreadStreamEvent>(event);
      if (data && typeof data.unreadCount === 'number') this.options.onUnread(data);
    });
  }

  private scheduleReconnect(): void {
    if (this.isStopped) return;
    const delay = backoffDelay(this.attempt++);
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      if (!this.isStopped) this.connect();
    }, delay);
  }
}
