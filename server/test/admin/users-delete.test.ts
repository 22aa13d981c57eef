import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Permission } from '@kosh/contracts';
import { sessionIdOf } from '../../src/auth/session-token.ts';
import { newObjectKey } from '../../src/storage/keys.ts';
import { newAgent } from '../helpers/accounts.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';
import { ADMIN_USERS, auditOf, callersOf, send, staffAgent } from './users-fixtures.ts';

let t: TestApp;
let callers: Awaited<ReturnType<typeof callersOf>>;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  callers = await callersOf(t);
  admin = callers.admin.agent;
});
afterAll(() => t.close());

const exists = async (id: number) => Boolean(await t.modules.users.repos.users.getById(id));
const stat = (key: string) => t.modules.storage.stat(key);
/** Waits for the background deletion of stored bytes that a delete started. */
const drained = () => t.modules.drive.storageDeletions.settled();

describe('DELETE admin/users/{id}', () => {
  it('answers 401 and 403 deleting nothing, 404 for an unknown user', async () => {
    const user = await createUser(t.modules);
    expect((await send(callers.visitor, 'DELETE', `${ADMIN_USERS}/${user.id}`)).statusCode).toBe(401);
    expect((await send(callers.plain, 'DELETE', `${ADMIN_USERS}/${user.id}`)).statusCode).toBe(403);
    expect(await exists(user.id)).toBe(true);
    expect((await send(admin, 'DELETE', `${ADMIN_USERS}/99999999`)).statusCode).toBe(404);
  });

  it('lets staff holding users.update delete an ordinary user, and records it', async () => {
    const user = await createUser(t.modules);
    const res = await send(callers.staff.agent, 'DELETE', `${ADMIN_USERS}/${user.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await exists(user.id)).toBe(false);
    const [row] = await auditOf(t, 'user.delete', user.id);
    expect(row).toMatchObject({ actor_id: callers.staff.user.id, target_label: user.email });
    expect(JSON.parse(row.before ?? '{}')).toMatchObject({ email: user.email, roles: [expect.any(Number)] });
  });

  it('refuses your own account and, to staff who are not admins, an admin', async () => {
    const self = await send(admin, 'DELETE', `${ADMIN_USERS}/${callers.admin.user.id}`);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot delete your own account here. Use the account settings page.');
    const other = await createUser(t.modules, { admin: true });
    const byStaff = await send(callers.staff.agent, 'DELETE', `${ADMIN_USERS}/${other.id}`);
    expect(byStaff.statusCode).toBe(403);
    expect(await exists(other.id)).toBe(true);
    expect((await send(admin, 'DELETE', `${ADMIN_USERS}/${other.id}`)).statusCode).toBe(204);
  });

  it('ends the sessions and API tokens, links and shares, and deletes the bytes in the background', async () => {
    const victim = await Person.create(t);
    const owner = await Person.create(t);
    const friend = await Person.create(t);
    const token = `kosh_${randomBytes(20).toString('hex')}`;
    await t.modules.db
      .insertInto('personal_access_tokens')
      .values({
        user_id: victim.user.id,
        name: 'cli',
        token_hash: sessionIdOf(token),
        created_at: new Date().toISOString(),
      })
      .execute();
    const bearer = { authorization: `Bearer ${token}` };
    expect((await newAgent(t, bearer).get('/api/v1/me')).statusCode).toBe(200);

    // The victim's own drive: a folder tree, a file in trash, a link, a share to a friend.
    const docs = await victim.folder('docs');
    const sub = await victim.folder('sub', docs.id);
    const deep = await victim.upload('deep.txt', 'deep bytes', sub.id);
    const top = await victim.upload('top.txt', 'top bytes');
    const trashed = await victim.upload('old.txt', 'old bytes');
    expect((await victim.agent.post('/api/v1/file-entries/delete', { entryIds: [trashed.id] })).statusCode).toBe(200);
    const link = await victim.createLink(top.id);
    await victim.share([docs.id], [friend.user.email], 'edit');
    // Someone else's folder shared with the victim, who put a file in it.
    const theirs = await owner.folder('team');
    await owner.share([theirs.id], [victim.user.email], 'edit');
    const contributed = await victim.upload('contributed.txt', 'kept bytes', theirs.id);
    const keys = async (ids: number[]) =>
      (await t.modules.db.selectFrom('file_entries').select('file_name').where('id', 'in', ids).execute()).map(
        (r) => r.file_name as string,
      );
    const goneKeys = await keys([deep.id, top.id, trashed.id]);
    const [keptKey] = await keys([contributed.id]);
    for (const key of [...goneKeys, keptKey]) expect(await stat(key)).toBeDefined();
    expect((await friend.list({ section: 'shares' })).map((e) => e.name)).toEqual(['docs']);

    const res = await send(admin, 'DELETE', `${ADMIN_USERS}/${victim.user.id}`);
    expect(res.statusCode, res.body).toBe(204);

    expect((await victim.agent.get('/api/v1/me')).statusCode).toBe(401);
    expect((await newAgent(t, bearer).get('/api/v1/me')).statusCode).toBe(401);
    expect((await newAgent(t).get(`/api/v1/shareable-links/${link.hash}`)).statusCode).toBe(404);
    expect(await friend.list({ section: 'shares' })).toEqual([]);
    const leftRows = await t.modules.db
      .selectFrom('file_entries')
      .select('id')
      .where('owner_id', '=', victim.user.id)
      .execute();
    expect(leftRows).toEqual([]);
    const shares = await t.modules.db
      .selectFrom('file_entry_shares')
      .select('id')
      .where((eb) => eb.or([eb('user_id', '=', victim.user.id), eb('owner_id', '=', victim.user.id)]))
      .execute();
    expect(shares).toEqual([]);
    // What the victim put in the owner's folder is the owner's, and stays.
    expect((await owner.list({ section: 'folder', folderHash: theirs.hash })).map((e) => e.name)).toEqual([
      'contributed.txt',
    ]);
    await drained();
    for (const key of goneKeys) expect(await stat(key)).toBeUndefined();
    expect(await stat(keptKey)).toBeDefined();
    expect(await t.modules.db.selectFrom('storage_deletions').select('id').execute()).toEqual([]);
  });

  it('removes the workspaces the user owns with their files, and leaves the ones they joined', async () => {
    const victim = await createUser(t.modules);
    const member = await createUser(t.modules);
    const other = await createUser(t.modules);
    const at = new Date().toISOString();
    const owned = await t.modules.db
      .insertInto('workspaces')
      .values({ name: 'Owned', owner_id: victim.id, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const joined = await t.modules.db
      .insertInto('workspaces')
      .values({ name: 'Joined', owner_id: other.id, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.modules.db
      .insertInto('workspace_members')
      .values([
        { workspace_id: owned.id, user_id: victim.id, role: 'owner', created_at: at },
        { workspace_id: owned.id, user_id: member.id, role: 'editor', created_at: at },
        { workspace_id: joined.id, user_id: other.id, role: 'owner', created_at: at },
        { workspace_id: joined.id, user_id: victim.id, role: 'editor', created_at: at },
      ])
      .execute();
    const key = newObjectKey('entries');
    await t.modules.storage.put(key, Buffer.from('workspace bytes'));
    await t.modules.db
      .insertInto('file_entries')
      .values({
        hash: randomBytes(8).toString('hex'),
        name: 'plan.txt',
        file_name: key,
        file_size: 15,
        type: 'text',
        is_folder: 0,
        parent_id: null,
        path: '/0/',
        owner_id: victim.id,
        workspace_id: owned.id,
        created_at: at,
        updated_at: at,
      })
      .execute();
    expect((await send(admin, 'DELETE', `${ADMIN_USERS}/${victim.id}`)).statusCode).toBe(204);
    const left = await t.modules.db
      .selectFrom('workspaces')
      .select('id')
      .where('id', 'in', [owned.id, joined.id])
      .execute();
    expect(left.map((w) => w.id)).toEqual([joined.id]);
    const members = await t.modules.db
      .selectFrom('workspace_members')
      .select(['workspace_id', 'user_id'])
      .where('workspace_id', 'in', [owned.id, joined.id])
      .execute();
    expect(members).toEqual([{ workspace_id: joined.id, user_id: other.id }]);
    await drained();
    expect(await stat(key)).toBeUndefined();
  });

  it('keeps bytes the store failed to delete queued until a later drain (the hourly maintenance)', async () => {
    const victim = await Person.create(t);
    const file = await victim.upload('a.txt', 'bytes');
    const [{ file_name: key }] = await t.modules.db
      .selectFrom('file_entries')
      .select('file_name')
      .where('id', '=', file.id)
      .execute();
    const failing = vi.spyOn(t.modules.storage, 'deleteMany').mockRejectedValueOnce(new Error('store down'));
    try {
      expect((await send(admin, 'DELETE', `${ADMIN_USERS}/${victim.user.id}`)).statusCode).toBe(204);
      await drained();
      expect(await stat(key as string)).toBeDefined();
      const queued = await t.modules.db.selectFrom('storage_deletions').select('key').execute();
      expect(queued.map((r) => r.key)).toContain(key);
    } finally {
      failing.mockRestore();
    }
    const report = await t.modules.drive.maintenance.runOnce();
    expect(report).toMatchObject({ dequeued: 1 });
    expect(await stat(key as string)).toBeUndefined();
  });

  it('gives one of two staff deleting a user at once 204 and the other 404', async () => {
    const user = await Person.create(t);
    await user.upload('x.txt', 'x');
    const answers = await Promise.all([
      send(admin, 'DELETE', `${ADMIN_USERS}/${user.user.id}`),
      send(callers.staff.agent, 'DELETE', `${ADMIN_USERS}/${user.user.id}`),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 404]);
    await drained();
  });

  it('keeps data whole when one staff member suspends a user as another deletes them', async () => {
    const user = await Person.create(t);
    await user.upload('y.txt', 'y');
    const [suspended, deleted] = await Promise.all([
      send(callers.staff.agent, 'POST', `${ADMIN_USERS}/${user.user.id}/suspend`, { reason: 'race' }),
      send(admin, 'DELETE', `${ADMIN_USERS}/${user.user.id}`),
    ]);
    expect(deleted.statusCode).toBe(204);
    // Suspended first (then deleted), or found gone.
    expect([200, 404]).toContain(suspended.statusCode);
    expect(await exists(user.user.id)).toBe(false);
    await drained();
  });

  it('leaves an admin standing when the last two admins delete each other at once', async () => {
    const pair = await createTestApp();
    try {
      const [a, b] = [await createUser(pair.modules, { admin: true }), await createUser(pair.modules, { admin: true })];
      const [agentA, agentB] = [newAgent(pair), newAgent(pair)];
      await loginAs(pair.modules, agentA, a);
      await loginAs(pair.modules, agentB, b);
      const answers = await Promise.all([
        send(agentA, 'DELETE', `${ADMIN_USERS}/${b.id}`),
        send(agentB, 'DELETE', `${ADMIN_USERS}/${a.id}`),
      ]);
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes[0]).toBe(204);
      // The other is refused: 409 (nobody would hold admin), or 401 (its caller was deleted first).
      expect([401, 409]).toContain(codes[1]);
      expect(await pair.modules.adminUsers.repos.accounts.anyAdmin()).toBe(true);
    } finally {
      await pair.close();
    }
  });
});

describe('POST admin/users/delete', () => {
  it('deletes the picked users, each answering for itself', async () => {
    const [a, b] = [await createUser(t.modules), await createUser(t.modules)];
    const otherAdmin = await createUser(t.modules, { admin: true });
    const res = await send(callers.staff.agent, 'POST', `${ADMIN_USERS}/delete`, {
      ids: [a.id, 99999999, callers.staff.user.id, otherAdmin.id, b.id, a.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      deleted: 2,
      results: [
        { id: a.id, ok: true },
        { id: 99999999, ok: false, message: 'User not found.' },
        { id: callers.staff.user.id, ok: false, message: expect.stringMatching(/your own account/) },
        { id: otherAdmin.id, ok: false, message: expect.stringMatching(/Only an admin/) },
        { id: b.id, ok: true },
      ],
    });
    expect([await exists(a.id), await exists(b.id), await exists(otherAdmin.id)]).toEqual([false, false, true]);
    await drained();
  });

  it('answers 401, 403 and 422 for a bad pick', async () => {
    const user = await createUser(t.modules);
    expect((await send(callers.visitor, 'POST', `${ADMIN_USERS}/delete`, { ids: [user.id] })).statusCode).toBe(401);
    expect((await send(callers.plain, 'POST', `${ADMIN_USERS}/delete`, { ids: [user.id] })).statusCode).toBe(403);
    expect(await exists(user.id)).toBe(true);
    const none = await send(admin, 'POST', `${ADMIN_USERS}/delete`, { ids: [] });
    expect(none.statusCode).toBe(422);
    const many = await send(admin, 'POST', `${ADMIN_USERS}/delete`, {
      ids: Array.from({ length: 101 }, (_, i) => i + 1),
    });
    expect(many.statusCode).toBe(422);
  });
});

describe('who may act on admins', () => {
  it('keeps staff who are not admins from giving admin or editing an admin', async () => {
    const staff = await staffAgent(t, { permissions: [Permission.adminAccess, Permission.usersUpdate] });
    const adminRole = await t.modules.users.repos.roles.getByName('admin');
    const user = await createUser(t.modules);
    const promote = await send(staff.agent, 'PUT', `${ADMIN_USERS}/${user.id}`, { roles: [adminRole?.id] });
    expect(promote.statusCode).toBe(403);
    const self = await send(staff.agent, 'PUT', `${ADMIN_USERS}/${staff.user.id}`, {
      permissions: [{ name: 'admin' }],
    });
    expect(self.statusCode).toBe(403);
    const create = await send(staff.agent, 'POST', ADMIN_USERS, {
      email: `${randomBytes(4).toString('hex')}@example.test`,
      password: 'a long password',
      roles: [adminRole?.id],
    });
    expect(create.statusCode).toBe(403);
    const anAdmin = await createUser(t.modules, { admin: true });
    expect((await send(staff.agent, 'PUT', `${ADMIN_USERS}/${anAdmin.id}`, { first_name: 'X' })).statusCode).toBe(403);
    expect((await t.modules.users.repos.users.getById(anAdmin.id))?.first_name).toBeNull();
    expect(await t.modules.adminUsers.repos.accounts.holdsAdmin(user.id)).toBe(false);
    expect(await t.modules.adminUsers.repos.accounts.holdsAdmin(staff.user.id)).toBe(false);
  });
});
