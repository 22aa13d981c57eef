import type { Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { PushSubscriptionsTable } from '../db/schema.ts';

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type Selection = { notif_id: string; email: boolean; browser: boolean };

/** A user's channel choices per notification type, and their browsers' Web Push subscriptions. */
export class SubscriptionsRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async selectionsOf(userId: number): Promise<Selection[]> {
    const rows = await this.db
      .selectFrom('notification_subscriptions')
      .select(['notif_id', 'email', 'browser'])
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => ({ notif_id: r.notif_id, email: r.email === 1, browser: r.browser === 1 }));
  }

  async selectionOf(userId: number, notifId: string): Promise<Selection | undefined> {
    const row = await this.db
      .selectFrom('notification_subscriptions')
      .select(['notif_id', 'email', 'browser'])
      .where('user_id', '=', userId)
      .where('notif_id', '=', notifId)
      .executeTakeFirst();
    return row && { notif_id: row.notif_id, email: row.email === 1, browser: row.browser === 1 };
  }

  async saveSelections(userId: number, selections: Selection[], at: string): Promise<void> {
    if (!selections.length) return;
    await this.db.transaction().execute(async (trx) => {
      for (const s of selections) {
        const row = {
          user_id: userId,
          notif_id: s.notif_id,
          email: s.email ? 1 : 0,
          browser: s.browser ? 1 : 0,
          updated_at: at,
        };
        await trx
          .insertInto('notification_subscriptions')
          .values(row)
          .onConflict((oc) =>
            oc.columns(['user_id', 'notif_id']).doUpdateSet({ email: row.email, browser: row.browser, updated_at: at }),
          )
          .execute();
      }
    });
  }

  /** Saves a browser's subscription for the user; an endpoint seen before moves to this user. */
  async savePush(userId: number, sub: { endpoint: string; p256dh: string; auth: string }, at: string): Promise<void> {
    await this.db
      .insertInto('push_subscriptions')
      .values({
        user_id: userId,
        endpoint: sub.endpoint,
        p256dh: sub.p256dh,
        auth: sub.auth,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: sub.p256dh, auth: sub.auth, updated_at: at }),
      )
      .execute();
  }

  pushOf(userId: number): Promise<PushSubscriptionRow[]> {
    return this.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  }

  async countPushOf(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Removes the user's subscription with this endpoint; answers whether one was removed. */
  async deletePush(userId: number, endpoint: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /** A subscription the push service reports gone (404/410). */
  async deletePushById(id: number): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }
}
