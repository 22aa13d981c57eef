import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationsResponse } from '@kosh/contracts';
import { queryKeys } from '../../api/query-keys.ts';
import { applyNotificationEvent, applyUnreadEvent, hasUnread, prependNotification } from './notification-cache.ts';

const notification = (id: string, read = false): Notification => ({
  id,
  type: 'file-entry-shared',
  created_at: '2026-11-22T12:00:00.000Z',
  read_at: read ? '2026-11-22T12:01:00.000Z' : null,
  data: { lines: [{ type: 'primary', content: `n ${id}` }] },
});
const list = (ids: string[], perPage = 3, total = ids.length): NotificationsResponse => ({
  pagination: {
    data: ids.map((id) => notification(id, true)),
    current_page: 1,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  },
});

describe('notification cache', () => {
  it('puts a live notification first and counts it', () => {
    const sut = prependNotification(list(['b', 'a']), notification('c'));
    expect(sut?.pagination.data.map((n) => n.id)).toEqual(['c', 'b', 'a']);
    expect(sut?.pagination.total).toBe(3);
    expect(sut?.pagination.last_page).toBe(1);
  });

  it('keeps the page at its size and grows the page count', () => {
    const sut = prependNotification(list(['c', 'b', 'a']), notification('d'));
    expect(sut?.pagination.data.map((n) => n.id)).toEqual(['d', 'c', 'b']);
    expect(sut?.pagination.total).toBe(4);
    expect(sut?.pagination.last_page).toBe(2);
  });

  it('ignores a notification already listed and a list not loaded', () => {
    const data = list(['b', 'a']);
    expect(prependNotification(data, notification('a'))).toBe(data);
    expect(prependNotification(undefined, notification('a'))).toBeUndefined();
  });

  it('tells whether anything listed is unread', () => {
    expect(hasUnread(list(['a']))).toBe(false);
    expect(hasUnread(prependNotification(list(['a']), notification('b')))).toBe(true);
    expect(hasUnread(undefined)).toBe(false);
  });
});

describe('live events on the query cache', () => {
  const setUp = () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const counts: number[] = [];
    return { client, counts, setUnread: (n: number) => counts.push(n) };
  };

  it('tops the cached list and sets the count on a notification event', () => {
    const { client, counts, setUnread } = setUp();
    client.setQueryData(queryKeys.notifications.list, list(['a']));
    applyNotificationEvent(client, { notification: notification('b'), unreadCount: 4 }, setUnread);
    const cached = client.getQueryData<NotificationsResponse>(queryKeys.notifications.list);
    expect(cached?.pagination.data.map((n) => n.id)).toEqual(['b', 'a']);
    expect(counts).toEqual([4]);
  });

  it('leaves an unloaded list unloaded, still counting', () => {
    const { client, counts, setUnread } = setUp();
    applyNotificationEvent(client, { notification: notification('b'), unreadCount: 1 }, setUnread);
    expect(client.getQueryData(queryKeys.notifications.list)).toBeUndefined();
    expect(counts).toEqual([1]);
  });

  it('sets the count and marks the list stale on an unread event', async () => {
    const { client, counts, setUnread } = setUp();
    client.setQueryData(queryKeys.notifications.list, list(['a']));
    await applyUnreadEvent(client, { unreadCount: 0 }, setUnread);
    expect(counts).toEqual([0]);
    expect(client.getQueryState(queryKeys.notifications.list)?.isInvalidated).toBe(true);
  });
});
