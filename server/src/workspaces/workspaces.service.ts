import { randomBytes } from 'node:crypto';
import {
  DEFAULT_WORKSPACE_ID,
  Permission,
  WORKSPACE_MESSAGES,
  type InviteMembersBody,
  type InviteMembersResponse,
  type MemberRole,
  type Workspace,
  type WorkspaceDetails,
} from '@kosh/contracts';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../clock.ts';
import type { Actor } from '../auth/actor.ts';
import type { Database } from '../db/database.ts';
import { forbidden, notFound } from '../http/app-error.ts';
import type { InvitationMailQuota } from '../mail/invitation-quota.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTemplates } from '../mail/mail-templates.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { displayName } from '../shares/shares.repository.ts';
import type { Notifier } from '../notifications/notification.service.ts';
import type { WorkspaceInvitations } from './workspace-invitations.service.ts';
import { inviteMail, inviteNotificationData, inviteToRegisterMail, joinedNotificationData } from './workspace-mails.ts';
import type {
  InviteRow,
  MembershipRow,
  WorkspaceRoleName,
  WorkspaceRow,
  WorkspacesRepository,
} from './workspaces.repository.ts';

export type { Notifier };

const RANK: Record<WorkspaceRoleName, number> = { viewer: 1, editor: 2, admin: 3, owner: 4 };
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const WORKSPACE_TEXT = {
  notFound: 'The workspace does not exist.',
  adminsOnly: 'Only the workspace owner and admins can manage members.',
  ownerOnly: 'Only the workspace owner can do this.',
  ownerCannotLeave: 'The owner cannot leave the workspace. Delete it instead.',
  ownerRole: "The owner's role cannot be changed.",
  tooMany: 'You have reached the maximum number of workspaces.',
  tooManyMembers: 'This workspace has reached its maximum number of members.',
  alreadyMember: 'This person is already a member of the workspace.',
  invalidEmail: 'The email must be a valid email address.',
} as const;

/** The repository methods the service calls (a unit test fakes just these). */
export type WorkspacesStore = Pick<
  WorkspacesRepository,
  | 'listOfUser'
  | 'countOwnedBy'
  | 'insert'
  | 'getById'
  | 'getMember'
  | 'members'
  | 'invites'
  | 'rename'
  | 'transaction'
  | 'delete'
  | 'findInvite'
  | 'countMembersAndInvites'
  | 'insertInvite'
  | 'updateInvite'
  | 'getInvite'
  | 'deleteInvite'
  | 'userByEmail'
  | 'addMember'
  | 'setRole'
  | 'removeMember'
  | 'lastWorkspaceOf'
  | 'setLastWorkspace'
>;

type Deps = {
  repo: WorkspacesStore;
  notifier: Notifier;
  mailer: Mailer;
  templates: MailTemplates;
  /** Invitation mail limits. */
  quota: Pick<InvitationMailQuota, 'reserve'>;
  /** Invites found by id or by their mail's token, and handed over once an address is proven. */
  invitations: Pick<WorkspaceInvitations, 'inviteOf'>;
  settings: Pick<SettingsService, 'get'>;
  /** The workspace owner as an actor: their plan's workspaces.create member_count bounds invites. */
  actorOf: (userId: number) => Promise<Actor>;
  /** Moves a deleted workspace's entries to its owner's trash (the drive's data). */
  retireEntries: (workspaceId: number, at: string, db: Database) => Promise<void>;
  logger: Logger;
  clock?: Clock;
};

/**
 * Workspaces (spec part 1, 2.8, 3, 4): create, rename and delete them; members with a role;
 * invites by email answered by join or decline. Roles, strongest first: owner (also renames and
 * deletes the workspace), admin (also invites, removes members and changes roles), editor
 * (changes files), viewer (views and downloads). Non-members get 404 for everything.
 */
export class WorkspacesService {
  private readonly deps: Deps;
  private readonly clock: Clock;
  constructor(deps: Deps) {
    this.deps = deps;
    this.clock = deps.clock ?? systemClock;
  }

  /** The default workspace first, then the caller's workspaces (spec part 1, 3). */
  async list(actor: Actor): Promise<Workspace[]> {
    const me = actor.requireUser();
    const rows = await this.deps.repo.listOfUser(me.id);
    return [{ id: DEFAULT_WORKSPACE_ID, name: 'Default', members_count: 1 }, ...rows.map(present)];
  }

