import net from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Permission, type Product } from '@kosh/contracts';
import { GATEWAY_UNREACHABLE } from '../../src/billing/gateway-error.ts';
import { confirmPassword, del, newAgent } from '../helpers/accounts.ts';
import { type BillingTestApp, createBillingApp, createPlan, subscribe } from '../helpers/billing.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import { staffAgent } from '../helpers/staff.ts';
import type { Agent } from '../helpers/test-app.ts';

// Deleting an account ends its subscriptions at Stripe first; without Stripe, nothing is deleted.

const ADMIN_USERS = '/api/v1/admin/users';
let t: BillingTestApp;
let plan: Product;
let staff: Agent;

beforeAll(async () => {
  t = await createBillingApp();
  plan = await createPlan(t);
  staff = (await staffAgent(t, { permissions: [Permission.usersUpdate] })).agent;
});
afterAll(() => t.close());

const exists = async (id: number) => Boolean(await t.modules.users.repos.users.getById(id));
const stripeStatus = (id: string) => t.stripe.subscriptions.get(id)?.status;
const localRows = (userId: number) =>
  t.modules.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();

/** A signed-in user paying for `plan` at the stand-in, with Stripe's subscription id. */
async function signedInSubscriber(opts: { admin?: boolean } = {}) {
  const user = await createUser(t.modules, opts);
  const agent = newAgent(t);
  await loginAs(t.modules, agent, user);
  const stripeId = await subscribe(t, agent, plan);
  return { agent, user, stripeId };
}

/** Runs `work` with the app's Stripe client pointed at a closed port: Stripe cannot be reached. */
async function withStripeOut<T>(work: () => Promise<T>): Promise<T> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const out = new Stripe('sk_test_out', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  const spy = vi.spyOn(t.modules.billing.stripe.gateway, 'client').mockResolvedValue(out);
  try {
    return await work();
  } finally {
    spy.mockRestore();
  }
}

describe('deleting a subscriber', () => {
  it('cancels their Stripe subscription at once, then deletes the account (staff)', async () => {
    const { user, stripeId } = await signedInSubscriber();
    expect(stripeStatus(stripeId)).toBe('active');
    const res = await del(staff, `${ADMIN_USERS}/${user.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(stripeStatus(stripeId)).toBe('canceled');
    expect(await exists(user.id)).toBe(false);
    expect(await localRows(user.id)).toEqual([]);
  });

  it('cancels a plan already cancelled for the end of its period when users delete their own account', async () => {
    const { agent, user, stripeId } = await signedInSubscriber();
    expect((await agent.post('/api/v1/billing/subscription/cancel', {})).statusCode).toBe(200);
    expect(t.stripe.subscriptions.get(stripeId)?.cancel_at_period_end).toBe(true);
    await confirmPassword(agent, user.plainPassword);
    const res = await del(agent, `/api/v1/users/${user.id}`, { deleteCurrentUser: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(stripeStatus(stripeId)).toBe('canceled');
    expect(await exists(user.id)).toBe(false);
  });

  it('refuses with 502 and deletes nothing while Stripe cannot be reached', async () => {
    const { agent, user, stripeId } = await signedInSubscriber();
    const plain = await createUser(t.modules);
    await withStripeOut(async () => {
      const res = await del(staff, `${ADMIN_USERS}/${user.id}`);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(GATEWAY_UNREACHABLE);
      // Each of a bulk deletion answers for itself: the one without a subscription needs no Stripe.
      const bulk = await staff.post(`${ADMIN_USERS}/delete`, { ids: [user.id, plain.id] });
      expect(bulk.json()).toEqual({
        deleted: 1,
        results: [
          { id: user.id, ok: false, message: GATEWAY_UNREACHABLE },
          { id: plain.id, ok: true },
        ],
      });
      await confirmPassword(agent, user.plainPassword);
      const own = await del(agent, `/api/v1/users/${user.id}`, { deleteCurrentUser: true });
      expect(own.statusCode).toBe(502);
    });
    expect(await exists(user.id)).toBe(true);
    expect(await exists(plain.id)).toBe(false);
    expect(stripeStatus(stripeId)).toBe('active');
    expect((await localRows(user.id)).map((r) => r.status)).toEqual(['active']);
    expect((await del(staff, `${ADMIN_USERS}/${user.id}`)).statusCode).toBe(204);
    expect(stripeStatus(stripeId)).toBe('canceled');
  });

  it('cancels nothing when the deletion is refused for another reason', async () => {
    const { user, stripeId } = await signedInSubscriber({ admin: true });
    const res = await del(staff, `${ADMIN_USERS}/${user.id}`);
    expect(res.statusCode).toBe(403);
    expect(stripeStatus(stripeId)).toBe('active');
    expect(await exists(user.id)).toBe(true);
  });

  it('deletes a user whose subscription Stripe already ended, or no longer knows', async () => {
    const { user, stripeId } = await signedInSubscriber();
    // Ended at Stripe, but its webhook not handled yet: the local copy still says active.
    const sub = t.stripe.subscriptions.get(stripeId);
    if (sub) sub.status = 'canceled';
    const other = await signedInSubscriber();
    t.stripe.subscriptions.delete(other.stripeId);
    expect((await del(staff, `${ADMIN_USERS}/${user.id}`)).statusCode).toBe(204);
    expect((await del(staff, `${ADMIN_USERS}/${other.user.id}`)).statusCode).toBe(204);
    expect([await exists(user.id), await exists(other.user.id)]).toEqual([false, false]);
  });
});
