import { randomBytes } from 'node:crypto';
import { COOKIE } from '@kosh/contracts';
import { newSessionToken } from '../../src/auth/session-token.ts';
import type { Modules } from '../../src/modules.ts';
import type { UserRow } from '../../src/users/users.repository.ts';
import type { Agent } from './test-app.ts';

/** Inserts a real user (default role, or admin) through the service the CLI uses. */
export async function createUser(
  modules: Modules,
  opts: { admin?: boolean; email?: string; password?: string } = {},
): Promise<UserRow & { plainPassword: string }> {
  const plainPassword = opts.password ?? 'correct horse battery';
  const user = await modules.users.service.createUser({
    email: opts.email ?? `user-${randomBytes(4).toString('hex')}@example.test`,
    password: plainPassword,
    isAdmin: opts.admin,
    verified: true,
  });
  return { ...user, plainPassword };
}

/** Logs the agent in by inserting a real session row and handing it the cookie. */
export async function loginAs(modules: Modules, agent: Agent, user: { id: number }): Promise<string> {
  const { token, id } = newSessionToken();
  const at = new Date();
  await modules.auth.repos.sessions.create({
    id,
    user_id: user.id,
    ip_address: '127.0.0.1',
    user_agent: 'vitest',
    last_active: at.toISOString(),
    expires_at: new Date(at.getTime() + 3600_000).toISOString(),
    created_at: at.toISOString(),
  });
  agent.cookies.set(COOKIE.session, token);
  return token;
}
