import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccountsApp, del, newAgent, put } from '../helpers/accounts.ts';
import type { MailCatcher } from '../helpers/smtp.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { inviteNotifications, Member, notificationsOf, teamOf } from './workspaces.ts';

let t: TestApp;
let mail: MailCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, mail, close } = await createAccountsApp());
});
afterAll(() => close());

const settings = (values: Record<string, unknown>) =>
  Promise.all(Object.entries(values).map(([k, v]) => t.modules.settings.service.set(k, v)));
beforeEach(() => settings({ 'registration.disable': false, require_email_confirmation: false }));

let n = 0;
const freshEmail = () => `ws-invitee-${Date.now()}-${n++}@example.test`;
const STALE = { message: 'This invite is no longer valid' };

describe('WorkspacesService', () => {
  describe('create, list, rename, delete', () => {
    it("lists the default workspace first, then the caller's workspaces with their role", async () => {
      const me = await Member.create(t);
      expect(await me.workspaces()).toEqual([{ id: 0, name: 'Default', members_count: 1 }]);
      const design = await me.createWorkspace('  Design  ');
      const ops = await me.createWorkspace('Ops');
      expect(design).toMatchObject({ name: 'Design', members_count: 1, owner_id: me.user.id, role: 'owner' });
      expect(await me.workspaces()).toEqual([
        { id: 0, name: 'Default', members_count: 1 },
        { id: design.id, name: 'Design', members_count: 1, owner_id: me.user.id, role: 'owner' },
        { id: ops.id, name: 'Ops', members_count: 1, owner_id: me.user.id, role: 'owner' },
      ]);
      // Someone else sees only the default.
      expect(await (await Member.create(t)).workspaces()).toEqual([{ id: 0, name: 'Default', members_count: 1 }]);
    });

    it('refuses bad input with an errors map, guests with 401 and a missing anti-forgery token with 403', async () => {
      const me = await Member.create(t);
      const empty = await me.agent.post('/api/v1/workspace', { name: '   ' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors.name).toBeDefined();
      const long = await me.agent.post('/api/v1/workspace', { name: 'x'.repeat(101) });
      expect(long.statusCode).toBe(422);
      expect(long.json().errors.name).toBeDefined();
      expect((await me.agent.get('/api/v1/workspace/abc')).statusCode).toBe(422);
      const ws = await me.createWorkspace('Valid');
      const badRole = await me.inviteRaw(ws.id, ['a@example.test'], 'owner');
      expect(badRole.statusCode).toBe(422);
      expect(badRole.json().errors.role).toBeDefined();
      const noEmails = await me.inviteRaw(ws.id, [], 'viewer');
      expect(noEmails.statusCode).toBe(422);
      expect(noEmails.json().errors.emails).toBeDefined();
      expect((await del(me.agent, '/api/v1/workspace/abc')).statusCode).toBe(422);

      const guest = newAgent(t);
      expect((await guest.get('/api/v1/me/workspaces')).statusCode).toBe(401);
      expect((await guest.post('/api/v1/workspace', { name: 'X' })).statusCode).toBe(401);
      expect((await guest.get(`/api/v1/workspace/${ws.id}`)).statusCode).toBe(401);
      expect((await guest.get('/api/v1/workspace/join/whatever')).statusCode).toBe(401);

      const forged = await me.agent.request({
        method: 'POST',
        url: '/api/v1/workspace',
        payload: { name: 'Forged' },
        xsrf: false,
      });
      expect(forged.statusCode).toBe(403);
      const forgedDelete = await me.agent.request({
        method: 'POST',
        url: `/api/v1/workspace/${ws.id}`,
        headers: { 'x-http-method-override': 'DELETE' },
        xsrf: false,
      });
      expect(forgedDelete.statusCode).toBe(403);
      expect((await me.workspaces()).map((w) => w.name)).toEqual(['Default', 'Valid']);
    });

    it('caps owned workspaces (count) and members plus invites (member_count) by workspaces.create', async () => {
      const me = await Member.create(t);
      const perm = (
        await t.modules.db
          .selectFrom('permissions')
          .select('id')
          .where('name', '=', 'workspaces.create')
          .executeTakeFirstOrThrow()
      ).id;
      const restrictions = [
        { name: 'count', value: 1 },
        { name: 'member_count', value: 2 },
      ];
      await t.modules.db
        .insertInto('permission_user')
        .values({ user_id: me.user.id, permission_id: perm, restrictions: JSON.stringify(restrictions) })
        .execute();
      const ws = await me.createWorkspace('One');
      const second = await me.agent.post('/api/v1/workspace', { name: 'Two' });
      expect(second.statusCode).toBe(403);
      expect(second.json().message).toBe('You have reached the maximum number of workspaces.');
      const [a, b] = [freshEmail(), freshEmail()];
      expect((await me.invite(ws.id, [a], 'viewer')).results[0]).toEqual({ email: a, ok: true, invited: true });
      expect((await me.invite(ws.id, [b], 'viewer')).results[0]).toEqual({
        email: b,
        ok: false,
        invited: false,
        message: 'This workspace has reached its maximum number of members.',
      });
      // Inviting the pending address again renews its invite; it takes no new place.
      expect((await me.invite(ws.id, [a], 'editor')).workspace.invites).toEqual([
        expect.objectContaining({ email: a, role: 'editor' }),
      ]);
    });

    it("lets only the owner rename and delete; deleting moves its files to the owner's trash", async () => {
      const { owner, ws, members } = await teamOf(t, ['admin', 'editor']);
      const [admin, editor] = members;
      expect((await put(admin.agent, `/api/v1/workspace/${ws.id}`, { name: 'Mine now' })).statusCode).toBe(403);
      const renamed = await put(owner.agent, `/api/v1/workspace/${ws.id}`, { name: 'Renamed' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().workspace).toMatchObject({ id: ws.id, name: 'Renamed', members_count: 3 });
      expect((await admin.workspaces()).find((w) => w.id === ws.id)).toMatchObject({
        name: 'Renamed',
        role: 'admin',
        members_count: 3,
      });

      const folder = (await editor.folderRaw(ws.id, 'Specs')).json().fileEntry;
      await editor.upload(ws.id, 'inside.txt', 'inside', folder.id);
      await editor.upload(ws.id, 'top.txt', 'top');
      expect((await del(editor.agent, `/api/v1/workspace/${ws.id}`)).statusCode).toBe(403);
      expect((await del(admin.agent, `/api/v1/workspace/${ws.id}`)).statusCode).toBe(403);
      expect((await del(owner.agent, `/api/v1/workspace/${ws.id}`)).json()).toEqual({});

      expect((await editor.workspaces()).map((w) => w.id)).toEqual([0]);
      expect((await editor.listRaw(ws.id)).statusCode).toBe(404);
      expect((await editor.details(ws.id)).statusCode).toBe(404);
      expect((await owner.details(ws.id)).statusCode).toBe(404);
      expect((await owner.names(0, { section: 'trash' })).sort()).toEqual(['Specs', 'top.txt']);
      expect(await owner.names(0)).toEqual([]);
      // Restored, they are the owner's own files again.
      const restored = await owner.agent.post('/api/v1/file-entries/restore', { entryIds: [folder.id] });
      expect(restored.statusCode).toBe(200);
      expect(await owner.names(0, { section: 'folder', folderHash: folder.hash })).toEqual(['inside.txt']);
      expect((await editor.agent.get(`/api/v1/file-entries/${folder.hash}`)).statusCode).toBe(404);
    });
  });

  describe('invites', () => {
    it('invites a user: a workspace-invite notification with inviteId, join and decline; join answers it', async () => {
      const owner = await Member.create(t, { first_name: 'Olga' });
      const ws = await owner.createWorkspace('Marketing');
      const bob = await Member.create(t);
      const res = await owner.invite(ws.id, [bob.user.email.toUpperCase()], 'editor');
      expect(res.results).toEqual([{ email: bob.user.email, ok: true, invited: true }]);
      expect(res.workspace.invites).toEqual([expect.objectContaining({ email: bob.user.email, role: 'editor' })]);
      const [note] = await inviteNotifications(t, bob.user.id);
      expect(note.data).toMatchObject({
        image: 'group-add',
        inviteId: res.workspace.invites[0].id,
        buttonActions: [
          { label: 'Join', action: 'join-workspace' },
          { label: 'Decline', action: 'decline-workspace' },
        ],
      });
      expect(note.data.lines[0].content).toContain('Marketing');
      // And an email (the type's default channels include email) pointing at the notifications.
      const invitation = await mail.waitFor(bob.user.email, (m) => /invited you/.test(m.subject));
      expect(invitation.subject).toBe('Olga invited you to join Marketing on Kosh');
      expect(invitation.text).toMatch(/https?:\/\/\S+\/notifications/);
      // Not a member until joining.
      expect((await bob.details(ws.id)).statusCode).toBe(404);
      expect((await bob.workspaces()).map((w) => w.id)).toEqual([0]);

      const joined = await bob.join(note.data.inviteId);
      expect(joined.statusCode).toBe(200);
      // The answered invite's notification is read and no longer offers Join or Decline.
      const [settled] = await inviteNotifications(t, bob.user.id);
      expect(settled.read_at).not.toBeNull();
      expect(settled.data).toMatchObject({ inviteId: note.data.inviteId, buttonActions: [] });
      expect(joined.json().workspace).toMatchObject({ id: ws.id, name: 'Marketing', members_count: 2, role: 'editor' });
      expect((await bob.workspaces()).map((w) => [w.id, w.role])).toEqual([
        [0, undefined],
        [ws.id, 'editor'],
      ]);
      const details = await owner.members(ws.id);
      expect(details.members.map((m) => [m.id, m.role])).toEqual([
        [owner.user.id, 'owner'],
        [bob.user.id, 'editor'],
      ]);
      expect(details.invites).toEqual([]);
      const [joinedNote] = await notificationsOf(t, owner.user.id, 'workspace-joined');
      expect(joinedNote.data.lines[0].content).toContain('Marketing');

      // The invite is used up.
      const again = await bob.join(note.data.inviteId);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject(STALE);
      // Inviting a member again is refused for that address.
      expect((await owner.invite(ws.id, [bob.user.email], 'viewer')).results).toEqual([
        {
          email: bob.user.email,
          ok: false,
          invited: false,
          message: 'This person is already a member of the workspace.',
        },
      ]);
    });

    it("declines an invite; a stale or another's invite answers 404 'This invite is no longer valid'", async () => {
      const owner = await Member.create(t);
      const ws = await owner.createWorkspace('Sales');
      const [carol, dave] = [await Member.create(t), await Member.create(t)];
      await owner.invite(ws.id, [carol.user.email, 'not-an-email'], 'viewer');
      const [note] = await inviteNotifications(t, carol.user.id);
      const id = note.data.inviteId as string;

      const stolen = await dave.join(id);
      expect(stolen.statusCode).toBe(404);
      expect(stolen.json()).toMatchObject(STALE);
      expect((await dave.decline(id)).statusCode).toBe(404);

      const declined = await carol.decline(id);
      expect(declined.statusCode).toBe(200);
      expect(declined.json()).toEqual({});
      expect((await inviteNotifications(t, carol.user.id))[0].data.buttonActions).toEqual([]);
      expect((await carol.decline(id)).json()).toMatchObject(STALE);
      expect((await carol.join(id)).statusCode).toBe(404);
      expect((await carol.workspaces()).map((w) => w.id)).toEqual([0]);
      expect((await owner.members(ws.id)).invites).toEqual([]);
      expect((await carol.join('no-such-invite')).json()).toMatchObject(STALE);
    });

    it('answers an invalid address in results; an admin can cancel a pending invite (then it is stale)', async () => {
      const owner = await Member.create(t);
      const ws = await owner.createWorkspace('Cancel');
      const erin = await Member.create(t);
      const res = await owner.invite(ws.id, [erin.user.email, 'not-an-email'], 'viewer');
      expect(res.results).toEqual([
        { email: erin.user.email, ok: true, invited: true },
        { email: 'not-an-email', ok: false, invited: false, message: 'The email must be a valid email address.' },
      ]);
      const inviteId = res.workspace.invites[0].id;
      expect((await del(owner.agent, `/api/v1/workspace/${ws.id}/invite/${inviteId}`)).statusCode).toBe(200);
      expect((await erin.join(inviteId)).json()).toMatchObject(STALE);
    });

    it('mails an address without an account a register link; registering and joining makes it a member', async () => {
      const owner = await Member.create(t, { first_name: 'Olga' });
      const ws = await owner.createWorkspace('Newcomers');
      const email = freshEmail();
      const res = await owner.invite(ws.id, [email], 'editor');
      expect(res.results).toEqual([{ email, ok: true, invited: true }]);
      const invitation = await mail.waitFor(email);
      expect(invitation.subject).toBe('Olga invited you to join Newcomers on Kosh');
      const link = new URL(/(https?:\/\/\S+\/workspace\/join\/register\/\S+)/.exec(invitation.text)![1]);
      const inviteId = link.pathname.split('/').pop()!;
      // The link carries a token of the mail's own, not the inviteId the workspace's admins see.
      expect(inviteId).not.toBe(res.workspace.invites[0].id);
      expect(link.searchParams.get('email')).toBe(email);

      const agent = newAgent(t);
      const registered = await agent.post('/auth/register', {
        email,
        password: 'long enough pw',
        password_confirmation: 'long enough pw',
        invite_type: 'workspace',
        invite_id: inviteId,
      });
      expect(registered.statusCode).toBe(200);
      const joined = await agent.get(`/api/v1/workspace/join/${inviteId}`);
      expect(joined.statusCode).toBe(200);
      expect(joined.json().workspace).toMatchObject({ id: ws.id, role: 'editor' });
      expect((await agent.post(`/api/v1/folders`, { name: 'Hello', workspaceId: ws.id })).statusCode).toBe(201);
      expect(await owner.names(ws.id)).toEqual(['Hello']);
    });

    it('lets an invited address register while registration is disabled, with its invite id only', async () => {
      await settings({ 'registration.disable': true });
      const owner = await Member.create(t);
      const ws = await owner.createWorkspace('Closed');
      const email = freshEmail();
      await owner.invite(ws.id, [email], 'viewer');
      const inviteId = new URL(
        /(https?:\/\/\S+\/workspace\/join\/register\/\S+)/.exec((await mail.waitFor(email)).text)![1],
      ).pathname
        .split('/')
        .pop()!;
      const body = { email, password: 'long enough pw', password_confirmation: 'long enough pw' };
      expect((await newAgent(t).post('/auth/register', body)).statusCode).toBe(403);
      expect((await newAgent(t).post('/auth/register', { ...body, invite_id: 'wrong-id' })).statusCode).toBe(403);
      expect(
        (await newAgent(t).post('/auth/register', { ...body, email: freshEmail(), invite_id: inviteId })).statusCode,
      ).toBe(403);
      const agent = newAgent(t);
      expect((await agent.post('/auth/register', { ...body, invite_id: inviteId })).statusCode).toBe(200);
      expect((await agent.get(`/api/v1/workspace/join/${inviteId}`)).json().workspace).toMatchObject({
        id: ws.id,
        role: 'viewer',
      });
    });
  });

  it('states what each role may do in the OpenAPI document', async () => {
    const doc = (await newAgent(t).get('/api-docs/json')).json();
    for (const path of [
      '/api/v1/me/workspaces',
      '/api/v1/workspace',
      '/api/v1/workspace/{id}',
      '/api/v1/workspace/{id}/invite',
      '/api/v1/workspace/{id}/member/{userId}',
      '/api/v1/workspace/join/{inviteId}',
      '/api/v1/workspace/invite/{inviteId}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const roles = doc.paths['/api/v1/me/workspaces'].get.description as string;
    for (const role of ['viewer:', 'editor:', 'admin:', 'owner']) expect(roles).toContain(role);
  });

  describe('members', () => {
    it("admins invite, change roles and remove; editors and viewers may not; the owner's role stays", async () => {
      const { owner, ws, members } = await teamOf(t, ['admin', 'editor', 'viewer']);
      const [admin, editor, viewer] = members;
      const frank = await Member.create(t);
      expect((await editor.inviteRaw(ws.id, [frank.user.email], 'viewer')).statusCode).toBe(403);
      expect((await viewer.inviteRaw(ws.id, [frank.user.email], 'viewer')).statusCode).toBe(403);
      expect((await admin.invite(ws.id, [frank.user.email], 'viewer')).results[0].ok).toBe(true);
      // Pending invites show to those who manage members only.
      expect((await admin.members(ws.id)).invites.map((i) => i.email)).toEqual([frank.user.email]);
      expect((await viewer.members(ws.id)).invites).toEqual([]);
      expect((await viewer.members(ws.id)).members).toHaveLength(4);

      expect((await editor.setRole(ws.id, viewer.user.id, 'admin')).statusCode).toBe(403);
      const changed = await admin.setRole(ws.id, viewer.user.id, 'editor');
      expect(changed.statusCode).toBe(200);
      expect(changed.json().workspace.members.find((m: { id: number }) => m.id === viewer.user.id).role).toBe('editor');
      expect((await admin.setRole(ws.id, owner.user.id, 'viewer')).statusCode).toBe(403);
      const badRole = await admin.setRole(ws.id, viewer.user.id, 'boss');
      expect(badRole.statusCode).toBe(422);
      expect(badRole.json().errors.role).toBeDefined();
      expect((await admin.setRole(ws.id, 999999, 'viewer')).statusCode).toBe(404);

      expect((await editor.removeMember(ws.id, viewer.user.id)).statusCode).toBe(403);
      expect((await admin.removeMember(ws.id, owner.user.id)).statusCode).toBe(403);
      expect((await admin.removeMember(ws.id, viewer.user.id)).statusCode).toBe(200);
      expect((await viewer.workspaces()).map((w) => w.id)).toEqual([0]);
      expect((await viewer.listRaw(ws.id)).statusCode).toBe(404);
    });

    it("a removed member's files stay in the workspace; a member may leave, the owner may not", async () => {
      const { owner, ws, members } = await teamOf(t, ['editor', 'viewer']);
      const [editor, viewer] = members;
      await editor.upload(ws.id, 'report.txt', 'by the editor');
      expect((await owner.removeMember(ws.id, editor.user.id)).statusCode).toBe(200);
      expect(await owner.names(ws.id)).toEqual(['report.txt']);
      expect((await editor.listRaw(ws.id)).statusCode).toBe(404);

      expect((await viewer.agent.post(`/api/v1/workspace/${ws.id}/leave`, {})).statusCode).toBe(200);
      expect((await viewer.workspaces()).map((w) => w.id)).toEqual([0]);
      expect((await viewer.details(ws.id)).statusCode).toBe(404);
      const ownerLeaves = await owner.agent.post(`/api/v1/workspace/${ws.id}/leave`, {});
      expect(ownerLeaves.statusCode).toBe(403);
      expect(ownerLeaves.json().message).toBe('The owner cannot leave the workspace. Delete it instead.');
      expect((await owner.removeMember(ws.id, owner.user.id)).statusCode).toBe(403);
      expect((await owner.members(ws.id)).members.map((m) => m.id)).toEqual([owner.user.id]);
    });

    it('a non-member gets 404 from every workspace call', async () => {
      const { ws, members } = await teamOf(t, ['viewer']);
      const outsider = await Member.create(t);
      expect((await outsider.details(ws.id)).statusCode).toBe(404);
      expect((await put(outsider.agent, `/api/v1/workspace/${ws.id}`, { name: 'Hijack' })).statusCode).toBe(404);
      expect((await del(outsider.agent, `/api/v1/workspace/${ws.id}`)).statusCode).toBe(404);
      expect((await outsider.inviteRaw(ws.id, [outsider.user.email], 'admin')).statusCode).toBe(404);
      expect((await outsider.setRole(ws.id, members[0].user.id, 'admin')).statusCode).toBe(404);
      expect((await outsider.removeMember(ws.id, members[0].user.id)).statusCode).toBe(404);
      expect((await outsider.agent.post(`/api/v1/workspace/${ws.id}/leave`, {})).statusCode).toBe(404);
      expect((await outsider.details(999999)).statusCode).toBe(404);
    });
  });
});
