import { SHARE_INVITE_TYPE, type SharePermission } from '@kosh/contracts';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../clock.ts';
import type { InviteLookup } from '../auth/registration.service.ts';
import type { FileEntriesRepository } from '../drive/file-entries.repository.ts';
import { invitationTokenHash, type InvitationMailQuota } from '../mail/invitation-quota.ts';
import type { Notifier } from '../notifications/notification.service.ts';
import { sendSharedNotification } from './share-notification.ts';
import { displayName, type SharesRepository } from './shares.repository.ts';

type Invite = { type: string | undefined; id: string | number | undefined };

/** Other invitations handed over with the shares once an address is proven (workspace invites). */
export interface ProvenAddressListener {
  /** Does this invite (the token of its mail) prove the address? */
  proves(invite: Invite & { email: string }): Promise<boolean>;
  /** The address is proven: its pending invitations reach the account. Answers how many. */
  afterProof(user: { id: number; email: string }): Promise<number>;
}

/**
 * Shares with an address that has no account wait as invitations. They reach the account that
 * has the address only once the address is shown to be theirs: by the token of an invitation
 * mail (registering through its link), or by a completed email verification. Registering alone
 * proves nothing, even where the install does not ask for verification.
 */
export class ShareInvitations implements InviteLookup {
  private readonly shares: SharesRepository;
  private readonly entries: FileEntriesRepository;
  private readonly quota: Pick<InvitationMailQuota, 'proves' | 'spend'>;
  private readonly others: ProvenAddressListener[];
  private readonly notifier: Notifier;
  private readonly logger: Logger;
  private readonly clock: Clock;
  constructor(deps: {
    shares: SharesRepository;
    entries: FileEntriesRepository;
    quota: Pick<InvitationMailQuota, 'proves' | 'spend'>;
    others?: ProvenAddressListener[];
    notifier: Notifier;
    logger: Logger;
    clock?: Clock;
  }) {
    this.shares = deps.shares;
    this.entries = deps.entries;
    this.quota = deps.quota;
    this.others = deps.others ?? [];
    this.notifier = deps.notifier;
    this.logger = deps.logger;
    this.clock = deps.clock ?? systemClock;
  }

  /** A share invitation lets its address register while registration is disabled (spec part 1, 6). */
  async allowsRegistration(invite: Invite & { email: string }): Promise<boolean> {
    return this.isShareProof(invite, invite.email);
  }

  /**
   * After registration: when the registration carried the token of a mail to its address (a
   * share invitation's, or a workspace invite's id), the address is proven and its invitations
   * apply. Answers how many shares; never throws (a failure is logged, verification claims again).
   */
  async afterRegistration(user: { id: number; email: string }, invite: Invite): Promise<number> {
    try {
      const email = user.email.toLowerCase();
      const proven =
        (await this.isShareProof(invite, email)) || (await this.someOther((o) => o.proves({ ...invite, email })));
      return proven ? await this.handOver(user) : 0;
    } catch (err) {
      this.logger.error({ err, userId: user.id }, 'could not apply share invitations after registration');
      return 0;
    }
  }

  /** After the address is verified by code (or by a social provider); never throws. */
  async afterVerification(user: { id: number; email: string }): Promise<number> {
    try {
      return await this.handOver(user);
    } catch (err) {
      this.logger.error({ err, userId: user.id }, 'could not apply share invitations after verification');
      return 0;
    }
  }

  private async isShareProof(invite: Invite, email: string): Promise<boolean> {
    if (invite.type !== SHARE_INVITE_TYPE || typeof invite.id !== 'string' || !invite.id) return false;
    if (await this.quota.proves(email, invite.id)) return true;
    // Invitations mailed before the tokens moved to invitation_mails carry theirs on the share.
    return this.shares.hasPendingToken(email, invitationTokenHash(invite.id));
  }

  private async someOther(test: (o: ProvenAddressListener) => Promise<boolean>): Promise<boolean> {
    for (const other of this.others) if (await test(other)) return true;
    return false;
  }

  /** The address is proven: its shares and other invitations reach the account; its tokens are spent. */
  private async handOver(user: { id: number; email: string }): Promise<number> {
    const claimed = await this.claim(user);
    for (const other of this.others) await other.afterProof(user);
    await this.quota.spend(user.email);
    return claimed;
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
