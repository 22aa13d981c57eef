import { Permission } from '@kosh/contracts';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { Actor, type Restriction } from '../auth/actor.ts';
import type { Database } from '../db/database.ts';
import type { Notifier, NotifyInput } from '../notifications/notification.service.ts';
import type { InvitationMailQuota, InvitationTarget, PlannedInvitation } from '../mail/invitation-quota.ts';
import { FakeMailer } from '../testing/fakes/mailer.fake.ts';
import { FakeSettings } from '../testing/fakes/settings.fake.ts';
import { nullDatabase } from '../testing/null-database.ts';
import { TestClock } from '../testing/test-clock.ts';
import type {
  InviteRow,
  MemberPersonRow,
  MemberRow,
  MembershipRow,
  WorkspaceRoleName,
  WorkspaceRow,
  WorkspacesRepository,
} from './workspaces.repository.ts';
import { WorkspaceInvitations } from './workspace-invitations.service.ts';
import { WORKSPACE_TEXT, WorkspacesService, type WorkspacesStore } from './workspaces.service.ts';
import { defaultMailTemplates } from '../mail/default-mail-templates.ts';

type Person = { id: number; email: string; first_name: string | null; last_name: string | null; image: string | null };
const person = (id: number, email: string): Person => ({ id, email, first_name: null, last_name: null, image: null });
const HOUR = 3600_000;
const ctx = { baseUrl: 'https://kosh.test' };

/** Workspaces, members and invites over arrays, answering as the repository's queries do. */
class FakeWorkspaces implements WorkspacesStore, Pick<WorkspacesRepository, 'pendingInvitesOf'> {
  workspaces: WorkspaceRow[] = [];
  members_: MemberRow[] = [];
  invites_: InviteRow[] = [];
  readonly people: Person[];
  /** Transactions opened: the service wraps join and delete in one. */
  transactions = 0;
  private nextId = 1;
  private readonly trx = nullDatabase();
  constructor(people: Person[]) {
    this.people = people;
  }

  async transaction<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    this.transactions++;
    return work(this.trx);
  }
  async getById(id: number): Promise<WorkspaceRow | undefined> {
    return this.workspaces.find((w) => w.id === id);
  }
  async listOfUser(userId: number): Promise<MembershipRow[]> {
    return this.members_
      .filter((m) => m.user_id === userId)
      .flatMap((m) => {
        const ws = this.workspaces.find((w) => w.id === m.workspace_id);
        const count = this.members_.filter((x) => x.workspace_id === m.workspace_id).length;
        return ws ? [{ ...ws, role: m.role, members_count: count }] : [];
      });
  }
  async countOwnedBy(userId: number): Promise<number> {
    return this.workspaces.filter((w) => w.owner_id === userId).length;
  }
  async insert(input: { name: string; ownerId: number; at: string }): Promise<WorkspaceRow> {
    const ws = {
      id: this.nextId++,
      name: input.name,
      owner_id: input.ownerId,
      created_at: input.at,
      updated_at: input.at,
    };
    this.workspaces.push(ws);
    this.members_.push({ workspace_id: ws.id, user_id: input.ownerId, role: 'owner', created_at: input.at });
    return ws;
  }
  async rename(id: number, name: string, at: string): Promise<void> {
    for (const w of this.workspaces) if (w.id === id) Object.assign(w, { name, updated_at: at });
  }
  async delete(id: number): Promise<void> {
    this.invites_ = this.invites_.filter((i) => i.workspace_id !== id);
    this.members_ = this.members_.filter((m) => m.workspace_id !== id);
    this.workspaces = this.workspaces.filter((w) => w.id !== id);
  }
  async members(workspaceId: number): Promise<MemberPersonRow[]> {
    return this.members_
      .filter((m) => m.workspace_id === workspaceId)
      .flatMap((m) => {
        const p = this.people.find((x) => x.id === m.user_id);
        return p ? [{ ...m, email: p.email, first_name: p.first_name, last_name: p.last_name, image: p.image }] : [];
      });
  }
  async countMembersAndInvites(workspaceId: number): Promise<number> {
    return (
      this.members_.filter((m) => m.workspace_id === workspaceId).length +
      this.invites_.filter((i) => i.workspace_id === workspaceId).length
    );
  }
  async getMember(workspaceId: number, userId: number): Promise<MemberRow | undefined> {
    return this.members_.find((m) => m.workspace_id === workspaceId && m.user_id === userId);
  }
  async addMember(workspaceId: number, userId: number, role: WorkspaceRoleName, at: string): Promise<boolean> {
    if (await this.getMember(workspaceId, userId)) return false;
    this.members_.push({ workspace_id: workspaceId, user_id: userId, role, created_at: at });
    return true;
  }
  async setRole(workspaceId: number, userId: number, role: WorkspaceRoleName): Promise<void> {
    const member = await this.getMember(workspaceId, userId);
    if (member) member.role = role;
  }
  async removeMember(workspaceId: number, userId: number): Promise<void> {
    this.members_ = this.members_.filter((m) => !(m.workspace_id === workspaceId && m.user_id === userId));
  }
  readonly lastWorkspaces = new Map<number, number | null>();
  async lastWorkspaceOf(userId: number): Promise<number | null> {
    return this.lastWorkspaces.get(userId) ?? null;
  }
  async setLastWorkspace(userId: number, workspaceId: number | null): Promise<void> {
    this.lastWorkspaces.set(userId, workspaceId);
  }
  async invites(workspaceId: number): Promise<InviteRow[]> {
    return this.invites_.filter((i) => i.workspace_id === workspaceId);
  }
  async getInvite(id: string): Promise<InviteRow | undefined> {
    return this.invites_.find((i) => i.id === id);
  }
  async findInvite(workspaceId: number, email: string): Promise<InviteRow | undefined> {
    return this.invites_.find((i) => i.workspace_id === workspaceId && i.email === email);
  }
  async insertInvite(row: InviteRow): Promise<void> {
    this.invites_.push({ ...row });
  }
  async updateInvite(id: string, patch: Pick<InviteRow, 'role' | 'invited_by' | 'created_at'>): Promise<void> {
    for (const i of this.invites_) if (i.id === id) Object.assign(i, patch);
  }
  async deleteInvite(id: string): Promise<boolean> {
    const before = this.invites_.length;
    this.invites_ = this.invites_.filter((i) => i.id !== id);
    return this.invites_.length < before;
  }
  async pendingInvitesOf(email: string) {
    return this.invites_
      .filter((i) => i.email === email)
      .map((i) => ({
        id: i.id,
        workspace: this.workspaces.find((w) => w.id === i.workspace_id)?.name ?? '',
        inviter: '',
      }));
  }
  async userByEmail(email: string) {
    const p = this.people.find((x) => x.email === email);
    return p && { id: p.id, email: p.email, first_name: p.first_name, last_name: p.last_name };
  }
}

