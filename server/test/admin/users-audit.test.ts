import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, Permission } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { ADMIN_USERS, auditOf, send, staffAgent } from './users-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

describe('the audit log of staff changes to users', () => {
  it('reads back through GET admin/audit-log with the actor, the address and the values before and after', async () => {
    const staff = await staffAgent(t, { permissions: [Permission.usersUpdate, Permission.logsView] });
    const user = await createUser(t.modules);
    const res = await send(staff.agent, 'PUT', `${ADMIN_USERS}/${user.id}`, {
      first_name: 'Asha',
      available_space: 1024,
    });
    expect(res.statusCode).toBe(200);
    await send(staff.agent, 'POST', `${ADMIN_USERS}/${user.id}/suspend`, { reason: 'Spam' });
    const log = await staff.agent.get(`/api/v1/admin/audit-log?targetType=user&targetId=${user.id}`);
    expect(log.statusCode).toBe(200);
    const entries = log.json().pagination.data as AuditEntry[];
    expect(entries.map((e) => e.action)).toEqual(['user.suspend', 'user.update']);
    expect(entries[1]).toMatchObject({
      actor: { id: staff.user.id, email: staff.user.email },
      impersonator: null,
      target_label: user.email,
      before: { first_name: null, available_space: null },
      after: { first_name: 'Asha', available_space: 1024 },
      ip: expect.stringMatching(/^198\.18\./),
    });
  });

  it('writes nothing for a change that is refused, since the record shares its transaction', async () => {
    const lone = await createTestApp();
    try {
      const only = await createUser(lone.modules, { admin: true });
      const agent = newAgent(lone);
      await loginAs(lone.modules, agent, only);
      const res = await send(agent, 'PUT', `${ADMIN_USERS}/${only.id}`, { roles: [], first_name: 'Gone' });
      expect(res.statusCode).toBe(409);
      expect(await auditOf(lone, 'user.update', only.id)).toEqual([]);
    } finally {
      await lone.close();
    }
  });
});
