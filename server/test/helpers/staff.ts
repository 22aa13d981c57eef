import { newAgent } from './accounts.ts';
import { createUser, loginAs } from './factories.ts';
import type { Agent, TestApp } from './test-app.ts';

/** A signed-in agent and its user; `permissions` are granted to the user directly. */
export async function staffAgent(
  t: TestApp,
  opts: { admin?: boolean; permissions?: string[] } = {},
): Promise<{ agent: Agent; user: { id: number; email: string } }> {
  const user = await createUser(t.modules, { admin: opts.admin });
  for (const name of opts.permissions ?? []) await grant(t, user.id, name);
  const agent = newAgent(t);
  await loginAs(t.modules, agent, user);
  return { agent, user };
}

/** Grants a permission straight to a user. */
export async function grant(t: TestApp, userId: number, name: string, restrictions = '[]'): Promise<void> {
  const perm = await t.modules.db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  await t.modules.db
    .insertInto('permission_user')
    .values({ user_id: userId, permission_id: perm.id, restrictions })
    .execute();
}