  /**
   * Remembers the workspace the caller works in, so that signing in on another device opens it
   * (0: the default one). A workspace the caller is not a member of answers 404.
   */
  async rememberActive(actor: Actor, workspaceId: number): Promise<void> {
    const me = actor.requireUser();
    if (workspaceId !== DEFAULT_WORKSPACE_ID) await this.membership(actor, workspaceId);
    await this.deps.repo.setLastWorkspace(me.id, workspaceId === DEFAULT_WORKSPACE_ID ? null : workspaceId);
  }

  /** The workspace to open for a user signing in: the one they used last while they are still a member of it. */
  async lastActiveOf(userId: number): Promise<number> {
    const id = await this.deps.repo.lastWorkspaceOf(userId);
    if (!id) return DEFAULT_WORKSPACE_ID;
    return (await this.deps.repo.getMember(id, userId)) ? id : DEFAULT_WORKSPACE_ID;
  }

  async create(actor: Actor, name: string): Promise<Workspace> {
    actor.authorize(Permission.workspacesCreate);
    const me = actor.requireUser();
    if (actor.isOverQuota(Permission.workspacesCreate, 'count', await this.deps.repo.countOwnedBy(me.id)))
      throw forbidden(WORKSPACE_TEXT.tooMany);
    const ws = await this.deps.repo.insert({ name, ownerId: me.id, at: this.now() });
    return present({ ...ws, role: 'owner', members_count: 1 });
  }

  /** A workspace with its members; pending invites for those who manage members. */
  async details(actor: Actor, id: number): Promise<WorkspaceDetails> {
    const { ws, role } = await this.membership(actor, id);
    const [members, invites] = await Promise.all([
      this.deps.repo.members(id),
      RANK[role] >= RANK.admin ? this.deps.repo.invites(id) : Promise.resolve([] as InviteRow[]),
    ]);
    return {
      ...present({ ...ws, role, members_count: members.length }),
      members: members.map((m) => ({
        id: m.user_id,
        name: displayName(m),
        email: m.email,
        image: m.image,
        role: m.role,
        joined_at: m.created_at,
      })),
      invites: invites.map((i) => ({ id: i.id, email: i.email, role: i.role, created_at: i.created_at })),
    };
  }

  async rename(actor: Actor, id: number, name: string): Promise<Workspace> {
    await this.membership(actor, id, 'owner');
    await this.deps.repo.rename(id, name, this.now());
    return this.listed(actor, id);
  }

  /** Deletes the workspace; its files go to the owner's trash (their personal drive). */
  async delete(actor: Actor, id: number): Promise<void> {
    await this.membership(actor, id, 'owner');
    const at = this.now();
    await this.deps.repo.transaction(async (trx) => {
      await this.deps.retireEntries(id, at, trx);
      await this.deps.repo.delete(id, trx);
    });
  }

