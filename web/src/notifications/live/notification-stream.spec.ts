import { describe, expect, it, vi } from 'vitest';
import type { NotificationStreamEvent } from '@kosh/contracts';
import { backoffDelay, NotificationStream, type EventSourceLike } from './notification-stream.ts';

class FakeSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  readonly url: string;
  private readonly listeners = new Map<string, (event: MessageEvent) => void>();
  constructor(url: string) {
    this.url = url;
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string) {
    this.listeners.get(type)?.({ data } as MessageEvent);
  }
}

function setUp() {
  const sources: FakeSource[] = [];
  const pending: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const onNotification = vi.fn();
  const onUnread = vi.fn();
  const onReconnect = vi.fn();
  const sut = new NotificationStream({
    url: '/api/v1/notifications/stream',
    open: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    onNotification,
    onUnread,
    onReconnect,
    timers: {
      setTimeout: (fn, ms) => {
        const timer = { fn, ms, cleared: false };
        pending.push(timer);
        return timer;
      },
      clearTimeout: (handle) => {
        (handle as { cleared: boolean }).cleared = true;
      },
    },
  });
  const fire = () => {
    const timer = pending.shift();
    if (timer && !timer.cleared) timer.fn();
    return timer?.ms;
  };
  return { sut, sources, pending, fire, onNotification, onUnread, onReconnect };
}

const event: NotificationStreamEvent = {
  notification: {
    id: 'n1',
    type: 'file-entry-shared',
    created_at: '2026-11-22T12:00:00.000Z',
    read_at: null,
    data: { lines: [] },
  },
  unreadCount: 3,
};

describe('NotificationStream', () => {
  it('backs off 1 s, 2 s, 4 s ... up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('opens one source and hands on notification and unread events', () => {
    const { sut, sources, onNotification, onUnread } = setUp();
    sut.start();
    sut.start();
    expect(sources).toHaveLength(1);
    expect(sources[0].url).toBe('/api/v1/notifications/stream');
    sources[0].emit('notification', JSON.stringify(event));
    sources[0].emit('unread', JSON.stringify({ unreadCount: 0 }));
    sources[0].emit('unread', 'not json');
    expect(onNotification).toHaveBeenCalledWith(event);
    expect(onUnread).toHaveBeenCalledTimes(1);
    expect(onUnread).toHaveBeenCalledWith({ unreadCount: 0 });
  });

  it('reconnects after errors with growing delays, and resets them once open', () => {
    const { sut, sources, fire, onReconnect } = setUp();
    sut.start();
    sources[0].onopen?.(new Event('open'));
    sources[0].onerror?.(new Event('error'));
    expect(sources[0].closed).toBe(true);
    expect(fire()).toBe(1000);
    expect(sources).toHaveLength(2);
    sources[1].onerror?.(new Event('error'));
    expect(fire()).toBe(2000);
    sources[2].onopen?.(new Event('open'));
    expect(onReconnect).toHaveBeenCalledTimes(1);
    sources[2].onerror?.(new Event('error'));
    expect(fire()).toBe(1000);
    expect(sources).toHaveLength(4);
  });

  it('closes on stop and does not come back', () => {
    const { sut, sources, pending, fire } = setUp();
    sut.start();
    sources[0].onerror?.(new Event('error'));
    sut.stop();
    expect(pending[0].cleared).toBe(true);
    fire();
    expect(sources).toHaveLength(1);
    sut.start();
    expect(sources).toHaveLength(2);
    sut.stop();
    expect(sources[1].closed).toBe(true);
  });
});