/** Invitation mails without limits: each address's mail carries the token `token-<address>`. */
class FakeQuota implements Pick<InvitationMailQuota, 'reserve' | 'proves' | 'subjectsOf'> {
  readonly mailed: InvitationTarget[] = [];
  async reserve(_senderId: number, targets: InvitationTarget[]): Promise<Map<string, PlannedInvitation>> {
    this.mailed.push(...targets);
    return new Map(
      targets.map((t) => [t.email, { email: t.email, subjectIds: t.subjectIds, token: `token-${t.email}` }]),
    );
  }
  async proves(email: string, token: string): Promise<boolean> {
    return token === `token-${email}`;
  }
  async subjectsOf(email: string, _kind: string, token: string): Promise<number[]> {
    return this.mailed.filter((t) => token === `token-${email}` && t.email === email).flatMap((t) => t.subjectIds);
  }
}

class FakeNotifier implements Notifier {
  readonly sent: Array<{ userId: number } & NotifyInput> = [];
  readonly settled: Array<{ userId: number; inviteId: string }> = [];
  async notify(userId: number, input: NotifyInput): Promise<void> {
    this.sent.push({ userId, ...input });
  }
  async settleInvite(userId: number, inviteId: string): Promise<void> {
    this.settled.push({ userId, inviteId });
  }
}

const creator = (restrictions: Restriction[] = []) => [{ id: 7, name: Permission.workspacesCreate, restrictions }];
// Olga owns workspace 1; Adam is its admin, Eddie an editor, Vera a viewer; Nina has an account and no seat.
const olga = new Actor({ id: 1, email: 'olga@x.test' }, [2], creator());
const adam = new Actor({ id: 2, email: 'adam@x.test' }, [2], creator());
const eddie = new Actor({ id: 3, email: 'eddie@x.test' }, [2], []);
const vera = new Actor({ id: 4, email: 'vera@x.test' }, [2], []);
const nina = new Actor({ id: 5, email: 'nina@x.test' }, [2], creator());
const everyone = [olga, adam, eddie, vera, nina].map((a) => person(a.requireUser().id, a.requireUser().email));