  /**
   * Invites addresses at one role. Someone with an account gets the workspace-invite
   * notification (and its mail); an address without one gets a mail with a register link that
   * carries a token of its own. Inviting again renews the invite. Each address answers for
   * itself, alike whether it has an account or not; beyond the invitation mail limits the whole
   * call answers 429 before anything is invited.
   */
  async invite(
    actor: Actor,
    id: number,
    body: InviteMembersBody,
    ctx: { baseUrl: string },
  ): Promise<InviteMembersResponse> {
    const { ws } = await this.membership(actor, id, 'admin');
    const me = actor.requireUser();
    const inviter = (await this.deps.repo.userByEmail(me.email)) ?? {
      id: me.id,
      email: me.email,
      first_name: null,
      last_name: null,
    };
    const owner = await this.deps.actorOf(ws.owner_id);
    const siteName = await this.deps.settings.get<string>('branding.site_name');
    const memberEmails = new Set((await this.deps.repo.members(id)).map((m) => m.email.toLowerCase()));
    const results: InviteMembersResponse['results'] = [];
    const accepted: Array<{ email: string; existing: InviteRow | undefined }> = [];
    let taken = await this.deps.repo.countMembersAndInvites(id);
    for (const email of [...new Set(body.emails.map((e) => e.trim().toLowerCase()).filter(Boolean))]) {
      const existing = EMAIL_RE.test(email) ? await this.deps.repo.findInvite(id, email) : undefined;
      const refusal = !EMAIL_RE.test(email)
        ? WORKSPACE_TEXT.invalidEmail
        : memberEmails.has(email)
          ? WORKSPACE_TEXT.alreadyMember
          : !existing && owner.isOverQuota(Permission.workspacesCreate, 'member_count', taken)
            ? WORKSPACE_TEXT.tooManyMembers
            : undefined;
      if (refusal) {
        results.push({ email, ok: false, invited: false, message: refusal });
        continue;
      }
      if (!existing) taken += 1;
      accepted.push({ email, existing });
      results.push({ email, ok: true, invited: true });
    }
    // Every invitee counts, with an account or without: a limit only addresses without one
    // reached would tell which have an account.
    const mails = await this.deps.quota.reserve(
      me.id,
      accepted.map(({ email }) => ({ email, kind: 'workspace' as const, subjectIds: [id] })),
    );
    for (const { email, existing } of accepted) {
      const at = this.now();
      const inviteId = existing?.id ?? randomBytes(18).toString('base64url');
      if (existing)
        await this.deps.repo.updateInvite(existing.id, { role: body.role, invited_by: me.id, created_at: at });
      else
        await this.deps.repo.insertInvite({
          id: inviteId,
          workspace_id: id,
          email,
          role: body.role,
          invited_by: me.id,
          created_at: at,
        });
      const user = await this.deps.repo.userByEmail(email);
      await this.announce({
        inviteId,
        email,
        userId: user?.id,
        // Mailed about this workspace within a day: no second mail.
        mailToken: mails.get(email)?.token,
        inviter: displayName(inviter),
        workspace: ws.name,
        siteName,
        baseUrl: ctx.baseUrl,
      });
    }
    return { results, workspace: await this.details(actor, id) };
  }

  async cancelInvite(actor: Actor, id: number, inviteId: string): Promise<void> {
    await this.membership(actor, id, 'admin');
    const invite = await this.deps.repo.getInvite(inviteId);
    if (!invite || invite.workspace_id !== id) throw notFound(WORKSPACE_MESSAGES.staleInvite);
    await this.deps.repo.deleteInvite(inviteId);
  }

  /** Admins change a member's role; the owner's stays. */
  async changeRole(actor: Actor, id: number, userId: number, role: MemberRole): Promise<WorkspaceDetails> {
    await this.membership(actor, id, 'admin');
    const member = await this.deps.repo.getMember(id, userId);
    if (!member) throw notFound('The member does not exist.');
    if (member.role === 'owner') throw forbidden(WORKSPACE_TEXT.ownerRole);
    await this.deps.repo.setRole(id, userId, role);
    return this.details(actor, id);
  }

  /** Admins remove a member (their files stay in the workspace); anyone but the owner may remove themself (leave). */
  async removeMember(actor: Actor, id: number, userId: number): Promise<void> {
    const me = actor.requireUser();
    if (userId === me.id) return this.leave(actor, id);
    await this.membership(actor, id, 'admin');
    const member = await this.deps.repo.getMember(id, userId);
    if (!member) throw notFound('The member does not exist.');
    if (member.role === 'owner') throw forbidden(WORKSPACE_TEXT.ownerRole);
    await this.deps.repo.removeMember(id, userId);
  }

  async leave(actor: Actor, id: number): Promise<void> {
    const { role } = await this.membership(actor, id);
    if (role === 'owner') throw forbidden(WORKSPACE_TEXT.ownerCannotLeave);
    await this.deps.repo.removeMember(id, actor.requireUser().id);
  }

  /**
   * GET workspace/join/{inviteId}: the invitee joins at the invite's role and the owner is told.
   * An invite that is gone, or is someone else's, answers 404 'This invite is no longer valid'.
   */
  async join(actor: Actor, inviteId: string, ctx: { baseUrl?: string } = {}): Promise<Workspace> {
    const me = actor.requireUser();
    const invite = await this.deps.invitations.inviteOf(me, inviteId);
    const at = this.now();
    const taken = await this.deps.repo.transaction(async (trx) => {
      if (!(await this.deps.repo.deleteInvite(invite.id, trx))) return false;
      await this.deps.repo.addMember(invite.workspace_id, me.id, invite.role, at, trx);
      return true;
    });
    if (!taken) throw notFound(WORKSPACE_MESSAGES.staleInvite);
    await this.settle(me.id, invite.id);
    const ws = await this.deps.repo.getById(invite.workspace_id);
    if (!ws) throw notFound(WORKSPACE_TEXT.notFound);
    const member = await this.deps.repo.userByEmail(me.email);
    await this.deps.notifier
      .notify(ws.owner_id, {
        type: 'workspace-joined',
        data: joinedNotificationData({ member: member ? displayName(member) : me.email, workspace: ws.name }),
        baseUrl: ctx.baseUrl,
      })
      .catch((err: unknown) =>
        this.deps.logger.warn({ err, workspaceId: ws.id }, 'could not notify the workspace owner of a join'),
      );
    return this.listed(actor, ws.id);
  }

