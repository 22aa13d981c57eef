import {
  NOTIFICATION_CHANNELS,
  type NotificationSubscriptions,
  type PushSubscriptionBody,
  type UpdateSubscriptionsBody,
} from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import { now } from '../db/database.ts';
import { validation } from '../http/app-error.ts';
import { NOTIFICATION_CATALOGUE, defaultChannels } from './notification-types.ts';
import type { SubscriptionsRepository } from './subscriptions.repository.ts';
import { endpointProblem } from './web-push.ts';

/** Browsers one user may register for Web Push. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 20;

/** The notification settings page (part 1, 2.6) and the browsers subscribed to Web Push. */
export class PreferencesService {
  private readonly subscriptions: SubscriptionsRepository;
  private readonly allowedHosts: string[];
  constructor(deps: { subscriptions: SubscriptionsRepository; allowedHosts: string[] }) {
    this.subscriptions = deps.subscriptions;
    this.allowedHosts = deps.allowedHosts;
  }

  /** Every type grouped, with the user's choice or the type's defaults. */
  async get(actor: Actor): Promise<NotificationSubscriptions> {
    const user = actor.requireUser();
    const chosen = new Map((await this.subscriptions.selectionsOf(user.id)).map((s) => [s.notif_id, s]));
    const subscriptions: NotificationSubscriptions['subscriptions'] = {};
    for (const t of NOTIFICATION_CATALOGUE) {
      const group = subscriptions[t.group] ?? [];
      group.push({ notif_id: t.id, name: t.name });
      subscriptions[t.group] = group;
    }
    return {
      available_channels: [...NOTIFICATION_CHANNELS],
      subscriptions,
      user_selections: NOTIFICATION_CATALOGUE.map((t) => {
        const s = chosen.get(t.id);
        return { notif_id: t.id, channels: s ? { email: s.email, browser: s.browser } : { ...t.defaults } };
      }),
    };
  }

  /** Saves the channels given; a channel left out keeps its current value. */
  async update(actor: Actor, body: UpdateSubscriptionsBody): Promise<void> {
    const user = actor.requireUser();
    const chosen = new Map((await this.subscriptions.selectionsOf(user.id)).map((s) => [s.notif_id, s]));
    const rows = body.selections.map((s) => {
      const current = chosen.get(s.notif_id) ?? defaultChannels(s.notif_id);
      return {
        notif_id: s.notif_id,
        email: s.channels.email ?? current.email,
        browser: s.channels.browser ?? current.browser,
      };
    });
    await this.subscriptions.saveSelections(user.id, rows, now());
  }

  async subscribePush(actor: Actor, body: PushSubscriptionBody): Promise<void> {
    const user = actor.requireUser();
    const problem = endpointProblem(body.endpoint, this.allowedHosts);
    if (problem) throw validation({ endpoint: [problem] });
    // web-push needs a P-256 public key (65 bytes, uncompressed) and a 16-byte auth secret.
    const key = Buffer.from(body.keys.p256dh, 'base64url');
    if (key.length !== 65 || key[0] !== 4) throw validation({ 'keys.p256dh': ['The browser key is not valid.'] });
    if (Buffer.from(body.keys.auth, 'base64url').length !== 16)
      throw validation({ 'keys.auth': ['The browser secret is not valid.'] });
    if ((await this.subscriptions.countPushOf(user.id)) >= PUSH_SUBSCRIPTIONS_PER_USER) {
      throw validation({ endpoint: ['Too many browsers are subscribed. Unsubscribe one first.'] });
    }
    await this.subscriptions.savePush(
      user.id,
      { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
      now(),
    );
  }

  async unsubscribePush(actor: Actor, endpoint: string): Promise<void> {
    const user = actor.requireUser();
    await this.subscriptions.deletePush(user.id, endpoint);
  }
}