async function setUp(options: { memberCount?: number | null } = {}) {
  const clock = new TestClock();
  const repo = new FakeWorkspaces(everyone);
  const notifier = new FakeNotifier();
  const mailer = new FakeMailer();
  const quota = new FakeQuota();
  const invitations = new WorkspaceInvitations({ repo, quota, notifier });
  const retired: Array<{ workspaceId: number; at: string }> = [];
  const owner = new Actor(
    { id: 1, email: 'olga@x.test' },
    [2],
    creator(options.memberCount === undefined ? [] : [{ name: 'member_count', value: options.memberCount }]),
  );
  const sut = new WorkspacesService({
    repo,
    templates: defaultMailTemplates(),
    notifier,
    mailer,
    quota,
    invitations,
    settings: new FakeSettings({ 'branding.site_name': 'Kosh' }),
    actorOf: async (userId) => (userId === 1 ? owner : new Actor({ id: userId, email: '' }, [], [])),
    retireEntries: async (workspaceId, at) => {
      retired.push({ workspaceId, at });
    },
    logger: pino({ level: 'silent' }),
    clock: clock.now,
  });
  const ws = await repo.insert({ name: 'Team', ownerId: 1, at: clock.iso() });
  await repo.addMember(ws.id, 2, 'admin', clock.iso());
  await repo.addMember(ws.id, 3, 'editor', clock.iso());
  await repo.addMember(ws.id, 4, 'viewer', clock.iso());
  const roleOf = async (userId: number) => (await repo.getMember(ws.id, userId))?.role;
  return { sut, invitations, clock, repo, notifier, mailer, retired, id: ws.id, roleOf };
}

