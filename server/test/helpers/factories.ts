import { randomBytes } from 'node:crypto';
import { COOKIE } from '@kosh/contracts';
import { hashPassword } from '../../src/auth/password.ts';
import { newSessionToken } from '../../src/auth/session-token.ts';
import type { Modules } from '../../src/modules.ts';
import type { UserRow } from '../../src/users/users.repository.ts';
import type { Agent } from './test-app.ts';

export const DEFAULT_PASSWORD = 'correct horse battery';
// One real argon2id hash of the default password per test worker: hashing it again for each of the
// thousands of users the suite makes costs minutes of CPU (64 MiB and three passes each).
let defaultHash: Promise<string> | undefined;

/**
 * Inserts a real user (default role, or admin): through the service the CLI uses when a password is
 * given, else as the service stores one, with the worker's hash of the default password.
 */
export async function createUser(
  modules: Modules,
  opts: { admin?: boolean; email?: string; password?: string } = {},
): Promise<UserRow & { plainPassword: string }> {
  const email = opts.email ?? `user-${randomBytes(4).toString('hex')}@example.test`;
  if (opts.password) {
    const user = await modules.users.service.createUser({
      email,
      password: opts.password,
      isAdmin: opts.admin,
      verified: true,
    });
    return { ...user, plainPassword: opts.password };
  }
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const { users, roles } = modules.users.repos;
  const at = new Date().toISOString();
  const user = await users.create({
    email: email.trim().toLowerCase(),
    password: await defaultHash,
    email_verified_at: at,
    created_at: at,
    updated_at: at,
  });
  const role = opts.admin ? await roles.getByName('admin') : await roles.getDefaultRole();
  if (role) await roles.assignRole(user.id, role.id, at);
  return { ...user, plainPassword: DEFAULT_PASSWORD };
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
