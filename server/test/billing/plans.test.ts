import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PLAN_FEATURES, Permission, type Product } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { staffAgent } from '../helpers/staff.ts';

const GB = 1024 ** 3;
const TB = 1024 ** 4;
const LIST = '/api/v1/billing/products';
const one = (id: number) => `${LIST}/${id}`;

let t: TestApp;
let visitor: Agent;
let plainUser: Agent;
let staff: Agent;
let admin: Agent;

/** A signed-in agent; `permission` is granted to the user directly. */
const agentOf = async (opts: { admin?: boolean; permission?: string } = {}): Promise<Agent> =>
  (await staffAgent(t, { admin: opts.admin, permissions: opts.permission ? [opts.permission] : [] })).agent;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  visitor = newAgent(t);
  plainUser = await agentOf();
  staff = await agentOf({ permission: Permission.plansUpdate });
  admin = await agentOf({ admin: true });
});
afterAll(() => t.close());

let n = 0;
const plan = (over: Record<string, unknown> = {}) => ({
  name: `Plan ${++n}`,
  description: 'A plan for tests.',
  position: 50,
  available_space: 300 * GB,
  feature_list: ['300 GB'],
  prices: [
    { amount: 120, currency: 'INR', interval: 'year', interval_count: 1 },
    { amount: 12.5, currency: 'inr', interval: 'month', interval_count: 1 },
  ],
  ...over,
});

