import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, Permission } from '@kosh/contracts';
import { Actor } from '../../src/auth/actor.ts';
import { newAgent } from '../helpers/accounts.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { staffAgent } from '../helpers/staff.ts';

const LOG = '/api/v1/admin/audit-log';

let t: TestApp;
let visitor: Agent;
let plainUser: Agent;
let logReader: Agent;
let admin: Agent;

/** A signed-in agent; `permission` is granted to the user directly. */
const agentOf = async (opts: { admin?: boolean; permission?: string } = {}): Promise<Agent> =>
  (await staffAgent(t, { admin: opts.admin, permissions: opts.permission ? [opts.permission] : [] })).agent;

const staffActor = new Actor({ id: 9001, email: 'staff@kosh.test' }, [], []);
const impersonated = new Actor({ id: 9002, email: 'customer@kosh.test' }, [], []);
impersonated.impersonator = { id: 9001, email: 'staff@kosh.test' };

beforeAll(async () => {
  t = await createTestApp();
  visitor = newAgent(t);
  plainUser = await agentOf();
  logReader = await agentOf({ permission: Permission.logsView });
  admin = await agentOf({ admin: true });
  const audit = t.modules.admin.audit;
  await audit.record(
    { actor: staffActor, ip: '10.0.0.1' },
    {
      action: 'user.suspend',
      targetType: 'user',
      targetId: 42,
      targetLabel: 'ann@kosh.test',
      before: { banned_at: null },
      after: { banned_at: '2026-11-26T00:00:00.000Z', ban_reason: 'Spam' },
    },
  );
  await audit.record(
    { actor: impersonated },
    {
      action: 'user.update',
      targetType: 'user',
      targetId: 9002,
      before: { first_name: 'A' },
      after: { first_name: 'B' },
    },
  );
  await audit.record({ actor: staffActor }, { action: 'role.update', targetType: 'role', targetId: 3 });
});
afterAll(() => t.close());

const entries = async (agent: Agent, query = ''): Promise<AuditEntry[]> => {
  const res = await agent.get(`${LOG}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.data;
};

describe('GET admin/audit-log', () => {
  it('is for holders of logs.view or admin only', async () => {
    expect((await visitor.get(LOG)).statusCode).toBe(401);
    expect((await plainUser.get(LOG)).statusCode).toBe(403);
    expect((await entries(logReader)).length).toBe(3);
    expect((await entries(admin)).length).toBe(3);
  });

  it('answers newest first with who, through whom, what and the values before and after', async () => {
    const [role, update, suspend] = await entries(admin);
    expect(role?.action).toBe('role.update');
    expect(update).toMatchObject({
      actor: { id: 9002, email: 'customer@kosh.test' },
      impersonator: { id: 9001, email: 'staff@kosh.test' },
      before: { first_name: 'A' },
      after: { first_name: 'B' },
    });
    expect(suspend).toMatchObject({
      actor: { id: 9001 },
      impersonator: null,
      target_type: 'user',
      target_id: '42',
      target_label: 'ann@kosh.test',
      after: { ban_reason: 'Spam' },
      ip: '10.0.0.1',
    });
    const oldest = await entries(admin, '?orderDir=asc&perPage=1');
    expect(oldest.map((e) => e.action)).toEqual(['user.suspend']);
  });

  it('filters by actor, action, target and date, and searches an email exactly', async () => {
    expect((await entries(admin, '?actorId=9001')).map((e) => e.action)).toEqual(['role.update', 'user.suspend']);
    expect((await entries(admin, '?action=user.update')).length).toBe(1);
    expect((await entries(admin, '?targetType=user&targetId=42')).map((e) => e.action)).toEqual(['user.suspend']);
    expect((await entries(admin, '?query=STAFF@kosh.test')).length).toBe(2);
    expect((await entries(admin, '?from=2000-01-01&to=2000-01-02')).length).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await entries(admin, `?from=${today}&to=${today}`)).length).toBe(3);
  });

  it('pages with totals', async () => {
    const res = await admin.get(`${LOG}?perPage=2&page=2`);
    expect(res.json().pagination).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    expect(res.json().pagination.data).toHaveLength(1);
  });

  it('answers 422 naming the field for bad input', async () => {
    for (const [query, field] of [
      ['?perPage=101', 'perPage'],
      ['?page=0', 'page'],
      ['?orderBy=ip', 'orderBy'],
      ['?orderDir=up', 'orderDir'],
      ['?from=2026-02-31', 'from'],
      ['?to=yesterday', 'to'],
      [`?query=${'x'.repeat(101)}`, 'query'],
    ] as const) {
      const res = await admin.get(`${LOG}${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
  });
});
