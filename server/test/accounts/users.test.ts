import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '@kosh/contracts';
import { createUser, DEFAULT_PASSWORD, loginAs } from '../helpers/factories.ts';
import { Person } from '../shares/sharing.ts';
import { confirmPassword, createAccountsApp, del, newAgent, put } from '../helpers/accounts.ts';
import { staffAgent } from '../helpers/staff.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
});
afterAll(() => close());

async function signedIn(
  opts: { admin?: boolean } = {},
): Promise<{ agent: Agent; user: Awaited<ReturnType<typeof createUser>> }> {
  const user = await createUser(t.modules, opts);
  const agent = newAgent(t);
  await loginAs(t.modules, agent, user);
  return { agent, user };
}

describe('GET users/{id}', () => {
  it('answers your own user', async () => {
    const { agent, user } = await signedIn();
    const res = await agent.get(`/api/v1/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, email: user.email, social_profiles: [], tokens: [] });
  });

  it("refuses another user's record (403)", async () => {
    const { agent } = await signedIn();
    const other = await createUser(t.modules);
    expect((await agent.get(`/api/v1/users/${other.id}`)).statusCode).toBe(403);
  });

  it('lets a holder of users.update read anyone (404 when missing)', async () => {
    const { agent } = await signedIn({ admin: true });
    const other = await createUser(t.modules);
    expect((await agent.get(`/api/v1/users/${other.id}`)).json().user.email).toBe(other.email);
    expect((await agent.get('/api/v1/users/999999')).statusCode).toBe(404);
  });

  it('answers 401 to a visitor and 422 to a bad id', async () => {
    expect((await newAgent(t).get('/api/v1/users/1')).statusCode).toBe(401);
    const { agent } = await signedIn();
    expect((await agent.get('/api/v1/users/abc')).statusCode).toBe(422);
  });
});

describe('PUT users/{id}', () => {
  it('updates names, country, state, language and timezone', async () => {
    const { agent, user } = await signedIn();
    const res = await put(agent, `/api/v1/users/${user.id}`, {
      first_name: ' Asha ',
      last_name: 'Rao',
      country_id: 101,
      state_id: null,
      language: 'en',
      timezone: 'Asia/Kolkata',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      first_name: 'Asha',
      last_name: 'Rao',
      name: 'Asha Rao',
      country_id: 101,
      language: 'en',
      timezone: 'Asia/Kolkata',
    });
    const row = await t.modules.users.repos.users.getById(user.id);
    expect(row).toMatchObject({ first_name: 'Asha', country_id: 101, timezone: 'Asia/Kolkata' });
  });

  it('keeps a date format on the account, and refuses an unknown one', async () => {
    const { agent, user } = await signedIn();
    const res = await put(agent, `/api/v1/users/${user.id}`, { date_format: 'full' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.date_format).toBe('full');
    expect((await t.modules.users.repos.users.getById(user.id))?.date_format).toBe('full');
    const bad = await put(agent, `/api/v1/users/${user.id}`, { date_format: 'sometimes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.date_format).toEqual(['The selected date format is invalid.']);
    expect((await t.modules.users.repos.users.getById(user.id))?.date_format).toBe('full');
  });

  it('keeps the email read-only', async () => {
    const { agent, user } = await signedIn();
    await put(agent, `/api/v1/users/${user.id}`, { email: 'changed@example.test', first_name: 'X' });
    expect((await t.modules.users.repos.users.getById(user.id))!.email).toBe(user.email);
  });

  it('accepts a state of the chosen country only', async () => {
    const { agent, user } = await signedIn();
    const states = (await import('../../src/db/seed/value-lists.ts')).listStates(101);
    expect((await put(agent, `/api/v1/users/${user.id}`, { country_id: 101, state_id: states[0].id })).statusCode).toBe(
      200,
    );
    const foreign = (await import('../../src/db/seed/value-lists.ts')).listStates(233)[0].id;
    const res = await put(agent, `/api/v1/users/${user.id}`, { country_id: 101, state_id: foreign });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.state_id).toEqual(['The selected state is invalid.']);
  });

  it('refuses an unknown country, language or timezone (422 per field)', async () => {
    const { agent, user } = await signedIn();
    const res = await put(agent, `/api/v1/users/${user.id}`, {
      country_id: 99999,
      language: 'xx',
      timezone: 'Mars/Olympus',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['country_id', 'language', 'timezone']);
  });

  it('refuses wrong types (422)', async () => {
    const { agent, user } = await signedIn();
    const res = await put(agent, `/api/v1/users/${user.id}`, { first_name: 12, country_id: 'india' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.first_name).toEqual(['The first name must be a string.']);
    expect(res.json().errors.country_id).toEqual(['The country must be a whole number.']);
  });

  it("refuses to change another user's details (403)", async () => {
    const { agent } = await signedIn();
    const other = await createUser(t.modules);
    expect((await put(agent, `/api/v1/users/${other.id}`, { first_name: 'Mallory' })).statusCode).toBe(403);
    expect((await t.modules.users.repos.users.getById(other.id))!.first_name).toBeNull();
  });

  it("lets staff holding users.update change a user's details and image, but an admin's only an admin", async () => {
    const staff = (await staffAgent(t, { permissions: [Permission.usersUpdate] })).agent;
    const user = await createUser(t.modules);
    const admin = await createUser(t.modules, { admin: true });
    expect((await put(staff, `/api/v1/users/${user.id}`, { first_name: 'Ravi' })).statusCode).toBe(200);
    // Reading an admin stays open to staff; changing one does not.
    expect((await staff.get(`/api/v1/users/${admin.id}`)).statusCode).toBe(200);
    const refused = await put(staff, `/api/v1/users/${admin.id}`, { first_name: 'Mallory' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only an admin can change an admin account or give the admin permission.');
    expect((await del(staff, `/api/v1/users/${admin.id}/avatar`)).statusCode).toBe(403);
    const byUrl = await staff.request({
      method: 'POST',
      url: `/api/v1/users/${admin.id}/avatar`,
      payload: { url: 'http://x.test/a.png' },
    });
    expect(byUrl.statusCode).toBe(403);
    expect((await t.modules.users.repos.users.getById(admin.id))!.first_name).toBeNull();
    // An admin changes another admin's details.
    const { agent: otherAdmin } = await signedIn({ admin: true });
    expect((await put(otherAdmin, `/api/v1/users/${admin.id}`, { first_name: 'Asha' })).statusCode).toBe(200);
  });
});

describe('PUT users/skipCounter', () => {
  it('counts a skip of the profile prompt', async () => {
    const { agent, user } = await signedIn();
    expect((await put(agent, '/api/v1/users/skipCounter')).statusCode).toBe(200);
    await put(agent, '/api/v1/users/skipCounter');
    expect((await t.modules.users.repos.users.getById(user.id))!.profile_skip_count).toBe(2);
  });

  it('answers 401 to a visitor', async () => {
    expect((await put(newAgent(t), '/api/v1/users/skipCounter')).statusCode).toBe(401);
  });
});

describe('DELETE users/{id}', () => {
  it('deletes your own account with its sessions and tokens', async () => {
    const { agent, user } = await signedIn();
    const other = newAgent(t);
    await loginAs(t.modules, other, user);
    await agent.post('/api/v1/access-tokens', { tokenName: 'x' });
    await confirmPassword(agent, user.plainPassword);
    const res = await del(agent, `/api/v1/users/${user.id}`, { deleteCurrentUser: true });
    expect(res.statusCode).toBe(200);
    expect(await t.modules.users.repos.users.getById(user.id)).toBeUndefined();
    expect(await t.modules.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(
      0,
    );
    expect(
      await t.modules.db.selectFrom('personal_access_tokens').selectAll().where('user_id', '=', user.id).execute(),
    ).toHaveLength(0);
    expect((await other.get('/api/v1/me')).statusCode).toBe(401);
  });

  it('deletes your files with the account and their stored bytes right after', async () => {
    const me = await Person.create(t);
    const folder = await me.folder('mine');
    const files = [await me.upload('a.txt', 'first bytes', folder.id), await me.upload('b.txt', 'second bytes')];
    const keys = (
      await t.modules.db
        .selectFrom('file_entries')
        .select('file_name')
        .where(
          'id',
          'in',
          files.map((f) => f.id),
        )
        .execute()
    ).map((r) => r.file_name as string);
    for (const key of keys) expect(await t.modules.storage.stat(key)).toBeDefined();
    await confirmPassword(me.agent, DEFAULT_PASSWORD);
    expect((await del(me.agent, `/api/v1/users/${me.user.id}`, { deleteCurrentUser: true })).statusCode).toBe(200);
    expect(
      await t.modules.db.selectFrom('file_entries').select('id').where('owner_id', '=', me.user.id).execute(),
    ).toEqual([]);
    // Not left for the orphan sweep: the deletion queue removes the bytes once the answer is out.
    await t.modules.drive.storageDeletions.settled();
    for (const key of keys) expect(await t.modules.storage.stat(key)).toBeUndefined();
  });

  it('needs a recent password confirmation (423)', async () => {
    const { agent, user } = await signedIn();
    const res = await del(agent, `/api/v1/users/${user.id}`);
    expect(res.statusCode).toBe(423);
    expect(await t.modules.users.repos.users.getById(user.id)).toBeTruthy();
  });

  it("refuses to delete another user's account, even for an admin (403)", async () => {
    const { agent, user } = await signedIn({ admin: true });
    await confirmPassword(agent, user.plainPassword);
    const other = await createUser(t.modules);
    const res = await del(agent, `/api/v1/users/${other.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only delete your own account.');
    expect(await t.modules.users.repos.users.getById(other.id)).toBeTruthy();
  });

  it('answers 401 to a visitor', async () => {
    expect((await del(newAgent(t), '/api/v1/users/1')).statusCode).toBe(401);
  });

  it('keeps the only administrator (409)', async () => {
    const { agent, user } = await signedIn({ admin: true });
    const admin = await t.modules.users.repos.roles.getByName('admin');
    await t.modules.db
      .deleteFrom('user_role')
      .where('role_id', '=', admin!.id)
      .where('user_id', '!=', user.id)
      .execute();
    await confirmPassword(agent, user.plainPassword);
    const res = await del(agent, `/api/v1/users/${user.id}`);
    expect(res.statusCode).toBe(409);
    expect(await t.modules.users.repos.users.getById(user.id)).toBeTruthy();
  });
});
