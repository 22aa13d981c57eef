import type { MarkAsReadBody, NotificationsQuery, NotificationsResponse } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import { now } from '../db/database.ts';
import type { LiveHub } from './live-hub.ts';
import { presentNotification } from './notification.service.ts';
import type { NotificationsRepository } from './notifications.repository.ts';

/** The user's own notifications: the popover and page list, mark-as-read and clear (part 1, 7.2). */
export class InboxService {
  private readonly repo: NotificationsRepository;
  private readonly hub: LiveHub;
  constructor(deps: { repo: NotificationsRepository; hub: LiveHub }) {
    this.repo = deps.repo;
    this.hub = deps.hub;
  }

  async list(actor: Actor, query: NotificationsQuery): Promise<NotificationsResponse> {
    const user = actor.requireUser();
    const total = await this.repo.countOfUser(user.id);
    const rows = await this.repo.listOfUser(user.id, query.perPage, (query.page - 1) * query.perPage);
    return {
      pagination: {
        data: rows.map(presentNotification),
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(total / query.perPage)),
        per_page: query.perPage,
        total,
      },
    };
  }

  /** Marks the caller's notifications read; ids of anyone else's change nothing. */
  async markAsRead(actor: Actor, body: MarkAsReadBody): Promise<{ unreadCount: number }> {
    const user = actor.requireUser();
    await this.repo.markRead(user.id, 'ids' in body ? body.ids : null, now());
    await this.hub.publish({ userId: user.id });
    return { unreadCount: await this.repo.unreadCount(user.id) };
  }

  async clear(actor: Actor): Promise<void> {
    const user = actor.requireUser();
    await this.repo.clear(user.id);
    await this.hub.publish({ userId: user.id });
  }

  unreadCount(userId: number): Promise<number> {
    return this.repo.unreadCount(userId);
  }
}