const send = (agent: Agent, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  agent.request({ method, url, payload: payload as object });

async function list(agent: Agent = visitor): Promise<Product[]> {
  const res = await agent.get(`${LIST}?loader=pricingPage`);
  expect(res.statusCode).toBe(200);
  return res.json().pagination.data;
}

async function created(body: Record<string, unknown>, agent: Agent = admin): Promise<Product> {
  const res = await send(agent, 'POST', LIST, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product;
}

const saving = (p: Product) => {
  const month = p.prices.find((x) => x.interval === 'month' && x.interval_count === 1);
  const year = p.prices.find((x) => x.interval === 'year' && x.interval_count === 1);
  return month && year ? (1 - year.amount / (12 * month.amount)) * 100 : null;
};

describe('GET billing/products', () => {
  it('answers visitors the seeded plans: 25 GB free, INR plans up to 2 TB, best yearly saving 92 %', async () => {
    const res = await visitor.get(`${LIST}?loader=pricingPage`);
    expect(res.statusCode).toBe(200);
    const { pagination } = res.json() as { pagination: { data: Product[] } & Record<string, number> };
    const plans = pagination.data;
    expect(pagination).toMatchObject({ current_page: 1, last_page: 1, per_page: 5, total: 5 });
    expect(plans.map((p) => p.name)).toEqual(['Free', 'Basic', 'Standard', 'Premium', 'Ultimate']);
    expect(plans[0]).toMatchObject({ free: true, available_space: 25 * GB, prices: [] });
    expect(plans.at(-1)?.available_space).toBe(2 * TB);
    expect(plans.filter((p) => p.recommended).map((p) => p.name)).toEqual(['Standard']);
    for (const p of plans.slice(1)) {
      expect(p.prices.map((x) => [x.currency, x.interval, x.interval_count])).toEqual([
        ['INR', 'month', 1],
        ['INR', 'year', 1],
      ]);
      expect(p.feature_list.length).toBeGreaterThanOrEqual(3);
    }
    const savings = plans.map(saving).filter((s): s is number => s !== null);
    expect(Math.max(...savings)).toBe(92);
    expect(savings.filter((s) => s !== 92).every((s) => s >= 15 && s <= 40)).toBe(true);
  });

  it('answers signed-in users the same plans (no subscription yet)', async () => {
    expect((await list(plainUser)).map((p) => p.id)).toEqual((await list()).map((p) => p.id));
  });

  it('orders by position, then by id', async () => {
    const first = await created(plan({ position: 1 }));
    const second = await created(plan({ position: 1 }));
    const names = (await list()).map((p) => p.name);
    expect(names.slice(0, 4)).toEqual(['Free', 'Basic', first.name, second.name]);
    for (const p of [first, second]) expect((await send(admin, 'DELETE', one(p.id))).statusCode).toBe(204);
  });

  it('never lists a hidden plan, to admins neither', async () => {
    const hidden = await created(plan({ hidden: true }));
    expect(hidden.hidden).toBe(true);
    for (const agent of [visitor, admin]) expect((await list(agent)).map((p) => p.id)).not.toContain(hidden.id);
  });

  it('attaches the current prices, a month before a year, amounts in rupees', async () => {
    const product = await created(plan());
    const listed = (await list()).find((p) => p.id === product.id);
    expect(listed?.prices.map((p) => [p.interval, p.amount, p.currency])).toEqual([
      ['month', 12.5, 'INR'],
      ['year', 120, 'INR'],
    ]);
    const stored = await t.modules.db
      .selectFrom('prices')
      .select('amount')
      .where('product_id', '=', product.id)
      .execute();
    expect(stored.map((r) => Number(r.amount)).sort((a, b) => a - b)).toEqual([1250, 12000]);
  });

  it('leaves archived prices out', async () => {
    const product = await created(plan());
    const [month, year] = product.prices;
    const res = await send(admin, 'PUT', one(product.id), plan({ name: product.name, prices: [{ ...month }] }));
    expect(res.statusCode, res.body).toBe(200);
    const listed = (await list()).find((p) => p.id === product.id);
    expect(listed?.prices.map((p) => p.id)).toEqual([month.id]);
    const archived = await t.modules.db.selectFrom('prices').selectAll().where('id', '=', year.id).executeTakeFirst();
    expect(archived?.archived_at).not.toBeNull();
  });
});

describe('POST, PUT and DELETE billing/products', () => {
  it('refuses anonymous callers with 401 and changes nothing', async () => {
    const [target] = await list();
    for (const [method, url] of [
      ['POST', LIST],
      ['PUT', one(target.id)],
      ['DELETE', one(target.id)],
    ] as const) {
      const res = await send(newAgent(t), method, url, method === 'DELETE' ? undefined : plan());
      expect([method, res.statusCode, res.json().code]).toEqual([method, 401, 'unauthenticated']);
    }
    expect((await list()).find((p) => p.id === target.id)?.name).toBe(target.name);
  });

  it('refuses a user without plans.update with 403', async () => {
    const [, basic] = await list();
    for (const [method, url] of [
      ['POST', LIST],
      ['PUT', one(basic.id)],
      ['DELETE', one(basic.id)],
    ] as const) {
      const res = await send(plainUser, method, url, method === 'DELETE' ? undefined : plan());
      expect([method, res.statusCode]).toEqual([method, 403]);
    }
    expect((await list()).map((p) => p.name)).toContain('Basic');
  });

  it('creates a plan for staff with plans.update (201), and for admins', async () => {
    const body = plan({ feature_list: ['One', 'Two'], description: '  Trimmed.  ' });
    const res = await send(staff, 'POST', LIST, body);
    expect(res.statusCode, res.body).toBe(201);
    const { product } = res.json() as { product: Product };
    expect(product).toMatchObject({
      name: body.name,
      description: 'Trimmed.',
      available_space: 300 * GB,
      free: false,
      recommended: false,
      hidden: false,
      feature_list: ['One', 'Two'],
    });
    expect((await list()).map((p) => p.id)).toContain(product.id);
    expect((await created(plan(), admin)).id).toBeGreaterThan(product.id);
  });

  it('updates a plan (200) and answers 404 for an unknown one', async () => {
    const product = await created(plan());
    const res = await send(staff, 'PUT', one(product.id), plan({ name: 'Renamed plan', available_space: TB }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ id: product.id, name: 'Renamed plan', available_space: TB });
    expect((await send(staff, 'PUT', one(999_999), plan())).statusCode).toBe(404);
  });

  it('archives a price whose terms change and creates a new one; an unchanged price keeps its id', async () => {
    const product = await created(plan());
    const [month, year] = product.prices;
    const res = await send(admin, 'PUT', one(product.id), {
      ...plan({ name: product.name }),
      prices: [
        { id: month.id, amount: 12.5, currency: 'INR', interval: 'month', interval_count: 1 },
        { id: year.id, amount: 110, currency: 'INR', interval: 'year', interval_count: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const prices = (res.json().product as Product).prices;
    expect(prices[0].id).toBe(month.id);
    expect(prices[1]).toMatchObject({ amount: 110, interval: 'year' });
    expect(prices[1].id).not.toBe(year.id);
    const old = await t.modules.db.selectFrom('prices').selectAll().where('id', '=', year.id).executeTakeFirstOrThrow();
    expect([Number(old.amount), old.archived_at === null]).toEqual([12000, false]);
  });

  it('deletes a plan with its prices (204), then answers 404', async () => {
    const product = await created(plan());
    expect((await send(staff, 'DELETE', one(product.id))).statusCode).toBe(204);
    expect((await list()).map((p) => p.id)).not.toContain(product.id);
    const left = await t.modules.db.selectFrom('prices').select('id').where('product_id', '=', product.id).execute();
    expect(left).toEqual([]);
    const again = await send(staff, 'DELETE', one(product.id));
    expect([again.statusCode, again.json().code]).toEqual([404, 'not_found']);
  });

  it('refuses to delete the free plan with 409', async () => {
    const free = (await list()).find((p) => p.free);
    const res = await send(admin, 'DELETE', one(free?.id ?? 0));
    expect([res.statusCode, res.json().code]).toEqual([409, 'conflict']);
    expect(res.json().message).toMatch(/free plan cannot be deleted/);
    expect((await list()).find((p) => p.free)?.id).toBe(free?.id);
  });

  it('marks one visible plan recommended: saving another as recommended un-marks the first', async () => {
    const product = await created(plan({ recommended: true }));
    expect((await list()).filter((p) => p.recommended).map((p) => p.id)).toEqual([product.id]);
    const [, , standard] = await list();
    const res = await send(admin, 'PUT', one(standard.id), {
      ...standard,
      description: standard.description,
      recommended: true,
      prices: standard.prices.map(({ id, amount, currency, interval, interval_count }) => ({
        id,
        amount,
        currency,
        interval,
        interval_count,
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list()).filter((p) => p.recommended).map((p) => p.name)).toEqual(['Standard']);
  });

  describe('rules beyond the schema (422 with the field)', () => {
    const refused = async (body: unknown, url = LIST, method: 'POST' | 'PUT' = 'POST') => {
      const res = await send(admin, method, url, body);
      expect(res.statusCode, res.body).toBe(422);
      return res.json() as { code: string; message: string; errors: Record<string, string[]> };
    };

    it('a name another plan has, in any case', async () => {
      const answer = await refused(plan({ name: 'sTaNdArD' }));
      expect(answer.code).toBe('name_taken');
      expect(answer.errors.name).toEqual(['A plan with this name already exists.']);
    });

    it('a second free plan', async () => {
      const answer = await refused(plan({ free: true, prices: [] }));
      expect(answer.errors).toEqual({ free: ['There is already a free plan. A site has at most one.'] });
    });

    it('a free plan with a price above 0', async () => {
      const free = (await list()).find((p) => p.free);
      const answer = await refused(
        plan({ name: 'Free', free: true, available_space: 25 * GB }),
        one(free?.id ?? 0),
        'PUT',
      );
      expect(answer.errors).toEqual({ prices: ['A free plan cannot have a price above 0.'] });
    });

    it('a paid plan without a price above 0', async () => {
      for (const prices of [[], [{ amount: 0, currency: 'INR', interval: 'month', interval_count: 1 }]]) {
        const answer = await refused(plan({ prices }));
        expect(answer.errors).toEqual({ prices: ['A paid plan needs at least one price above 0.'] });
      }
    });

    it('two prices of one currency and cycle', async () => {
      const price = { amount: 10, currency: 'INR', interval: 'month', interval_count: 1 };
      const answer = await refused(plan({ prices: [price, { ...price, amount: 20 }] }));
      expect(Object.keys(answer.errors)).toEqual(['prices.1.interval']);
    });

    it('a price id that is not a current price of the plan', async () => {
      const [, basic] = await list();
      const answer = await refused(plan({ prices: [{ ...basic.prices[0] }] }));
      expect(Object.keys(answer.errors)).toEqual(['prices.0.id']);
    });

    it('changes nothing when refused', async () => {
      const before = await list();
      await refused(plan({ name: 'Basic', recommended: true }));
      expect(await list()).toEqual(before);
    });
  });

  describe('malformed bodies (422 with the field)', () => {
    const fieldsOf = async (body: unknown) => {
      const res = await send(admin, 'POST', LIST, body);
      expect(res.statusCode, res.body).toBe(422);
      return Object.keys(res.json().errors);
    };

    it('wrong types', async () => {
      expect(await fieldsOf(plan({ available_space: 'lots' }))).toEqual(['available_space']);
      expect(await fieldsOf(plan({ free: 'yes' }))).toEqual(['free']);
      expect(await fieldsOf(plan({ prices: 'free' }))).toEqual(['prices']);
      expect(await fieldsOf(plan({ feature_list: [42] }))).toEqual(['feature_list.0']);
      expect(await fieldsOf(plan({ name: 7 }))).toEqual(['name']);
    });

    it('missing fields and bad prices', async () => {
      expect(await fieldsOf({ name: 'x' })).toEqual(['available_space']);
      const price = { amount: 10, currency: 'INR', interval: 'month', interval_count: 1 };
      expect(await fieldsOf(plan({ prices: [{ ...price, amount: -1 }] }))).toEqual(['prices.0.amount']);
      expect(await fieldsOf(plan({ prices: [{ ...price, amount: 1.005 }] }))).toEqual(['prices.0.amount']);
      expect(await fieldsOf(plan({ prices: [{ ...price, amount: 1e12 }] }))).toEqual(['prices.0.amount']);
      expect(await fieldsOf(plan({ prices: [{ ...price, currency: 'RUPEES' }] }))).toEqual(['prices.0.currency']);
      expect(await fieldsOf(plan({ prices: [{ ...price, interval: 'fortnight' }] }))).toEqual(['prices.0.interval']);
      expect(await fieldsOf(plan({ prices: [{ ...price, interval_count: 0 }] }))).toEqual(['prices.0.interval_count']);
    });

    it('an oversized feature list, a long feature, a long name, a negative space', async () => {
      const features = Array.from({ length: MAX_PLAN_FEATURES + 1 }, (_, i) => `Feature ${i}`);
      expect(await fieldsOf(plan({ feature_list: features }))).toEqual(['feature_list']);
      expect(await fieldsOf(plan({ feature_list: ['x'.repeat(201)] }))).toEqual(['feature_list.0']);
      expect(await fieldsOf(plan({ name: 'x'.repeat(101) }))).toEqual(['name']);
      expect(await fieldsOf(plan({ name: '   ' }))).toEqual(['name']);
      expect(await fieldsOf(plan({ available_space: -1 }))).toEqual(['available_space']);
    });

    it('a product id that is not a number', async () => {
      const res = await send(admin, 'PUT', `${LIST}/abc`, plan());
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['productId']);
    });

    it('a body over the size limit is refused with 413', async () => {
      const res = await send(admin, 'POST', LIST, plan({ description: 'x'.repeat(2 * 1024 * 1024) }));
      expect(res.statusCode).toBe(413);
    });
  });
});