  /** DELETE workspace/invite/{inviteId}: the invitee declines. */
  async decline(actor: Actor, inviteId: string): Promise<void> {
    const me = actor.requireUser();
    const invite = await this.deps.invitations.inviteOf(me, inviteId);
    if (!(await this.deps.repo.deleteInvite(invite.id))) throw notFound(WORKSPACE_MESSAGES.staleInvite);
    await this.settle(me.id, invite.id);
  }

  /** The answered invite's notification stops offering Join and Decline (a failure there is only logged). */
  private async settle(userId: number, inviteId: string): Promise<void> {
    await this.deps.notifier
      .settleInvite(userId, inviteId)
      .catch((err: unknown) => this.deps.logger.warn({ err, inviteId }, 'could not settle an invite notification'));
  }

  /** The caller's membership: 404 for a non-member (the workspace does not exist for them), 403 below `need`. */
  /** One of the caller's workspaces as list answers it; 404 when it was deleted meanwhile. */
  private async listed(actor: Actor, id: number): Promise<Workspace> {
    const ws = (await this.list(actor)).find((w) => w.id === id);
    if (!ws) throw notFound(WORKSPACE_TEXT.notFound);
    return ws;
  }

  private async membership(
    actor: Actor,
    id: number,
    need: WorkspaceRoleName = 'viewer',
  ): Promise<{ ws: WorkspaceRow; role: WorkspaceRoleName }> {
    const me = actor.requireUser();
    const [ws, member] = await Promise.all([this.deps.repo.getById(id), this.deps.repo.getMember(id, me.id)]);
    if (!ws || !member) throw notFound(WORKSPACE_TEXT.notFound);
    if (RANK[member.role] < RANK[need])
      throw forbidden(need === 'owner' ? WORKSPACE_TEXT.ownerOnly : WORKSPACE_TEXT.adminsOnly);
    return { ws, role: member.role };
  }

  /**
   * The notification (with its mail) to someone with an account, or a mail with a register link;
   * without a mail token (mailed about this workspace within a day) no mail goes out. Mail
   * failures are logged.
   */
  private async announce(input: {
    inviteId: string;
    email: string;
    userId: number | undefined;
    mailToken: string | undefined;
    inviter: string;
    workspace: string;
    siteName: string;
    baseUrl: string;
  }): Promise<void> {
    const { inviteId, email, userId, mailToken, inviter, workspace, siteName, baseUrl } = input;
    if (userId !== undefined) {
      const link = `${baseUrl}/notifications`;
      const mail = await inviteMail(this.deps.templates, email, siteName, { inviter, workspace, link });
      await this.deps.notifier.notify(userId, {
        type: 'workspace-invite',
        data: inviteNotificationData({ id: inviteId, inviter, workspace }),
        ...(mailToken ? { mail } : {}),
        baseUrl,
      });
      return;
    }
    if (!mailToken) return;
    const registerLink = `${baseUrl}/workspace/join/register/${mailToken}?email=${encodeURIComponent(email)}`;
    inviteToRegisterMail(this.deps.templates, email, siteName, { inviter, workspace, registerLink })
      .then((mail) => this.deps.mailer.send(mail))
      .catch((err: unknown) => this.deps.logger.error({ err, email }, 'could not mail a workspace invite'));
  }

  private now(): string {
    return this.clock().toISOString();
  }
}

const present = (row: WorkspaceRow & Pick<MembershipRow, 'role' | 'members_count'>): Workspace => ({
  id: row.id,
  name: row.name,
  members_count: row.members_count,
  owner_id: row.owner_id,
  role: row.role,
});
