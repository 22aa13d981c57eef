import { createHash, randomBytes } from 'node:crypto';
import { SHARE_INVITE_TYPE, type SharePermission } from '@kosh/contracts';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../clock.ts';
import type { InviteLookup } from '../auth/registration.service.ts';
import type { FileEntriesRepository } from '../drive/file-entries.repository.ts';
import type { Notifier } from '../notifications/notification.service.ts';
import { sendSharedNotification } from './share-notification.ts';
import { displayName, type SharesRepository } from './shares.repository.ts';

/** A fresh invitation token (mailed) and the hash that is stored. */
export function newInviteToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: inviteTokenHash(token) };
}
export const inviteTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

type Invite = { type: string | undefined; id: string | number | undefined };

/**
 * Shares with an address that has no account wait as invitations; they apply to the account
 * that registers the address once the address is shown to be theirs: by the token of the
 * invitation mail, by the verification code, or at once where the install does not ask for
 * verification (it takes every address as given there).
 */
export class ShareInvitations implements InviteLookup {
  private readonly shares: SharesRepository;
  private readonly entries: FileEntriesRepository;
  private readonly notifier: Notifier;
  private readonly logger: Logger;
  private readonly clock: Clock;
  constructor(deps: {
    shares: SharesRepository;
    entries: FileEntriesRepository;
    notifier: Notifier;
    logger: Logger;
    clock?: Clock;
  }) {
    this.shares = deps.shares;
    this.entries = deps.entries;
    this.notifier = deps.notifier;
    this.logger = deps.logger;
    this.clock = deps.clock ?? systemClock;
  }

  /** A share invitation lets its address register while registration is disabled (spec part 1, 6). */
  async allowsRegistration(invite: Invite & { email: string }): Promise<boolean> {
    return this.isProof(invite, invite.email);
  }

  /**
   * After registration: claims the address's invitations when the address is proven. Answers how
   * many; never throws (a failure is logged, the account stands, verification claims again).
   */
  async afterRegistration(
    user: { id: number; email: string },
    invite: Invite,
    addressTrusted: boolean,
  ): Promise<number> {
    try {
      if (!addressTrusted && !(await this.isProof(invite, user.email))) return 0;
      return await this.claim(user);
    } catch (err) {
      this.logger.error({ err, userId: user.id }, 'could not apply share invitations after registration');
      return 0;
    }
  }

  /** After the address is verified by code; never throws. */
  async afterVerification(user: { id: number; email: string }): Promise<number> {
    try {
      return await this.claim(user);
    } catch (err) {
      this.logger.error({ err, userId: user.id }, 'could not apply share invitations after verification');
      return 0;
    }
  }

  private async isProof(invite: Invite, email: string): Promise<boolean> {
    if (invite.type !== SHARE_INVITE_TYPE || typeof invite.id !== 'string' || !invite.id) return false;
    return this.shares.hasPendingToken(email, inviteTokenHash(invite.id));
  }

  /** Gives every pending share of the address to the user, with one notification per sharer. */
  private async claim(user: { id: number; email: string }): Promise<number> {
    const at = this.clock().toISOString();
    const claimed = await this.shares.claimPending(user.email, user.id, at);
    const bySharer = new Map<number, typeof claimed>();
    for (const share of claimed) bySharer.set(share.owner_id, [...(bySharer.get(share.owner_id) ?? []), share]);
    const people = await this.shares.people([...bySharer.keys()]);
    for (const [sharerId, shares] of bySharer) {
      const entries = (await this.entries.getManyByIds(shares.map((s) => s.file_entry_id))).filter(
        (e) => !e.deleted_at,
      );
      const sharer = people.get(sharerId);
      if (!entries.length || !sharer) continue;
      const permission = shares[0].permission as SharePermission;
      await sendSharedNotification(this.notifier, {
        recipientId: user.id,
        sharer: { id: sharerId, name: displayName(sharer) },
        entries,
        permission,
      }).catch((err: unknown) => this.logger.warn({ err, userId: user.id }, 'could not store the share notification'));
    }
    return claimed.length;
  }
}

/** Several invitation kinds in one lookup: any one that allows the registration does. */
export const anyInvite = (...lookups: InviteLookup[]): InviteLookup => ({
  allowsRegistration: async (invite) => {
    for (const lookup of lookups) if (await lookup.allowsRegistration(invite)) return true;
    return false;
  },
});
