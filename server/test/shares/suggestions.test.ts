import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsApp, newAgent } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { Person } from './sharing.ts';

// "Suggest addresses when sharing" (the drive settings tab): the Share dialog offers the people the
// user already shares with, their workspaces' members and addresses they invited — nobody else.

const URL = '/api/v1/file-entries/shares/suggestions';
let t: TestApp;
let close: () => Promise<void>;
let alice: Person;

beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
  alice = await Person.create(t, { email: 'alice.sugg@example.test' });
  const bob = await Person.create(t, { email: 'bob.sugg@example.test', first_name: 'Robert', last_name: 'Stone' });
  const carl = await Person.create(t, { email: 'carl.sugg@example.test' });
  await Person.create(t, { email: 'bobby.stranger@example.test' });
  const dora = await Person.create(t, { email: 'dora.sugg@example.test' });
  // Alice shares with Bob and invites an address without an account; Carl shares with Alice.
  const folder = await alice.folder('Plans');
  await alice.share([folder.id], [bob.user.email, 'newcomer_1@example.test'], 'view');
  const carls = await carl.folder('Carl’s');
  await carl.share([carls.id], [alice.user.email], 'view');
  // Dora is in a workspace with Alice.
  const workspace = await alice.agent.post('/api/v1/workspace', { name: 'Team' });
  const workspaceId = workspace.json().workspace.id as number;
  await t.modules.db
    .insertInto('workspace_members')
    .values({ workspace_id: workspaceId, user_id: dora.user.id, role: 'editor', created_at: new Date().toISOString() })
    .execute();
});
afterAll(() => close());

const suggest = async (query: string, person = alice) => {
  const res = await person.agent.get(`${URL}?query=${encodeURIComponent(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().suggestions as Array<{ email: string; name: string | null }>;
};

describe('share suggestions', () => {
  it('are none while the setting is off', async () => {
    expect(await t.modules.settings.service.get('drive.share_suggestions')).toBe(false);
    expect(await suggest('b')).toEqual([]);
  });

  it('list the people the user is connected to, matching address or name, and nobody else', async () => {
    await t.modules.settings.service.set('drive.share_suggestions', true);
    expect(await suggest('bo')).toEqual([{ email: 'bob.sugg@example.test', name: 'Robert Stone' }]);
    expect(await suggest('rob')).toEqual([{ email: 'bob.sugg@example.test', name: 'Robert Stone' }]);
    expect(await suggest('CARL')).toEqual([{ email: 'carl.sugg@example.test', name: null }]);
    expect(await suggest('dora')).toEqual([{ email: 'dora.sugg@example.test', name: null }]);
    expect(await suggest('newcomer')).toEqual([{ email: 'newcomer_1@example.test', name: null }]);
    expect((await suggest('a')).map((s) => s.email)).not.toContain('alice.sugg@example.test');
    expect((await suggest('bobby')).length).toBe(0);
  });

  it('treat LIKE wildcards as text', async () => {
    expect(await suggest('%')).toEqual([]);
    expect(await suggest('_')).toEqual([]);
    expect(await suggest('newcomer_')).toEqual([{ email: 'newcomer_1@example.test', name: null }]);
  });

  it('need a signed-in user and something typed', async () => {
    expect((await newAgent(t).get(`${URL}?query=bo`)).statusCode).toBe(401);
    expect((await alice.agent.get(`${URL}?query=`)).statusCode).toBe(422);
    expect((await alice.agent.get(`${URL}?query=${'x'.repeat(101)}`)).statusCode).toBe(422);
  });
});
