import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccountsApp, del, newAgent, put } from '../helpers/accounts.ts';
import type { MailCatcher } from '../helpers/smtp.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { Person, sharedNotifications } from './sharing.ts';

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
const freshEmail = () => `invitee-${Date.now()}-${n++}@example.test`;

describe('SharesService', () => {
  describe('share', () => {
    it("shares a folder: in the recipient's shared with me with its owner, and a notification and a mail", async () => {
      const owner = await Person.create(t, {
        first_name: 'Asha',
        last_name: 'Rao',
        image: '/api/v1/avatars/asha.webp',
      });
      const bob = await Person.create(t);
      const docs = await owner.folder('Docs');
      await owner.upload('a.txt', 'alpha', docs.id);
      const res = await owner.share([docs.id], [bob.user.email.toUpperCase()], 'edit');
      expect(res.results).toEqual([{ email: bob.user.email, ok: true, invited: true }]);
      // The answer does not tell that the address has an account; the list read again does.
      expect(res.people).toEqual([
        expect.objectContaining({ entry_id: docs.id, user_id: null, email: bob.user.email, status: 'invited' }),
      ]);
      const access = (await owner.agent.get(`/api/v1/file-entries/${docs.id}/shares`)).json();
      expect(access.people).toEqual([
        expect.objectContaining({
          entry_id: docs.id,
          user_id: bob.user.id,
          email: bob.user.email,
          permission: 'edit',
          status: 'active',
        }),
      ]);

      const shared = await bob.list({ section: 'shares' });
      expect(shared).toHaveLength(1);
      expect(shared[0]).toMatchObject({
        id: docs.id,
        name: 'Docs',
        permission: 'edit',
        parent_id: null,
        path: `/${docs.id}/`,
        owner: { id: owner.user.id, name: 'Asha Rao', email: owner.user.email, image: '/api/v1/avatars/asha.webp' },
      });
      expect((await bob.list({ section: 'folder', folderHash: docs.hash })).map((e) => e.name)).toEqual(['a.txt']);

      const [notification] = await sharedNotifications(t, bob.user.id);
      expect(notification).toMatchObject({ type: 'file-entry-shared', read_at: null });
      expect(notification.data).toMatchObject({
        image: 'people',
        lines: [{ type: 'primary', content: '<strong>Asha Rao</strong> shared <strong>"Docs"</strong> with you' }],
        mainAction: { action: `/drive/folders/${docs.hash}`, label: 'Open' },
        entryIds: [docs.id],
        permission: 'edit',
        sharedBy: owner.user.id,
      });
      const message = await mail.waitFor(bob.user.email, (m) => m.subject.includes('Docs'));
      expect(message.subject).toBe('Asha Rao shared "Docs" with you');
      expect(message.text).toContain(`/drive/folders/${docs.hash}`);
    });

    it('shares without a notification or mail while staff have turned share notifications off', async () => {
      await settings({ 'drive.share_notifications': false });
      try {
        const owner = await Person.create(t);
        const bob = await Person.create(t);
        const file = await owner.upload('quiet.txt', 'q');
        expect((await owner.share([file.id], [bob.user.email], 'view')).results[0]?.ok).toBe(true);
        expect((await bob.list({ section: 'shares' })).map((e) => e.name)).toEqual(['quiet.txt']);
        // The next share (notifications back on) is mailed; nothing of the quiet one came before it.
        await settings({ 'drive.share_notifications': true });
        const loud = await owner.upload('loud.txt', 'l');
        await owner.share([loud.id], [bob.user.email], 'view');
        await mail.waitFor(bob.user.email, (m) => m.subject.includes('loud.txt'));
        expect(mail.to(bob.user.email).map((m) => m.subject)).toEqual([expect.stringContaining('loud.txt')]);
        expect(await sharedNotifications(t, bob.user.id)).toHaveLength(1);
      } finally {
        await settings({ 'drive.share_notifications': true });
      }
    });

    it('shares entries with several people; sharing again changes the permission without notifying again', async () => {
      const owner = await Person.create(t);
      const [bob, carol] = [await Person.create(t), await Person.create(t)];
      const a = await owner.upload('a.txt', 'a');
      const b = await owner.folder('B');
      await owner.share([a.id, b.id], [bob.user.email, carol.user.email], 'view');
      expect((await bob.list({ section: 'shares' })).map((e) => [e.name, e.permission])).toEqual([
        ['B', 'view'],
        ['a.txt', 'view'],
      ]);
      await owner.share([a.id], [bob.user.email], 'download');
      expect(
        (await bob.list({ section: 'shares', orderBy: 'name', orderDir: 'asc' })).map((e) => [e.name, e.permission]),
      ).toEqual([
        ['B', 'view'],
        ['a.txt', 'download'],
      ]);
      expect(await sharedNotifications(t, bob.user.id)).toHaveLength(1);
      expect((await sharedNotifications(t, carol.user.id))[0].data.lines[0].content).toContain(
        '"a.txt" and 1 more item',
      );
    });

    it("answers per address: a malformed address and the owner's own are refused, the rest shared", async () => {
      const owner = await Person.create(t);
      const bob = await Person.create(t);
      const a = await owner.upload('a.txt', 'a');
      const res = await owner.share([a.id], ['not-an-address', owner.user.email, bob.user.email], 'view');
      expect(res.results).toEqual([
        { email: 'not-an-address', ok: false, invited: false, message: 'The email must be a valid email address.' },
        { email: owner.user.email, ok: false, invited: false, message: 'You already own these items.' },
        { email: bob.user.email, ok: true, invited: true },
      ]);
    });

    it('lets only the owner share: a recipient gets 403, a stranger 404, and nothing is shared', async () => {
      const owner = await Person.create(t);
      const bob = await Person.create(t);
      const stranger = await Person.create(t);
      const a = await owner.upload('a.txt', 'a');
      await owner.share([a.id], [bob.user.email], 'edit');
      expect((await bob.shareRaw([a.id], [stranger.user.email], 'view')).statusCode).toBe(403);
      expect((await stranger.shareRaw([a.id], [stranger.user.email], 'view')).statusCode).toBe(404);
      expect(await stranger.list({ section: 'shares' })).toEqual([]);
      expect((await bob.shareRaw([a.id], [stranger.user.email], 'owner' as never)).statusCode).toBe(422);
    });
  });

  describe('who has access', () => {
    it('lists the owner and the people, shares of folders above included; only to the owner', async () => {
      const owner = await Person.create(t, { first_name: 'Olga' });
      const bob = await Person.create(t, { first_name: 'Bob' });
      const carol = await Person.create(t);
      const docs = await owner.folder('Docs');
      const file = await owner.upload('f.txt', 'f', docs.id);
      const invitee = freshEmail();
      await owner.share([docs.id], [bob.user.email], 'view');
      await owner.share([file.id], [carol.user.email, invitee], 'download');
      const res = await owner.agent.get(`/api/v1/file-entries/${file.id}/shares`);
      expect(res.statusCode).toBe(200);
      expect(res.json().owner).toMatchObject({ id: owner.user.id, name: 'Olga', email: owner.user.email });
      expect(
        res
          .json()
          .people.map((p: { entry_id: number; name: string; permission: string; status: string }) => [
            p.entry_id,
            p.name,
            p.permission,
            p.status,
          ]),
      ).toEqual([
        [docs.id, 'Bob', 'view', 'active'],
        [file.id, carol.user.email.split('@')[0], 'download', 'active'],
        [file.id, invitee, 'download', 'invited'],
      ]);
      expect((await bob.agent.get(`/api/v1/file-entries/${file.id}/shares`)).statusCode).toBe(403);
      expect((await (await Person.create(t)).agent.get(`/api/v1/file-entries/${file.id}/shares`)).statusCode).toBe(404);
    });

    it("changes a permission: the recipient's next call follows it; only the owner may change it", async () => {
      const owner = await Person.create(t);
      const bob = await Person.create(t);
      const docs = await owner.folder('Docs');
      const { people } = await owner.share([docs.id], [bob.user.email], 'view');
      expect((await bob.agent.post('/api/v1/folders', { name: 'x', parentId: docs.id })).statusCode).toBe(403);
      expect(
        (await put(bob.agent, `/api/v1/file-entries/shares/${people[0].id}`, { permission: 'edit' })).statusCode,
      ).toBe(403);
      const changed = await put(owner.agent, `/api/v1/file-entries/shares/${people[0].id}`, { permission: 'edit' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().share).toMatchObject({ id: people[0].id, permission: 'edit' });
      expect((await bob.agent.post('/api/v1/folders', { name: 'x', parentId: docs.id })).statusCode).toBe(201);
      expect(
        (
          await put((await Person.create(t)).agent, `/api/v1/file-entries/shares/${people[0].id}`, {
            permission: 'edit',
          })
        ).statusCode,
      ).toBe(404);
    });

    it('removes a person: revoked mid-session, their next call answers 404', async () => {
      const owner = await Person.create(t);
      const bob = await Person.create(t);
      const docs = await owner.folder('Docs');
      const file = await owner.upload('in.txt', 'inside', docs.id);
      const { people } = await owner.share([docs.id], [bob.user.email], 'download');
      expect((await bob.agent.get(`/api/v1/file-entries/${file.hash}/download`)).body).toBe('inside');
      expect((await del(owner.agent, `/api/v1/file-entries/shares/${people[0].id}`)).statusCode).toBe(204);
      expect((await bob.agent.get(`/api/v1/file-entries/${file.hash}/download`)).statusCode).toBe(404);
      expect((await bob.listRaw({ section: 'folder', folderHash: docs.hash })).statusCode).toBe(404);
      expect(await bob.list({ section: 'shares' })).toEqual([]);
    });
  });

  describe('shared with me', () => {
    it('lists folders first, sorted, page by page; what the owner trashes leaves it', async () => {
      const owner = await Person.create(t);
      const bob = await Person.create(t);
      const files = [];
      for (const name of ['c.txt', 'a.txt', 'b.txt']) files.push(await owner.upload(name, name));
      const ids = files.map((f) => f.id);
      const folder = await owner.folder('Zeta');
      await owner.share([...ids, folder.id], [bob.user.email], 'view');
      const first = await bob.listRaw({ section: 'shares', orderBy: 'name', orderDir: 'asc', perPage: 3 });
      expect(first.json()).toMatchObject({ current_page: 1, last_page: 2, total: 4 });
      expect(first.json().data.map((e: { name: string }) => e.name)).toEqual(['Zeta', 'a.txt', 'b.txt']);
      expect(
        (await bob.list({ section: 'shares', orderBy: 'name', orderDir: 'asc', perPage: 3, page: 2 })).map(
          (e) => e.name,
        ),
      ).toEqual(['c.txt']);
      await owner.agent.post('/api/v1/file-entries/delete', { entryIds: [ids[0]] });
      expect((await bob.list({ section: 'shares', orderBy: 'name', orderDir: 'asc' })).map((e) => e.name)).toEqual([
        'Zeta',
        'a.txt',
        'b.txt',
      ]);
      expect((await bob.agent.get(`/api/v1/file-entries/${files[0].hash}`)).statusCode).toBe(404);
      expect((await owner.agent.get(`/api/v1/file-entries/${files[0].hash}`)).statusCode).toBe(200);
    });

    it('lets the recipient remove shares from their list (their access ends); the owner keeps the entry', async () => {
      const owner = await Person.create(t);
      const bob = await Person.create(t);
      const a = await owner.upload('a.txt', 'a');
      const b = await owner.upload('b.txt', 'b');
      const { people } = await owner.share([a.id, b.id], [bob.user.email], 'view');
      const res = await bob.agent.post('/api/v1/file-entries/shares/leave', { entryIds: [a.id, 999_999] });
      expect(res.json().results).toEqual([
        { id: a.id, ok: true },
        { id: 999_999, ok: false, message: 'This item is not shared with you.' },
      ]);
      expect((await bob.list({ section: 'shares' })).map((e) => e.name)).toEqual(['b.txt']);
      expect((await bob.agent.get(`/api/v1/file-entries/${a.hash}`)).statusCode).toBe(404);
      // Leaving by share id works too.
      const bShare = people.find((p) => p.entry_id === b.id)!;
      expect((await del(bob.agent, `/api/v1/file-entries/shares/${bShare.id}`)).statusCode).toBe(204);
      expect(await bob.list({ section: 'shares' })).toEqual([]);
      expect((await owner.agent.get(`/api/v1/file-entries/${a.hash}`)).statusCode).toBe(200);
    });
  });

  describe('invitations', () => {
    it('invites an address without an account by email; the share applies once it registers by the link', async () => {
      const owner = await Person.create(t, { first_name: 'Asha' });
      const docs = await owner.folder('Plans');
      const email = freshEmail();
      const res = await owner.share([docs.id], [email], 'edit');
      expect(res.results).toEqual([{ email, ok: true, invited: true }]);
      expect(res.people[0]).toMatchObject({ user_id: null, email, status: 'invited' });
      const invitation = await mail.waitFor(email);
      expect(invitation.subject).toBe('Asha shared "Plans" with you on Kosh');
      const link = new URL(/(https?:\/\/\S+\/register\/\S+)/.exec(invitation.text)![1]);
      expect(link.searchParams.get('invite_type')).toBe('file_entry_share');
      expect(link.searchParams.get('email')).toBe(email);

      const agent = newAgent(t);
      const registered = await agent.post('/auth/register', {
        email,
        password: 'long enough pw',
        password_confirmation: 'long enough pw',
        invite_id: link.pathname.split('/').pop(),
        invite_type: 'file_entry_share',
      });
      expect(registered.statusCode).toBe(200);
      const user = (await t.modules.users.repos.users.getByEmail(email))!;
      const shared = await agent.get('/api/v1/drive/file-entries?section=shares');
      expect(shared.json().data.map((e: { name: string; permission: string }) => [e.name, e.permission])).toEqual([
        ['Plans', 'edit'],
      ]);
      expect((await agent.post('/api/v1/folders', { name: 'Mine too', parentId: docs.id })).statusCode).toBe(201);
      expect((await sharedNotifications(t, user.id))[0].data).toMatchObject({
        entryIds: [docs.id],
        sharedBy: owner.user.id,
      });
      const access = (await owner.agent.get(`/api/v1/file-entries/${docs.id}/shares`)).json();
      expect(access.people[0]).toMatchObject({ user_id: user.id, status: 'active' });
    });

    it('waits for a verified address where required, unless registration carried the invitation token', async () => {
      await settings({ require_email_confirmation: true });
      const owner = await Person.create(t);
      const docs = await owner.folder('Secret plans');
      const [plain, withToken] = [freshEmail(), freshEmail()];
      await owner.share([docs.id], [plain, withToken], 'view');

      const agent = newAgent(t);
      expect(
        (
          await agent.post('/auth/register', {
            email: plain,
            password: 'long enough pw',
            password_confirmation: 'long enough pw',
          })
        ).json().status,
      ).toBe('needs_email_verification');
      expect((await agent.get('/api/v1/drive/file-entries?section=shares')).json().data).toEqual([]);
      expect((await agent.get(`/api/v1/drive/file-entries?section=folder&folderHash=${docs.hash}`)).statusCode).toBe(
        404,
      );
      const code = await mail.codeFor(plain);
      expect((await agent.post('/api/v1/validate-email-verification-otp', { code })).statusCode).toBe(200);
      expect(
        (await agent.get('/api/v1/drive/file-entries?section=shares')).json().data.map((e: { name: string }) => e.name),
      ).toEqual(['Secret plans']);

      const token = new URL(/(https?:\/\/\S+\/register\/\S+)/.exec((await mail.waitFor(withToken)).text)![1]).pathname
        .split('/')
        .pop()!;
      const other = newAgent(t);
      const res = await other.post('/auth/register', {
        email: withToken,
        password: 'long enough pw',
        password_confirmation: 'long enough pw',
        invite_type: 'file_entry_share',
        invite_id: token,
      });
      expect(res.json().status).toBe('needs_email_verification');
      expect(
        (await other.get('/api/v1/drive/file-entries?section=shares')).json().data.map((e: { name: string }) => e.name),
      ).toEqual(['Secret plans']);
    });

    it('lets an invited address register while registration is disabled, with its invitation token only', async () => {
      await settings({ 'registration.disable': true });
      const owner = await Person.create(t);
      const docs = await owner.folder('Invite only');
      const email = freshEmail();
      await owner.share([docs.id], [email], 'view');
      const token = new URL(/(https?:\/\/\S+\/register\/\S+)/.exec((await mail.waitFor(email)).text)![1]).pathname
        .split('/')
        .pop()!;
      const body = {
        email,
        password: 'long enough pw',
        password_confirmation: 'long enough pw',
        invite_type: 'file_entry_share',
      };
      expect((await newAgent(t).post('/auth/register', { ...body, invite_id: 'wrong-token' })).statusCode).toBe(403);
      expect(
        (await newAgent(t).post('/auth/register', { ...body, email: freshEmail(), invite_id: token })).statusCode,
      ).toBe(403);
      const agent = newAgent(t);
      expect((await agent.post('/auth/register', { ...body, invite_id: token })).statusCode).toBe(200);
      expect(
        (await agent.get('/api/v1/drive/file-entries?section=shares')).json().data.map((e: { name: string }) => e.name),
      ).toEqual(['Invite only']);
    });
  });
});

describe('OpenAPI document', () => {
  it('describes every sharing and shareable link route', async () => {
    const me = await Person.create(t);
    const res = await me.agent.get('/api-docs/json');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<
      string,
      Record<string, { summary?: string; description?: string; tags?: string[] }>
    >;
    const routes: Array<[string, string]> = [
      ['/api/v1/file-entries/{entryId}/shares', 'get'],
      ['/api/v1/file-entries/shares', 'post'],
      ['/api/v1/file-entries/shares/{shareId}', 'put'],
      ['/api/v1/file-entries/shares/{shareId}', 'delete'],
      ['/api/v1/file-entries/shares/leave', 'post'],
      ['/api/v1/file-entries/{entryId}/shareable-link', 'get'],
      ['/api/v1/file-entries/{entryId}/shareable-link', 'post'],
      ['/api/v1/file-entries/{entryId}/shareable-link', 'put'],
      ['/api/v1/file-entries/{entryId}/shareable-link', 'delete'],
      ['/api/v1/shareable-links/{hash}', 'get'],
      ['/api/v1/shareable-links/{hash}/password', 'post'],
      ['/api/v1/shareable-links/{hash}/entries/{entryHash}/download', 'get'],
      ['/api/v1/shareable-links/{hash}/entries/{entryHash}/thumbnail', 'get'],
      ['/api/v1/shareable-links/{hash}/download', 'get'],
      ['/api/v1/shareable-links/{hash}/save', 'post'],
      ['/api/v1/shareable-links/{hash}/upload', 'post'],
    ];
    for (const [path, method] of routes) {
      expect(paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
      expect(paths[path]?.[method]?.description, `${method} ${path}`).toBeTruthy();
    }
    expect(paths['/api/v1/drive/file-entries'].get.description).toContain('shares (shared with me');
  });
});
