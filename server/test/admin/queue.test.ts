import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission, type Product, QUEUE_MESSAGES, type QueueJob } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { type BillingTestApp, createBillingApp, createPlan, subscribe } from '../helpers/billing.ts';
import { staffAgent } from '../helpers/staff.ts';

// The settings' Queue tab (spec part 2: queue): the jobs table — the gateways' webhook events —
// listed by state with counts, and staff's retry of a pending or failed job.

const QUEUE = '/api/v1/admin/queue';
let t: BillingTestApp;
let plan: Product;

beforeAll(async () => {
  t = await createBillingApp();
  plan = await createPlan(t);
});
afterAll(() => t.close());

const rowOf = (id: number) =>
  t.modules.db.selectFrom('billing_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const eventRows = () => t.modules.db.selectFrom('billing_events').select(['id', 'type']).orderBy('id').execute();
const later = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A subscriber's checkout: its events land in the queue, handled (done). */
async function someEvents() {
  const { agent } = await staffAgent(t);
  await subscribe(t, agent, plan);
  return eventRows();
}

/** Sets a kept event to a state as the jobs leave it: running (leased), failed (set aside) or pending (a retry due). */
async function put(id: number, state: 'running' | 'failed' | 'pending') {
  const changes = {
    running: { processed_at: null, locked_until: later(60_000), attempts: 1 },
    failed: {
      processed_at: new Date().toISOString(),
      locked_until: null,
      attempts: 8,
      last_error: 'Gave up after 8 attempts: Stripe could not be reached.',
    },
    pending: {
      processed_at: null,
      locked_until: null,
      attempts: 2,
      available_at: later(600_000),
      last_error: 'Stripe could not be reached.',
    },
  }[state];
  await t.modules.db.updateTable('billing_events').set(changes).where('id', '=', id).execute();
}

describe('who may see the queue', () => {
  it('answers 401 to visitors, 403 without settings.update, 422 to an unknown state', async () => {
    expect((await newAgent(t).get(QUEUE)).statusCode).toBe(401);
    const staff = await staffAgent(t, { permissions: [Permission.adminAccess, Permission.plansUpdate] });
    expect((await staff.agent.get(QUEUE)).statusCode).toBe(403);
    expect((await staff.agent.post(`${QUEUE}/1/retry`)).statusCode).toBe(403);
    const res = await t.admin.get(`${QUEUE}?state=stuck`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.state).toEqual(['Choose pending, running, failed or done.']);
    expect((await t.admin.get(`${QUEUE}?per_page=1000`)).statusCode).toBe(422);
  });
});

describe('the jobs by state', () => {
  it('lists each state with its count, newest first', async () => {
    await someEvents();
    const events = await someEvents();
    const [a, b, c] = events.slice(-3);
    if (!a || !b || !c) throw new Error('the checkout sent fewer than three events');
    await put(a.id, 'running');
    await put(b.id, 'failed');
    await put(c.id, 'pending');
    const all = await t.admin.get(QUEUE);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json();
    expect(body.counts).toMatchObject({ running: 1, failed: 1, pending: 1 });
    expect(body.counts.done).toBe(events.length - 3);
    expect(body.pagination.total).toBe(events.length);
    const ids = (body.pagination.data as QueueJob[]).map((job) => job.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));

    const failed = (await t.admin.get(`${QUEUE}?state=failed`)).json().pagination.data as QueueJob[];
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      id: b.id,
      state: 'failed',
      gateway: 'stripe',
      type: b.type,
      queue: 'billing-events',
      attempts: 8,
    });
    expect(failed[0]).not.toHaveProperty('payload');
    const pending = (await t.admin.get(`${QUEUE}?state=pending`)).json().pagination.data as QueueJob[];
    expect(pending.map((job) => job.id)).toEqual([c.id]);
    expect(pending[0]?.last_error).toBe('Stripe could not be reached.');
    const running = (await t.admin.get(`${QUEUE}?state=running`)).json().pagination.data as QueueJob[];
    expect(running.map((job) => job.id)).toEqual([a.id]);
    const done = (await t.admin.get(`${QUEUE}?state=done&per_page=2&page=1`)).json();
    expect(done.pagination.data).toHaveLength(2);
    expect(done.pagination.last_page).toBe(Math.ceil((events.length - 3) / 2));
    // Leave them as the billing area would find them next.
    for (const row of [a, b, c]) {
      await t.modules.db
        .updateTable('billing_events')
        .set({ processed_at: new Date().toISOString(), locked_until: null, last_error: null })
        .where('id', '=', row.id)
        .execute();
    }
  });
});

describe('retrying a job', () => {
  it('runs a failed job now: it is handled, counted afresh and audited', async () => {
    const [event] = (await someEvents()).slice(-1);
    if (!event) throw new Error('no event');
    await put(event.id, 'failed');
    const res = await t.admin.post(`${QUEUE}/${event.id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().job).toMatchObject({ id: event.id, state: 'done', attempts: 1, last_error: null });
    const audit = await t.modules.db
      .selectFrom('admin_audit_log')
      .selectAll()
      .where('action', '=', 'queue.retry')
      .where('target_id', '=', String(event.id))
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('runs a pending job before its retry is due', async () => {
    const [event] = (await someEvents()).slice(-1);
    if (!event) throw new Error('no event');
    await put(event.id, 'pending');
    const res = await t.admin.post(`${QUEUE}/${event.id}/retry`);
    expect(res.json().job.state).toBe('done');
    expect((await rowOf(event.id)).processed_at).not.toBeNull();
  });

  it('refuses a job that is running or done (409) and an unknown one (404), changing nothing', async () => {
    const [running, done] = (await someEvents()).slice(-2);
    if (!running || !done) throw new Error('no events');
    await put(running.id, 'running');
    const before = await rowOf(running.id);
    const busy = await t.admin.post(`${QUEUE}/${running.id}/retry`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(QUEUE_MESSAGES.notRetryable);
    expect(await rowOf(running.id)).toEqual(before);
    expect((await t.admin.post(`${QUEUE}/${done.id}/retry`)).statusCode).toBe(409);
    expect((await t.admin.post(`${QUEUE}/999999/retry`)).statusCode).toBe(404);
    expect((await t.admin.post(`${QUEUE}/abc/retry`)).statusCode).toBe(422);
  });

  it('handles a job once when two staff retry it at the same moment', async () => {
    const [event] = (await someEvents()).slice(-1);
    if (!event) throw new Error('no event');
    await put(event.id, 'failed');
    const invoices = async () => (await t.modules.db.selectFrom('invoices').select('id').execute()).length;
    const before = await invoices();
    const answers = await Promise.all([
      t.admin.post(`${QUEUE}/${event.id}/retry`),
      t.admin.post(`${QUEUE}/${event.id}/retry`),
    ]);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    const row = await rowOf(event.id);
    expect(row.processed_at).not.toBeNull();
    expect(row.attempts).toBe(1);
    expect(await invoices()).toBe(before);
  });
});
