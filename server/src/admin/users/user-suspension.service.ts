import { type AdminUserDetail, Permission, type SuspendAdminUserBody } from '@kosh/contracts';
import { systemClock, type Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import { immediateTransaction } from '../../drive/owner-transaction.ts';
import { forbidden, notFound, validation } from '../../http/app-error.ts';
import { isSuspended } from '../../users/suspension.ts';
import type { UserRow } from '../../users/users.repository.ts';
import type { AuditService, AuditSource } from '../audit/audit.service.ts';
import { startOfDay } from '../list-page.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { presentAdminUserDetail } from './admin-user.presenter.ts';
import type { AdminUsersRepository } from './admin-users.repository.ts';

export const NOT_AN_ADMIN = 'An admin cannot be suspended. Take the admin permission away first.';
export const NOT_YOURSELF = 'You cannot suspend your own account.';

type Deps = {
  db: Database;
  dialect: Dialect;
  accounts: AccountsRepository;
  list: AdminUsersRepository;
  audit: AuditService;
  defaultSpace: () => Promise<number>;
  clock?: Clock;
};

/** The suspension columns as the audit log records them. */
const suspensionOf = (row: Pick<UserRow, 'banned_at' | 'banned_until' | 'ban_reason'>, at: Date) =>
  isSuspended(row, at) ? { until: row.banned_until, reason: row.ban_reason } : null;

/**
 * Suspending an account (admin area, users; permission users.update): until a date or for good.
 * Its sessions end in the same transaction; signing in (users/suspension.ts, at the one place
 * sessions start), its API tokens and its shareable links answer as for nobody while it lasts.
 * Nothing is deleted, so lifting the suspension, or its end date passing, gives everything back.
 */
export class UserSuspension {
  private readonly deps: Deps;
  private readonly clock: Clock;
  constructor(deps: Deps) {
    this.deps = deps;
    this.clock = deps.clock ?? systemClock;
  }

  async suspend(source: AuditSource, userId: number, body: SuspendAdminUserBody): Promise<AdminUserDetail> {
    source.actor.authorize(Permission.usersUpdate);
    if (source.actor.user?.id === userId) throw forbidden(NOT_YOURSELF);
    const at = this.clock();
    const until = body.until ? startOfDay(body.until) : null;
    if (until && Date.parse(until) <= at.getTime()) throw validation({ until: ['The end date must be after today.'] });
    const { accounts } = this.deps;
    await immediateTransaction(this.deps.db, this.deps.dialect, async (trx) => {
      const row = await accounts.lockUser(userId, trx);
      if (!row) throw notFound('User not found.');
      if (await accounts.holdsAdmin(userId, trx)) throw forbidden(NOT_AN_ADMIN);
      const reason = body.reason || null;
      await accounts.update(
        userId,
        { banned_at: at.toISOString(), banned_until: until, ban_reason: reason, updated_at: at.toISOString() },
        trx,
      );
      await accounts.endSessionsOf(userId, trx);
      await this.deps.audit.record(
        source,
        {
          action: 'user.suspend',
          targetType: 'user',
          targetId: userId,
          targetLabel: row.email,
          before: { suspension: suspensionOf(row, at) },
          after: { suspension: { until, reason } },
        },
        trx,
      );
    });
    return this.detail(userId);
  }

  /** Lifts the suspension; a user who is not suspended is left as is, and nothing is recorded. */
  async unsuspend(source: AuditSource, userId: number): Promise<AdminUserDetail> {
    source.actor.authorize(Permission.usersUpdate);
    const at = this.clock();
    const { accounts } = this.deps;
    await immediateTransaction(this.deps.db, this.deps.dialect, async (trx) => {
      const row = await accounts.lockUser(userId, trx);
      if (!row) throw notFound('User not found.');
      if (!row.banned_at) return;
      await accounts.update(
        userId,
        { banned_at: null, banned_until: null, ban_reason: null, updated_at: at.toISOString() },
        trx,
      );
      // An ended suspension is cleared without a record: nothing changes for the user.
      if (!isSuspended(row, at)) return;
      await this.deps.audit.record(
        source,
        {
          action: 'user.unsuspend',
          targetType: 'user',
          targetId: userId,
          targetLabel: row.email,
          before: { suspension: suspensionOf(row, at) },
          after: { suspension: null },
        },
        trx,
      );
    });
    return this.detail(userId);
  }

  private async detail(userId: number): Promise<AdminUserDetail> {
    const { list, accounts, defaultSpace } = this.deps;
    const row = await accounts.getById(userId);
    if (!row) throw notFound('User not found.');
    return presentAdminUserDetail(row, { list, accounts, defaultSpace, at: this.clock() });
  }
}