describe('WorkspacesService', () => {
  describe('create', () => {
    it('makes the creator its owner', async () => {
      const { sut, repo } = await setUp();
      const created = await sut.create(nina, 'Nina team');
      expect(created).toMatchObject({ name: 'Nina team', role: 'owner', members_count: 1, owner_id: 5 });
      expect(await repo.getMember(created.id, 5)).toMatchObject({ role: 'owner' });
    });

    it('refuses a user whose plan allows no more workspaces', async () => {
      const { sut, repo } = await setUp();
      const limited = new Actor({ id: 5, email: 'nina@x.test' }, [2], creator([{ name: 'count', value: 1 }]));
      await sut.create(limited, 'First');
      await expect(sut.create(limited, 'Second')).rejects.toMatchObject({
        status: 403,
        message: WORKSPACE_TEXT.tooMany,
      });
      expect(await repo.countOwnedBy(5)).toBe(1);
    });

    it('refuses a user without workspaces.create', async () => {
      const { sut } = await setUp();
      await expect(sut.create(eddie, 'Mine')).rejects.toMatchObject({ status: 403 });
    });
  });

  describe('details', () => {
    it('answers 404 to someone who is not a member', async () => {
      const { sut, id } = await setUp();
      await expect(sut.details(nina, id)).rejects.toMatchObject({ status: 404 });
    });

    it('shows pending invites to admins only', async () => {
      const { sut, id } = await setUp();
      await sut.invite(adam, id, { emails: ['new@x.test'], role: 'viewer' }, ctx);
      expect((await sut.details(adam, id)).invites).toHaveLength(1);
      expect((await sut.details(vera, id)).invites).toEqual([]);
    });
  });

  describe('rename and delete', () => {
    it('lets only the owner rename the workspace', async () => {
      const { sut, repo, clock, id } = await setUp();
      await expect(sut.rename(adam, id, 'Mine now')).rejects.toMatchObject({
        status: 403,
        message: WORKSPACE_TEXT.ownerOnly,
      });
      clock.advance(HOUR);
      await sut.rename(olga, id, 'Renamed');
      expect(await repo.getById(id)).toMatchObject({ name: 'Renamed', updated_at: clock.iso() });
    });

    it("moves the files to the owner's trash and removes the workspace, in one transaction", async () => {
      const { sut, repo, retired, clock, id } = await setUp();
      await sut.delete(olga, id);
      expect(retired).toEqual([{ workspaceId: id, at: clock.iso() }]);
      expect(await repo.getById(id)).toBeUndefined();
      expect(repo.transactions).toBe(1);
    });

    it('lets only the owner delete the workspace', async () => {
      const { sut, repo, retired, id } = await setUp();
      await expect(sut.delete(adam, id)).rejects.toMatchObject({ status: 403 });
      expect(retired).toEqual([]);
      expect(await repo.getById(id)).toBeDefined();
    });
  });

  describe('invite', () => {
    it('refuses members below admin', async () => {
      const { sut, repo, id } = await setUp();
      await expect(sut.invite(eddie, id, { emails: ['new@x.test'], role: 'viewer' }, ctx)).rejects.toMatchObject({
        status: 403,
        message: WORKSPACE_TEXT.adminsOnly,
      });
      expect(repo.invites_).toEqual([]);
    });

    it('notifies someone with an account, with the invite to join', async () => {
      const { sut, repo, notifier, mailer, clock, id } = await setUp();
      const { results } = await sut.invite(adam, id, { emails: ['Nina@X.test '], role: 'editor' }, ctx);
      expect(results).toEqual([{ email: 'nina@x.test', ok: true, invited: true }]);
      expect(repo.invites_).toMatchObject([
        { workspace_id: id, email: 'nina@x.test', role: 'editor', invited_by: 2, created_at: clock.iso() },
      ]);
      expect(notifier.sent).toMatchObject([{ userId: 5, type: 'workspace-invite' }]);
      expect(mailer.sent).toEqual([]);
    });

    it('mails a register link to an address without an account', async () => {
      const { sut, repo, notifier, mailer, id } = await setUp();
      const { results } = await sut.invite(adam, id, { emails: ['new@x.test'], role: 'viewer' }, ctx);
      // The answer does not tell whether the address has an account.
      expect(results).toEqual([{ email: 'new@x.test', ok: true, invited: true }]);
      await vi.waitFor(() => expect(mailer.sent).toHaveLength(1));
      // The link carries the mail's own token, not the inviteId the workspace's admins see.
      expect(mailer.sent[0].text).toContain('/workspace/join/register/token-new@x.test?email=new%40x.test');
      expect(mailer.sent[0].text).not.toContain(repo.invites_[0].id);
      expect(notifier.sent).toEqual([]);
    });

    it('answers for each address: a bad address or a member fails alone', async () => {
      const { sut, repo, id } = await setUp();
      const { results } = await sut.invite(
        adam,
        id,
        { emails: ['not-an-email', 'vera@x.test', 'new@x.test'], role: 'viewer' },
        ctx,
      );
      expect(results).toEqual([
        { email: 'not-an-email', ok: false, invited: false, message: WORKSPACE_TEXT.invalidEmail },
        { email: 'vera@x.test', ok: false, invited: false, message: WORKSPACE_TEXT.alreadyMember },
        { email: 'new@x.test', ok: true, invited: true },
      ]);
      expect(repo.invites_.map((i) => i.email)).toEqual(['new@x.test']);
    });

    it("refuses a new invite past the owner's member_count, members and invites counted", async () => {
      const { sut, repo, id } = await setUp({ memberCount: 5 });
      const { results } = await sut.invite(adam, id, { emails: ['one@x.test', 'two@x.test'], role: 'viewer' }, ctx);
      expect(results).toEqual([
        { email: 'one@x.test', ok: true, invited: true },
        { email: 'two@x.test', ok: false, invited: false, message: WORKSPACE_TEXT.tooManyMembers },
      ]);
      expect(repo.invites_).toHaveLength(1);
    });

    it('renews an invite sent again: same invite, the new role, its time restarted', async () => {
      const { sut, repo, clock, id } = await setUp({ memberCount: 5 });
      await sut.invite(adam, id, { emails: ['new@x.test'], role: 'viewer' }, ctx);
      const first = { ...repo.invites_[0] };
      clock.advance(24 * HOUR);
      // The workspace is full now; renewing does not take another seat.
      const { results } = await sut.invite(olga, id, { emails: ['new@x.test'], role: 'editor' }, ctx);
      expect(results).toEqual([{ email: 'new@x.test', ok: true, invited: true }]);
      expect(repo.invites_).toEqual([{ ...first, role: 'editor', invited_by: 1, created_at: clock.iso() }]);
    });

    it('lets an admin cancel an invite of this workspace only', async () => {
      const { sut, repo, id } = await setUp();
      await sut.invite(adam, id, { emails: ['new@x.test'], role: 'viewer' }, ctx);
      const other = await sut.create(nina, 'Other');
      await expect(sut.cancelInvite(nina, other.id, repo.invites_[0].id)).rejects.toMatchObject({ status: 404 });
      await sut.cancelInvite(adam, id, repo.invites_[0].id);
      expect(repo.invites_).toEqual([]);
    });
  });

  describe('members', () => {
    it("lets an admin change a member's role", async () => {
      const { sut, id, roleOf } = await setUp();
      await sut.changeRole(adam, id, 3, 'viewer');
      expect(await roleOf(3)).toBe('viewer');
    });

    it("keeps the owner's role", async () => {
      const { sut, id, roleOf } = await setUp();
      await expect(sut.changeRole(adam, id, 1, 'viewer')).rejects.toMatchObject({
        status: 403,
        message: WORKSPACE_TEXT.ownerRole,
      });
      expect(await roleOf(1)).toBe('owner');
    });

    it('refuses role changes by an editor', async () => {
      const { sut, id, roleOf } = await setUp();
      await expect(sut.changeRole(eddie, id, 4, 'editor')).rejects.toMatchObject({ status: 403 });
      expect(await roleOf(4)).toBe('viewer');
    });

    it('lets an admin remove a member', async () => {
      const { sut, id, roleOf } = await setUp();
      await sut.removeMember(adam, id, 3);
      expect(await roleOf(3)).toBeUndefined();
    });

    it('refuses to remove the owner', async () => {
      const { sut, id, roleOf } = await setUp();
      await expect(sut.removeMember(adam, id, 1)).rejects.toMatchObject({ status: 403 });
      expect(await roleOf(1)).toBe('owner');
    });

    it('refuses an editor removing someone else', async () => {
      const { sut, id, roleOf } = await setUp();
      await expect(sut.removeMember(eddie, id, 4)).rejects.toMatchObject({ status: 403 });
      expect(await roleOf(4)).toBe('viewer');
    });

    it('lets any member but the owner leave', async () => {
      const { sut, id, roleOf } = await setUp();
      await sut.removeMember(vera, id, 4);
      expect(await roleOf(4)).toBeUndefined();
      await expect(sut.leave(olga, id)).rejects.toMatchObject({
        status: 403,
        message: WORKSPACE_TEXT.ownerCannotLeave,
      });
    });
  });

  describe('the last workspace', () => {
    it('opens the workspace a member used last, and the default one once they are no longer in it', async () => {
      const { sut, id } = await setUp();
      expect(await sut.lastActiveOf(3)).toBe(0);
      await sut.rememberActive(eddie, id);
      expect(await sut.lastActiveOf(3)).toBe(id);
      await sut.removeMember(adam, id, 3);
      expect(await sut.lastActiveOf(3)).toBe(0);
    });

    it('refuses to remember a workspace the caller is not a member of (404), and takes the default', async () => {
      const { sut, id, repo } = await setUp();
      await expect(sut.rememberActive(nina, id)).rejects.toMatchObject({ status: 404 });
      expect(repo.lastWorkspaces.get(5)).toBeUndefined();
      await sut.rememberActive(vera, id);
      await sut.rememberActive(vera, 0);
      expect(repo.lastWorkspaces.get(4)).toBeNull();
    });
  });

  describe('join and decline', () => {
    async function invited(role: 'admin' | 'editor' | 'viewer' = 'editor') {
      const env = await setUp();
      await env.sut.invite(adam, env.id, { emails: ['nina@x.test'], role }, ctx);
      return { ...env, inviteId: env.repo.invites_[0].id };
    }

    it("joins at the invite's role, spends the invite and tells the owner", async () => {
      const { sut, repo, notifier, clock, id, inviteId, roleOf } = await invited('editor');
      clock.advance(HOUR);
      await expect(sut.join(nina, inviteId, ctx)).resolves.toMatchObject({ id, role: 'editor' });
      expect(await repo.getMember(id, 5)).toMatchObject({ role: 'editor', created_at: clock.iso() });
      expect(await roleOf(5)).toBe('editor');
      expect(repo.invites_).toEqual([]);
      expect(notifier.sent.at(-1)).toMatchObject({ userId: 1, type: 'workspace-joined' });
      expect(notifier.settled).toEqual([{ userId: 5, inviteId }]);
    });

    it("answers 404 to someone else's invite", async () => {
      const { sut, inviteId, roleOf } = await invited();
      await expect(sut.join(vera, inviteId)).rejects.toMatchObject({ status: 404 });
      expect(await roleOf(4)).toBe('viewer');
    });

    it('answers 404 to an invite already answered', async () => {
      const { sut, inviteId } = await invited();
      await sut.decline(nina, inviteId);
      await expect(sut.join(nina, inviteId)).rejects.toMatchObject({ status: 404 });
    });

    it('declines without joining', async () => {
      const { sut, repo, notifier, id, inviteId } = await invited();
      await sut.decline(nina, inviteId);
      expect(repo.invites_).toEqual([]);
      expect(await repo.getMember(id, 5)).toBeUndefined();
      expect(notifier.settled).toEqual([{ userId: 5, inviteId }]);
    });

    it('lets an invited address register while registration is off', async () => {
      const { invitations, inviteId } = await invited();
      await expect(invitations.allowsRegistration({ id: inviteId, email: ' Nina@x.test' })).resolves.toBe(true);
      await expect(invitations.allowsRegistration({ id: inviteId, email: 'eve@x.test' })).resolves.toBe(false);
    });
  });
});
