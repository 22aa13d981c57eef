import {
  type AccessToken,
  type AdminUserDetail,
  type EndAdminUserSessionsResponse,
  Permission,
  type UserSession,
} from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import type { AccessTokensRepository } from '../../auth/access-tokens.repository.ts';
import type { PasswordService } from '../../auth/password.service.ts';
import { presentSession } from '../../auth/session.service.ts';
import type { SessionsRepository } from '../../auth/sessions.repository.ts';
import { systemClock, type Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import { immediateTransaction } from '../../drive/owner-transaction.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import type { SecurityNotices } from '../../notifications/security-notices.ts';
import type { UserRow } from '../../users/users.repository.ts';
import type { AuditService, AuditSource } from '../audit/audit.service.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { presentAdminUserDetail } from './admin-user.presenter.ts';
import type { AdminUsersRepository } from './admin-users.repository.ts';
import { guardAdminTarget } from './admin-targets.ts';

type Deps = {
  db: Database;
  dialect: Dialect;
  accounts: AccountsRepository;
  list: AdminUsersRepository;
  sessions: Pick<SessionsRepository, 'listActiveOfUser'>;
  tokens: Pick<AccessTokensRepository, 'listOfUser'>;
  passwords: Pick<PasswordService, 'mailResetLink'>;
  notices?: Pick<SecurityNotices, 'twoFactorChanged'>;
  audit: AuditService;
  defaultSpace: () => Promise<number>;
  clock?: Clock;
};

/** Where the change came from, and the origin links in mail and notifications point to. */
export type SecuritySource = AuditSource & { baseUrl: string };

/**
 * The security tab of a user (admin area, users; permission users.update), for support cases:
 * their sessions and API tokens (seen and ended), two-factor sign-in turned off, a password reset
 * link mailed. Changes to an admin's account are for admins (admin-targets.ts); each is audit-logged.
 */
export class UserSecurity {
  private readonly deps: Deps;
  private readonly clock: Clock;
  constructor(deps: Deps) {
    this.deps = deps;
    this.clock = deps.clock ?? systemClock;
  }

  /** The user's live sessions, most recently active first (none is the caller's). */
  async sessions(actor: Actor, userId: number): Promise<UserSession[]> {
    actor.authorize(Permission.usersUpdate);
    await this.load(userId);
    const rows = await this.deps.sessions.listActiveOfUser(userId, this.clock().toISOString());
    return rows.map((row) => presentSession(row, null));
  }

  /** Logs the user out everywhere. */
  async endSessions(source: AuditSource, userId: number): Promise<EndAdminUserSessionsResponse> {
    return this.change(source, userId, async (row, trx) => {
      const ended = await this.deps.accounts.endSessionsOf(userId, trx);
      await this.record(source, 'user.sessions_end', row, trx, { after: { ended } });
      return { ended };
    });
  }

  /** Turns two-factor sign-in off; the user gets the security notice of a change to it. 409 when it is off. */
  async disableTwoFactor(source: SecuritySource, userId: number): Promise<AdminUserDetail> {
    const was = await this.change(source, userId, async (row, trx) => {
      if (!row.two_factor_secret && !row.two_factor_confirmed_at)
        throw conflict('Two-factor authentication is not on for this user.');
      await this.deps.accounts.clearTwoFactor(userId, this.clock().toISOString(), trx);
      const enabled = Boolean(row.two_factor_confirmed_at);
      await this.record(source, 'user.two_factor_off', row, trx, {
        before: { two_factor: enabled ? 'on' : 'being set up' },
        after: { two_factor: 'off' },
      });
      return enabled;
    });
    // Only turning off a confirmed setup is news to the user, as when they do it themselves.
    if (was) await this.deps.notices?.twoFactorChanged(userId, false, source.baseUrl);
    const { list, accounts, defaultSpace } = this.deps;
    return presentAdminUserDetail(await this.load(userId), { list, accounts, defaultSpace, at: this.clock() });
  }

  /** Mails the user a password reset link (the one before stops working). */
  async sendPasswordReset(source: SecuritySource, userId: number): Promise<void> {
    source.actor.authorize(Permission.usersUpdate);
    const row = await this.load(userId);
    await guardAdminTarget(source.actor, this.deps.accounts, userId);
    await this.deps.passwords.mailResetLink(row, source.baseUrl);
    await this.record(source, 'user.password_reset_mail', row, this.deps.db, {});
  }

  /** The user's API tokens (never their secrets), newest first. */
  async tokens(actor: Actor, userId: number): Promise<AccessToken[]> {
    actor.authorize(Permission.usersUpdate);
    await this.load(userId);
    return this.deps.tokens.listOfUser(userId);
  }

  /** Revokes one of the user's API tokens; 404 for a token that is not theirs. */
  async revokeToken(source: AuditSource, userId: number, tokenId: number): Promise<void> {
    await this.change(source, userId, async (row, trx) => {
      const name = await this.deps.accounts.deleteToken(userId, tokenId, trx);
      if (name === undefined) throw notFound('Token not found.');
      await this.record(source, 'user.token_revoke', row, trx, { before: { token: { id: tokenId, name } } });
    });
  }

  /** A change to the user in one transaction: authorised, the user locked and read again, guarded. */
  private change<T>(source: AuditSource, userId: number, work: (row: UserRow, trx: Database) => Promise<T>) {
    source.actor.authorize(Permission.usersUpdate);
    return immediateTransaction(this.deps.db, this.deps.dialect, async (trx) => {
      const row = await this.deps.accounts.lockUser(userId, trx);
      if (!row) throw notFound('User not found.');
      await guardAdminTarget(source.actor, this.deps.accounts, userId, trx);
      return work(row, trx);
    });
  }

  private record(
    source: AuditSource,
    action: string,
    row: UserRow,
    db: Database,
    values: { before?: unknown; after?: unknown },
  ): Promise<void> {
    return this.deps.audit.record(
      source,
      { action, targetType: 'user', targetId: row.id, targetLabel: row.email, ...values },
      db,
    );
  }

  private async load(userId: number): Promise<UserRow> {
    const row = await this.deps.accounts.getById(userId);
    if (!row) throw notFound('User not found.');
    return row;
  }
}
