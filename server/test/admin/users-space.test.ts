import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '@kosh/contracts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';
import { ADMIN_USERS, grant, send, staffAgent } from './users-fixtures.ts';

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await staffAgent(t, { admin: true })).agent;
});
afterAll(() => t.close());

const allow = async (userId: number, bytes: number | null) => {
  const res = await send(admin, 'PUT', `${ADMIN_USERS}/${userId}`, { available_space: bytes });
  expect(res.statusCode, res.body).toBe(200);
};
const usage = async (who: Person) => (await who.agent.get('/api/v1/user/space-usage')).json();
const twenty = 'x'.repeat(20);

describe('the allowance staff set on an account', () => {
  it('limits uploads to it, and null gives the inherited space back', async () => {
    const ann = await Person.create(t);
    await allow(ann.user.id, 10);
    expect(await usage(ann)).toEqual({ used: 0, available: 10 });
    const refused = await ann.uploadRaw('big.txt', twenty);
    expect(refused.statusCode).toBe(413);
    await ann.upload('small.txt', 'x'.repeat(10));
    await allow(ann.user.id, null);
    expect(await usage(ann)).toEqual({ used: 10, available: await t.modules.drive.space.defaultSpace() });
    await ann.upload('big.txt', twenty);
  });

  it("wins over an unlimited files.create restriction of the user's own grants", async () => {
    const bob = await Person.create(t);
    await grant(t, bob.user.id, Permission.filesCreate, JSON.stringify([{ name: 'max_space_bytes', value: null }]));
    expect((await usage(bob)).available).toBeNull();
    await allow(bob.user.id, 10);
    expect((await bob.uploadRaw('big.txt', twenty)).statusCode).toBe(413);
  });

  it("limits what others put in the owner's shared folder, which fills the owner's space", async () => {
    const owner = await Person.create(t);
    const friend = await Person.create(t);
    const folder = await owner.folder('inbox');
    await owner.share([folder.id], [friend.user.email], 'edit');
    await allow(owner.user.id, 10);
    expect((await friend.uploadRaw('big.txt', twenty, { parentId: folder.id })).statusCode).toBe(413);
  });

  it('leaves an admin unlimited whatever allowance is set', async () => {
    const boss = await staffAgent(t, { admin: true });
    await allow(boss.user.id, 10);
    expect((await boss.agent.get('/api/v1/user/space-usage')).json().available).toBeNull();
  });
});
