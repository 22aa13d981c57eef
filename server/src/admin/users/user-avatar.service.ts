import { type AdminUserDetail, Permission } from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import { notFound } from '../../http/app-error.ts';
import type { AvatarInput, AvatarService } from '../../users/avatar.service.ts';
import type { UserRow } from '../../users/users.repository.ts';
import type { AuditService, AuditSource } from '../audit/audit.service.ts';
import type { AccountsRepository } from './accounts.repository.ts';

type Deps = {
  accounts: Pick<AccountsRepository, 'getById'>;
  avatars: Pick<AvatarService, 'upload' | 'remove'>;
  audit: AuditService;
  /** The user as the edit page shows them, read again after the change. */
  show: (actor: Actor, userId: number) => Promise<AdminUserDetail>;
};

/**
 * Staff set or remove a user's profile image from the edit page (users.update): the account's own
 * upload and removal (which also keep an admin's image for admins), plus an audit row with the image
 * before and after.
 */
export class AdminUserAvatar {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  async set(source: AuditSource, userId: number, input: AvatarInput): Promise<AdminUserDetail> {
    const before = await this.target(source, userId);
    const row = await this.deps.avatars.upload(source.actor, userId, input);
    await this.record(source, before, row.image);
    return this.deps.show(source.actor, userId);
  }

  async remove(source: AuditSource, userId: number): Promise<AdminUserDetail> {
    const before = await this.target(source, userId);
    await this.deps.avatars.remove(source.actor, userId);
    if (before.image) await this.record(source, before, null);
    return this.deps.show(source.actor, userId);
  }

  private async target(source: AuditSource, userId: number): Promise<UserRow> {
    source.actor.authorize(Permission.usersUpdate);
    const row = await this.deps.accounts.getById(userId);
    if (!row) throw notFound('User not found.');
    return row;
  }

  private record(source: AuditSource, before: UserRow, image: string | null) {
    return this.deps.audit.record(source, {
      action: 'user.update',
      targetType: 'user',
      targetId: before.id,
      targetLabel: before.email,
      before: { image: before.image },
      after: { image },
    });
  }
}
