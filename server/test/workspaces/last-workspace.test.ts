import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE } from '@kosh/contracts';
import { createAccountsApp, del, newAgent, put } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { teamOf } from './workspaces.ts';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
});
afterAll(() => close());

const PASSWORD = 'correct horse battery';

/** Signs in from a new browser and answers the workspace it is told to open. */
async function workspaceOnSignIn(email: string): Promise<string | undefined> {
  const agent = newAgent(t);
  const res = await agent.post('/auth/login', { email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return res.cookies.find((c) => c.name === COOKIE.activeWorkspace)?.value;
}

describe('PUT me/workspace', () => {
  it('opens the workspace used last when the member signs in on another device', async () => {
    const { ws, members } = await teamOf(t, ['editor']);
    const [member] = members;
    expect(await workspaceOnSignIn(member.user.email)).toBe('0');
    expect((await put(member.agent, '/api/v1/me/workspace', { workspaceId: ws.id })).statusCode).toBe(204);
    expect(await workspaceOnSignIn(member.user.email)).toBe(String(ws.id));
    expect((await put(member.agent, '/api/v1/me/workspace', { workspaceId: 0 })).statusCode).toBe(204);
    expect(await workspaceOnSignIn(member.user.email)).toBe('0');
  });

  it('opens the default workspace once the member was removed or the workspace deleted', async () => {
    const { owner, ws, members } = await teamOf(t, ['viewer', 'admin']);
    const [viewer, admin] = members;
    await put(viewer.agent, '/api/v1/me/workspace', { workspaceId: ws.id });
    await put(admin.agent, '/api/v1/me/workspace', { workspaceId: ws.id });
    expect((await del(admin.agent, `/api/v1/workspace/${ws.id}/member/${viewer.user.id}`)).statusCode).toBe(200);
    expect(await workspaceOnSignIn(viewer.user.email)).toBe('0');
    expect(await workspaceOnSignIn(admin.user.email)).toBe(String(ws.id));
    expect((await del(owner.agent, `/api/v1/workspace/${ws.id}`)).statusCode).toBe(200);
    expect(await workspaceOnSignIn(admin.user.email)).toBe('0');
  });

  it('answers 404 for a workspace the caller is not a member of, and remembers nothing', async () => {
    const { ws } = await teamOf(t, []);
    const stranger = (await teamOf(t, [])).owner;
    const res = await put(stranger.agent, '/api/v1/me/workspace', { workspaceId: ws.id });
    expect(res.statusCode).toBe(404);
    expect((await put(stranger.agent, '/api/v1/me/workspace', { workspaceId: 999_999 })).statusCode).toBe(404);
    expect(await workspaceOnSignIn(stranger.user.email)).toBe('0');
  });

  it('refuses bad input (422 with errors), visitors (401) and calls without the anti-forgery token (403)', async () => {
    const { owner, ws } = await teamOf(t, []);
    for (const body of [
      {},
      { workspaceId: 'one' },
      { workspaceId: -1 },
      { workspaceId: 1.5 },
      { workspaceId: 2 ** 40 },
    ]) {
      const res = await put(owner.agent, '/api/v1/me/workspace', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['workspaceId']);
    }
    expect((await put(newAgent(t), '/api/v1/me/workspace', { workspaceId: 0 })).statusCode).toBe(401);
    const forged = await owner.agent.request({
      method: 'PUT',
      url: '/api/v1/me/workspace',
      payload: { workspaceId: ws.id },
      xsrf: false,
    });
    expect(forged.statusCode).toBe(403);
  });
});
