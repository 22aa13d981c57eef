import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { escapeHtml } from '../mail/templates.ts';
import type { Notifier } from '../notifications/notification.service.ts';
import type { PlansRepository } from './plans.repository.ts';
import { subscriptionState } from './subscription-state.ts';
import type { SubscriptionRow } from './subscriptions.repository.ts';

const DAY = 86_400_000;
/** How long before a cancelled plan ends its subscriber is reminded. */
export const ENDING_NOTICE_DAYS = 3;
/** Plans that ended longer ago than this are not announced (a first start on old data stays quiet). */
const ENDED_NOTICE_WINDOW_DAYS = 7;

type NoticeKind = 'subscription-cancelled' | 'subscription-ending' | 'subscription-ended';

/**
 * What a subscriber hears as their plan winds down (in the app and by mail, as their preferences
 * say): the cancellation with its end date, a reminder three days before the end, and the end
 * itself with what it means for their files. The reminders are claimed row by row, so with several
 * server processes each is sent once.
 */
export class SubscriptionNotices {
  private readonly db: Database;
  private readonly notifier: Notifier;
  private readonly plans: Pick<PlansRepository, 'getById'>;
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly ended: (row: SubscriptionRow) => Promise<void>;
  constructor(deps: {
    db: Database;
    notifier: Notifier;
    plans: Pick<PlansRepository, 'getById'>;
    logger: Logger;
    clock: Clock;
    /** Told once of each plan that ended, before its subscriber is (closing it at the gateway). */
    ended?: (row: SubscriptionRow) => Promise<void>;
  }) {
    this.db = deps.db;
    this.notifier = deps.notifier;
    this.plans = deps.plans;
    this.logger = deps.logger;
    this.clock = deps.clock;
    this.ended = deps.ended ?? (async () => undefined);
  }

  /** After the gateway's state was written: a plan newly set to end is announced. */
  async changed(before: SubscriptionRow | undefined, after: SubscriptionRow): Promise<void> {
    if (after.ends_at === null || before?.ends_at) return;
    if (subscriptionState(after, this.clock()) !== 'cancelled') return;
    await this.tell('subscription-cancelled', after);
  }

  /** The hourly run: reminders of plans ending within three days, and news of plans that ended. */
  async remind(): Promise<{ ending: number; ended: number }> {
    const now = this.clock();
    const at = now.toISOString();
    const ending = await this.claimEach(
      this.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('ends_at', '>', at)
        .where('ends_at', '<=', new Date(now.getTime() + ENDING_NOTICE_DAYS * DAY).toISOString())
        .where('ending_notice_at', 'is', null)
        .execute(),
      'ending_notice_at',
      'subscription-ending',
    );
    const ended = await this.claimEach(
      this.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('ends_at', '<=', at)
        .where('ends_at', '>', new Date(now.getTime() - ENDED_NOTICE_WINDOW_DAYS * DAY).toISOString())
        .where('ended_notice_at', 'is', null)
        .execute(),
      'ended_notice_at',
      'subscription-ended',
    );
    return { ending, ended };
  }

  private async claimEach(
    rows: Promise<SubscriptionRow[]>,
    column: 'ending_notice_at' | 'ended_notice_at',
    kind: NoticeKind,
  ): Promise<number> {
    let told = 0;
    for (const row of await rows) {
      const claimed = await this.db
        .updateTable('subscriptions')
        .set({ [column]: this.clock().toISOString() })
        .where('id', '=', row.id)
        .where(column, 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      if (kind === 'subscription-ended')
        await this.ended(row).catch((err: unknown) =>
          this.logger.warn({ err, subscriptionId: row.id }, 'could not close an ended subscription at its gateway'),
        );
      await this.tell(kind, row).catch((err: unknown) =>
        this.logger.warn({ err, subscriptionId: row.id }, 'could not send a subscription notice'),
      );
      told++;
    }
    return told;
  }

  private async tell(kind: NoticeKind, row: SubscriptionRow): Promise<void> {
    const plan = escapeHtml((await this.plans.getById(row.product_id))?.name ?? 'your plan');
    const day = row.ends_at ? new Date(row.ends_at).toUTCString().slice(0, 16) : '';
    const content = {
      'subscription-cancelled': `Your plan <strong>${plan}</strong> is cancelled. You keep it until ${day}.`,
      'subscription-ending': `Your plan <strong>${plan}</strong> ends on ${day}. Renew it to keep its storage.`,
      'subscription-ended':
        `Your plan <strong>${plan}</strong> has ended. Your files are kept; while they take more than your ` +
        'free storage, new uploads are refused.',
    }[kind];
    const action =
      kind === 'subscription-ended'
        ? { action: '/pricing', label: 'See plans' }
        : { action: '/billing', label: kind === 'subscription-ending' ? 'Renew plan' : 'Billing' };
    await this.notifier.notify(row.user_id, {
      type: kind,
      data: { lines: [{ type: 'primary', content, action }], mainAction: action, subscriptionId: row.id },
    });
  }
}
