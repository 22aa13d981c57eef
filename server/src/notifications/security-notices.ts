import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { escapeHtml } from '../mail/templates.ts';
import type { Notifier } from './notification.service.ts';

export type SignIn = {
  ip: string;
  baseUrl: string;
  browser: string | null;
  platform: string | null;
  city: string | null;
  country: string | null;
};

const ACCOUNT = '/account-settings';

/**
 * Security notifications: a sign-in from a browser + platform the user has not signed
 * in from before, and two-factor authentication turned on or off. The first device an account
 * ever signs in from is only remembered. Never throws: a failure is logged, the sign-in goes on.
 */
export class SecurityNotices {
  private readonly db: Database;
  private readonly notifier: Notifier;
  private readonly logger: Logger;
  constructor(deps: { db: Database; notifier: Notifier; logger: Logger }) {
    this.db = deps.db;
    this.notifier = deps.notifier;
    this.logger = deps.logger;
  }

  async signedIn(userId: number, s: SignIn): Promise<void> {
    try {
      const device = `${s.browser ?? 'Unknown browser'}|${s.platform ?? 'Unknown platform'}`.slice(0, 200);
      const known = await this.db
        .selectFrom('sign_in_devices')
        .select('device')
        .where('user_id', '=', userId)
        .execute();
      if (known.some((k) => k.device === device)) return;
      const res = await this.db
        .insertInto('sign_in_devices')
        .values({ user_id: userId, device, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['user_id', 'device']).doNothing())
        .executeTakeFirst();
      // Another sign-in recorded it at the same moment, or this is the account's first device.
      if (!Number(res.numInsertedOrUpdatedRows ?? 0) || !known.length) return;
      const where = [s.city, s.country].filter(Boolean).join(', ');
      const browser = escapeHtml(s.browser ?? 'an unknown browser');
      const platform = escapeHtml(s.platform ?? 'an unknown platform');
      const from = `<strong>${browser}</strong> on <strong>${platform}</strong>`;
      await this.notifier.notify(userId, {
        type: 'new-sign-in',
        baseUrl: s.baseUrl,
        data: {
          lines: [
            {
              type: 'primary',
              content: `New sign-in to your account from ${from}${where ? ` in ${escapeHtml(where)}` : ''}`,
            },
            { type: 'other', content: 'If this was not you, change your password and log out other sessions.' },
          ],
          mainAction: { action: ACCOUNT, label: 'Review' },
          ip: s.ip,
        },
      });
    } catch (err) {
      this.logger.error({ err, userId }, 'could not check a sign-in for a new device');
    }
  }

  async twoFactorChanged(userId: number, enabled: boolean, baseUrl: string): Promise<void> {
    const state = enabled ? 'on' : 'off';
    try {
      await this.notifier.notify(userId, {
        type: 'two-factor-changed',
        baseUrl,
        data: {
          lines: [
            {
              type: 'primary',
              content: `Two-factor authentication was turned <strong>${state}</strong> for your account`,
            },
            { type: 'other', content: 'If this was not you, change your password and log out other sessions.' },
          ],
          mainAction: { action: ACCOUNT, label: 'Review' },
          enabled,
        },
      });
    } catch (err) {
      this.logger.error({ err, userId }, 'could not send the two-factor notification');
    }
  }
}
