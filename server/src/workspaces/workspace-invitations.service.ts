import { WORKSPACE_MESSAGES } from '@kosh/contracts';
import type { InviteLookup } from '../auth/registration.service.ts';
import type { InvitationMailQuota } from '../mail/invitation-quota.ts';
import type { Notifier } from '../notifications/notification.service.ts';
import type { ProvenAddressListener } from '../shares/invitations.service.ts';
import { notFound } from '../http/app-error.ts';
import { inviteNotificationData } from './workspace-mails.ts';
import type { InviteRow, WorkspacesRepository } from './workspaces.repository.ts';

type Deps = {
  repo: Pick<WorkspacesRepository, 'getInvite' | 'findInvite' | 'pendingInvitesOf'>;
  quota: Pick<InvitationMailQuota, 'proves' | 'subjectsOf'>;
  notifier: Pick<Notifier, 'notify'>;
};

/**
 * Workspace invites as proof and hand-over: an invite is answered by its id (the notification of
 * the account with the address) or by its mail's token (the register link); only that token, or
 * a completed verification, proves an address, and then the address's invites reach its account.
 */
export class WorkspaceInvitations implements InviteLookup, ProvenAddressListener {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  /**
   * A workspace invite lets its address register while registration is disabled (spec part 1,
   * 6): by the token of its mail, or by its inviteId (the link of mails sent before the tokens).
   */
  async allowsRegistration(invite: { id: string | number | undefined; email: string }): Promise<boolean> {
    if (typeof invite.id !== 'string' || !invite.id) return false;
    const email = invite.email.trim().toLowerCase();
    const row = await this.deps.repo.getInvite(invite.id);
    return (row !== undefined && row.email === email) || (await this.invitedByToken(email, invite.id)) !== undefined;
  }

  /**
   * Does the registration's invite prove the address? Only the token of an invitation mail does:
   * an inviteId is also known to the workspace's admins.
   */
  async proves(invite: { id: string | number | undefined; email: string }): Promise<boolean> {
    if (typeof invite.id !== 'string' || !invite.id) return false;
    return this.deps.quota.proves(invite.email.trim().toLowerCase(), invite.id);
  }

  /**
   * The address is proven (registered through an invitation mail's link, or verified): each
   * pending invite to it becomes a workspace-invite notification to answer. Answers how many.
   */
  async afterProof(user: { id: number; email: string }): Promise<number> {
    const invites = await this.deps.repo.pendingInvitesOf(user.email.toLowerCase());
    for (const invite of invites)
      await this.deps.notifier.notify(user.id, {
        type: 'workspace-invite',
        data: inviteNotificationData({ id: invite.id, inviter: invite.inviter, workspace: invite.workspace }),
      });
    return invites.length;
  }

  /**
   * The invite answered: by its id (in the notification of the account with the address), or by
   * the token of its mail (the register link), which also finds an invite renewed since.
   */
  async inviteOf(me: { email: string }, idOrToken: string): Promise<InviteRow> {
    const email = me.email.toLowerCase();
    const invite = await this.deps.repo.getInvite(idOrToken);
    if (invite && invite.email === email) return invite;
    const byToken = await this.invitedByToken(email, idOrToken);
    if (!byToken) throw notFound(WORKSPACE_MESSAGES.staleInvite);
    return byToken;
  }

  private async invitedByToken(email: string, token: string): Promise<InviteRow | undefined> {
    for (const workspaceId of await this.deps.quota.subjectsOf(email, 'workspace', token)) {
      const invite = await this.deps.repo.findInvite(workspaceId, email);
      if (invite) return invite;
    }
    return undefined;
  }
}
