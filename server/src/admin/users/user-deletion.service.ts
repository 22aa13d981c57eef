import { type DeleteAdminUsersResponse, Permission } from '@kosh/contracts';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import { immediateTransaction } from '../../drive/owner-transaction.ts';
import type { StorageDeletions } from '../../drive/storage-deletions.ts';
import { AppError, conflict, forbidden, notFound } from '../../http/app-error.ts';
import type { AvatarService } from '../../users/avatar.service.ts';
import type { UserRow } from '../../users/users.repository.ts';
import type { AuditService, AuditSource } from '../audit/audit.service.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { guardAdminTarget } from './admin-targets.ts';
import { LAST_ADMIN } from './user-editor.service.ts';

export const NOT_YOURSELF = 'You cannot delete your own account here. Use the account settings page.';
export const ONLY_ADMIN_LEAVING =
  'You are the only administrator. Make another user an administrator before deleting this account.';

type Deps = {
  db: Database;
  dialect: Dialect;
  accounts: AccountsRepository;
  audit: AuditService;
  deletions: Pick<StorageDeletions, 'enqueueOwner' | 'kick'>;
  avatars: Pick<AvatarService, 'removeFileOf'>;
  /** Ends the user's subscriptions at the gateway (billing/subscription-cancellation.ts); 502 when it cannot. */
  cancelSubscriptions: (userId: number) => Promise<void>;
  logger: Logger;
  clock?: Clock;
};

/**
 * Staff delete accounts (admin area, users; permission users.update). One transaction removes the
 * user's entries and queues their stored bytes (drive/storage-deletions.ts), then removes the user:
 * sessions, API tokens, shareable links, shares both ways, workspaces they own with their members
 * and invitations, stars, notifications and the rest go with it (foreign keys cascade). The bytes
 * are deleted after the answer, in the background. What the user put in someone else's shared
 * folder or workspace stays: an entry belongs to the owner of the drive it is in, never to whoever
 * uploaded it. Never the caller's own account, never the last holder of admin.
 *
 * Before anything is removed, the user's subscriptions are cancelled at the gateway, so a deleted
 * user is never charged again. When the gateway cannot be reached the deletion is refused (502)
 * and nothing is removed: a user who is still there can be deleted again later, while a deleted
 * one still paying could not be told apart. The refusals that need no gateway are checked first,
 * so a deletion that would be refused cancels nothing.
 */
export class UserDeletion {
  private readonly deps: Deps;
  private readonly clock: Clock;
  constructor(deps: Deps) {
    this.deps = deps;
    this.clock = deps.clock ?? systemClock;
  }

  async deleteOne(source: AuditSource, userId: number): Promise<void> {
    source.actor.authorize(Permission.usersUpdate);
    await this.remove(source, userId);
    this.deps.deletions.kick();
  }

  /** Each id answers for itself; the bytes of all of them are deleted after the answer. */
  async deleteMany(source: AuditSource, ids: number[]): Promise<DeleteAdminUsersResponse> {
    source.actor.authorize(Permission.usersUpdate);
    const results: DeleteAdminUsersResponse['results'] = [];
    for (const id of new Set(ids)) {
      try {
        await this.remove(source, id);
        results.push({ id, ok: true });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ id, ok: false, message: error.message });
      }
    }
    this.deps.deletions.kick();
    return { results, deleted: results.filter((r) => r.ok).length };
  }

  private async remove(source: AuditSource, userId: number): Promise<void> {
    const { accounts } = this.deps;
    if (source.actor.user?.id === userId) throw forbidden(NOT_YOURSELF);
    await this.cancelSubscriptionsOf(userId, LAST_ADMIN, async () => {
      await guardAdminTarget(source.actor, accounts, userId);
    });
    const row = await immediateTransaction(this.deps.db, this.deps.dialect, async (trx): Promise<UserRow> => {
      await accounts.lockAdminHolders(trx);
      const found = await accounts.lockUser(userId, trx);
      if (!found) throw notFound('User not found.');
      await guardAdminTarget(source.actor, accounts, userId, trx);
      const roles = await accounts.roleIdsOf(userId, trx);
      await this.erase(userId, trx, LAST_ADMIN);
      await this.deps.audit.record(
        source,
        {
          action: 'user.delete',
          targetType: 'user',
          targetId: userId,
          targetLabel: found.email,
          before: { email: found.email, first_name: found.first_name, last_name: found.last_name, roles },
        },
        trx,
      );
      return found;
    });
    await this.removeAvatar(row);
  }

  /**
   * The user's own account (account settings, after a password confirmation): the same erasure
   * as staff deleting it, and still never the last holder of admin. Not in the admin audit log,
   * which records what staff do.
   */
  async deleteOwn(userId: number): Promise<void> {
    const { accounts } = this.deps;
    await this.cancelSubscriptionsOf(userId, ONLY_ADMIN_LEAVING);
    const row = await immediateTransaction(this.deps.db, this.deps.dialect, async (trx): Promise<UserRow> => {
      await accounts.lockAdminHolders(trx);
      const found = await accounts.lockUser(userId, trx);
      if (!found) throw notFound('User not found.');
      await this.erase(userId, trx, ONLY_ADMIN_LEAVING);
      return found;
    });
    await this.removeAvatar(row);
    this.deps.deletions.kick();
  }

  /**
   * In the caller's transaction: the entries go and their bytes are queued, then the user row.
   * Refused when it takes the last holder of admin (a site that has none may still lose users).
   */
  private async erase(userId: number, trx: Database, lastAdmin: string): Promise<void> {
    const { accounts } = this.deps;
    const hadAdmin = await accounts.anyAdmin(trx);
    await this.deps.deletions.enqueueOwner(userId, this.clock().toISOString(), trx);
    await accounts.deleteEntriesOf(userId, trx);
    await accounts.delete(userId, trx);
    if (hadAdmin && !(await accounts.anyAdmin(trx))) throw conflict(lastAdmin);
  }

  /**
   * The refusals of the transaction that follows, read without it (a change in between is caught
   * there again), then the cancellation at the gateway.
   */
  private async cancelSubscriptionsOf(userId: number, lastAdmin: string, guard?: () => Promise<void>): Promise<void> {
    const { accounts } = this.deps;
    if (!(await accounts.getById(userId))) throw notFound('User not found.');
    await guard?.();
    if (await accounts.isOnlyAdmin(userId)) throw conflict(lastAdmin);
    await this.deps.cancelSubscriptions(userId);
  }

  private async removeAvatar(row: UserRow): Promise<void> {
    await this.deps.avatars
      .removeFileOf(row)
      .catch((error: unknown) =>
        this.deps.logger.warn({ err: error, userId: row.id }, 'avatar of a deleted user left'),
      );
  }
}
