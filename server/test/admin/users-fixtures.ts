import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Permission } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';
import { grant, staffAgent } from '../helpers/staff.ts';

export { grant, staffAgent };

export const ADMIN_USERS = '/api/v1/admin/users';

/** The four callers every endpoint is tried with: a visitor, a user, staff with users.update only, an admin. */
export async function callersOf(t: TestApp) {
  return {
    visitor: newAgent(t),
    plain: (await staffAgent(t)).agent,
    staff: await staffAgent(t, { permissions: [Permission.adminAccess, Permission.usersUpdate] }),
    admin: await staffAgent(t, { admin: true }),
  };
}

export type UserFields = {
  email?: string;
  first_name?: string | null;
  last_name?: string | null;
  email_verified_at?: string | null;
  banned_at?: string | null;
  banned_until?: string | null;
  ban_reason?: string | null;
  available_space?: number | null;
  last_active_at?: string | null;
  created_at?: string;
};

/** Users inserted as rows (many per statement), each with the default role; answers their ids in order. */
export async function insertUsers(t: TestApp, fields: UserFields[]): Promise<number[]> {
  const { db } = t.modules;
  const role = await t.modules.users.repos.roles.getDefaultRole();
  const ids: number[] = [];
  for (let i = 0; i < fields.length; i += 200) {
    const rows = fields.slice(i, i + 200).map((f) => {
      const at = f.created_at ?? new Date().toISOString();
      return {
        email: f.email ?? `u-${randomBytes(5).toString('hex')}@example.test`,
        password: null,
        first_name: f.first_name ?? null,
        last_name: f.last_name ?? null,
        email_verified_at: f.email_verified_at === undefined ? at : f.email_verified_at,
        banned_at: f.banned_at ?? null,
        banned_until: f.banned_until ?? null,
        ban_reason: f.ban_reason ?? null,
        available_space: f.available_space ?? null,
        last_active_at: f.last_active_at ?? null,
        created_at: at,
        updated_at: at,
      };
    });
    const inserted = await db.insertInto('users').values(rows).returning('id').execute();
    ids.push(...inserted.map((r) => r.id));
    if (role)
      await db
        .insertInto('user_role')
        .values(inserted.map((r) => ({ user_id: r.id, role_id: role.id, created_at: rows[0].created_at })))
        .execute();
  }
  return ids;
}

/** A query string from an object. */
export const qs = (query: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

/** Sends a call with a JSON body (or none) the way the web client does. */
export const send = (agent: Agent, method: string, url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
  agent.request({ method: method as 'POST', url, payload: payload as object });

/** A marker unique to one test, to find its own users among every user of the file's app. */
export const marker = () => `m${randomBytes(4).toString('hex')}`;

/** The audit rows of an action on a user, newest first. */
export const auditOf = (t: TestApp, action: string, userId: number) =>
  t.modules.db
    .selectFrom('admin_audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_type', '=', 'user')
    .where('target_id', '=', String(userId))
    .orderBy('id', 'desc')
    .execute();
