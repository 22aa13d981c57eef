import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminUserRow, FREE_STORAGE_BYTES, type Product, type UserSpaceRow } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { type BillingTestApp, createBillingApp, createPlan, GB, subscribe } from '../helpers/billing.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import { hoursFromNow, insertSubscription } from '../helpers/subscription-rows.ts';

// The admin users list and user space screen with subscriptions: who is subscribed, their plan and its space.

let t: BillingTestApp;
let plan: Product;
let freePlanName: string;
const ids: Record<'paying' | 'grace' | 'lapsed' | 'plain', number> = { paying: 0, grace: 0, lapsed: 0, plain: 0 };
const marker = `s${randomBytes(4).toString('hex')}`;

/** One file of `bytes` straight into the table: sizes are what these screens read. */
async function file(ownerId: number, bytes: number) {
  const at = new Date().toISOString();
  await t.modules.db
    .insertInto('file_entries')
    .values({
      hash: randomBytes(12).toString('base64url'),
      name: `f-${randomBytes(3).toString('hex')}.bin`,
      file_name: `entries/${randomBytes(8).toString('hex')}`,
      mime: 'application/octet-stream',
      extension: 'bin',
      file_size: bytes,
      type: 'file',
      is_folder: 0,
      parent_id: null,
      path: '',
      owner_id: ownerId,
      workspace_id: null,
      deleted_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await sql`update file_entries set path = cast(id as varchar(20)) || '/' where path = ''`.execute(t.modules.db);
}

const users = async (query = ''): Promise<AdminUserRow[]> => {
  const res = await t.admin.get(`/api/v1/admin/users?query=${marker}&orderBy=email&orderDir=asc${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.data;
};
const namesOf = (rows: Array<{ email: string }>) => rows.map((r) => r.email.split('@')[0].split('-')[1]);

beforeAll(async () => {
  t = await createBillingApp();
  plan = await createPlan(t, { available_space: 200 * GB });
  freePlanName = (await t.modules.billing.repos.plans.freePlan())?.name ?? '';
  for (const name of Object.keys(ids) as Array<keyof typeof ids>) {
    const user = await createUser(t.modules, { email: `${marker}-${name}@subs.test` });
    ids[name] = user.id;
    await file(user.id, GB);
  }
  const paying = newAgent(t);
  await loginAs(t.modules, paying, { id: ids.paying });
  await subscribe(t, paying, plan);
  // Cancelled, and still in its paid period; cancelled and over, and a past-due one: not subscribed.
  await insertSubscription(t, { userId: ids.grace, productId: plan.id, status: 'canceled', endsAt: hoursFromNow(2) });
  await insertSubscription(t, { userId: ids.lapsed, productId: plan.id, status: 'canceled', endsAt: hoursFromNow(-2) });
  await insertSubscription(t, { userId: ids.lapsed, productId: plan.id, status: 'past_due' });
});
afterAll(() => t.close());

describe('GET admin/users with subscriptions', () => {
  it('marks users with a valid subscription as subscribed, with their plan’s space', async () => {
    const rows = await users();
    expect(namesOf(rows)).toEqual(['grace', 'lapsed', 'paying', 'plain']);
    expect(rows.map((r) => [r.subscribed, r.space_allowed])).toEqual([
      [true, 200 * GB],
      [false, FREE_STORAGE_BYTES],
      [true, 200 * GB],
      [false, FREE_STORAGE_BYTES],
    ]);
    const detail = await t.admin.get(`/api/v1/admin/users/${ids.paying}`);
    expect(detail.json().user).toMatchObject({ subscribed: true, space_allowed: 200 * GB });
  });

  it('filters by subscribed while billing is on, and ignores the filter while it is off', async () => {
    expect(namesOf(await users('&subscribed=true'))).toEqual(['grace', 'paying']);
    expect(namesOf(await users('&subscribed=false'))).toEqual(['lapsed', 'plain']);
    const csv = await t.admin.get(`/api/v1/admin/users/export?query=${marker}&subscribed=true`);
    expect(csv.body.trim().split('\n')).toHaveLength(3);
    await t.modules.settings.service.set('billing.enable', false);
    try {
      expect(namesOf(await users('&subscribed=true'))).toEqual(['grace', 'lapsed', 'paying', 'plain']);
    } finally {
      await t.modules.settings.service.set('billing.enable', true);
    }
  });
});

describe('GET admin/user-space with subscriptions', () => {
  const space = async (query = ''): Promise<UserSpaceRow[]> => {
    t.modules.admin.userSpace.forget();
    const res = await t.admin.get(`/api/v1/admin/user-space?query=${marker}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().pagination.data;
  };

  it('shows a valid subscription’s plan and its space, else the free plan', async () => {
    const rows = [...(await space())].sort((a, b) => a.email.localeCompare(b.email));
    expect(rows.map((r) => [r.plan?.name, r.allowed, r.percent])).toEqual([
      [plan.name, 200 * GB, 0.5],
      [freePlanName, FREE_STORAGE_BYTES, 4],
      [plan.name, 200 * GB, 0.5],
      [freePlanName, FREE_STORAGE_BYTES, 4],
    ]);
  });

  it('filters by a subscription’s plan and by the free plan', async () => {
    expect(namesOf(await space(`&planId=${plan.id}&orderBy=files`)).sort()).toEqual(['grace', 'paying']);
    const free = (await t.modules.billing.repos.plans.freePlan())?.id;
    expect(namesOf(await space(`&planId=${free}`)).sort()).toEqual(['lapsed', 'plain']);
  });

  it('counts the free plan’s space only while billing is on, as the drive does', async () => {
    await t.modules.settings.service.set('billing.enable', false);
    try {
      const rows = await space();
      const byName = new Map(rows.map((r) => [namesOf([r])[0], r.allowed]));
      expect(byName.get('paying')).toBe(200 * GB);
      expect(byName.get('plain')).toBe(Number(await t.modules.drive.space.defaultSpace()));
    } finally {
      await t.modules.settings.service.set('billing.enable', true);
    }
  });
});
