import { Permission, type SaveProductBody, type SubscriptionSummary } from '@kosh/contracts';
import { describe, expect, it } from 'vitest';
import { Actor } from '../auth/actor.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { nullDatabase } from '../testing/null-database.ts';
import { TestClock } from '../testing/test-clock.ts';
import type { NewPriceRow, NewProductRow, PriceRow, ProductChanges, ProductRow } from './plans.repository.ts';
import { PLAN_TEXT, PlansService, type PlansStore, subscribedSpace } from './plans.service.ts';

const GB = 1024 ** 3;

/** Plans and prices over arrays, answering as the repository's queries do. */
class FakePlans implements PlansStore {
  products: ProductRow[] = [];
  prices: PriceRow[] = [];
  transactions = 0;
  private nextId = 1;
  private readonly trx = nullDatabase();

  async transaction<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    this.transactions++;
    return work(this.trx);
  }
  async getById(id: number) {
    return this.products.find((p) => p.id === id);
  }
  async listVisible() {
    return this.products.filter((p) => !p.hidden).sort((a, b) => a.position - b.position || a.id - b.id);
  }
  async listSummaries() {
    return this.products.map(({ id, name, free }) => ({ id, name, free }));
  }
  async listCurrentPrices(productIds: number[]) {
    return this.prices.filter((p) => productIds.includes(p.product_id) && p.archived_at === null);
  }
  async create(row: NewProductRow) {
    const product = { id: this.nextId++, ...row } as ProductRow;
    this.products.push(product);
    return product;
  }
  async update(id: number, changes: ProductChanges) {
    Object.assign(this.products.find((p) => p.id === id) ?? {}, changes);
  }
  async clearRecommended(exceptId: number | null) {
    for (const p of this.products) if (p.id !== exceptId && !p.hidden) p.recommended = 0;
  }
  async delete(id: number) {
    const before = this.products.length;
    this.products = this.products.filter((p) => p.id !== id);
    this.prices = this.prices.filter((p) => p.product_id !== id);
    return this.products.length < before;
  }
  async createPrices(rows: NewPriceRow[]) {
    for (const row of rows) this.prices.push({ id: this.nextId++, ...row } as PriceRow);
  }
  async archivePrices(ids: number[], at: string) {
    for (const p of this.prices) if (ids.includes(p.id)) p.archived_at = at;
  }

  /** A stored plan with its prices (amounts in rupees). */
  seed(name: string, space: number, opts: Partial<ProductRow> = {}, prices: Array<[number, 'month' | 'year']> = []) {
    const row: ProductRow = {
      id: this.nextId++,
      name,
      description: null,
      position: this.products.length,
      available_space: space,
      free: 0,
      recommended: 0,
      hidden: 0,
      feature_list: '[]',
      stripe_id: null,
      paypal_id: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      ...opts,
    };
    this.products.push(row);
    for (const [amount, interval] of prices) {
      this.prices.push({
        id: this.nextId++,
        product_id: row.id,
        amount: amount * 100,
        currency: 'INR',
        interval,
        interval_count: 1,
        archived_at: null,
        stripe_id: null,
        paypal_id: null,
        created_at: row.created_at,
      });
    }
    return row;
  }
}

const visitor = new Actor(null, [], []);
const user = new Actor({ id: 7, email: 'u@example.test' }, [], []);
const staff = new Actor(
  { id: 8, email: 's@example.test' },
  [],
  [{ id: 1, name: Permission.plansUpdate, restrictions: [] }],
);
const admin = new Actor({ id: 9, email: 'a@example.test' }, [], [{ id: 2, name: Permission.admin, restrictions: [] }]);

const subscription = (valid: boolean, product?: unknown): SubscriptionSummary => ({
  id: 1,
  valid,
  active: valid,
  product,
});

function setup(subscriptions: SubscriptionSummary[] = []) {
  const repo = new FakePlans();
  repo.seed('Free', 25 * GB, { free: 1 });
  repo.seed('Small', 100 * GB, {}, [
    [99, 'year'],
    [10, 'month'],
  ]);
  repo.seed('Hidden', 300 * GB, { hidden: 1 }, [[5, 'month']]);
  repo.seed('Big', 500 * GB, { recommended: 1 }, [[20, 'month']]);
  const clock = new TestClock();
  const sut = new PlansService({ plans: repo, subscriptionsOf: async () => subscriptions, clock: clock.now });
  return { repo, sut, clock };
}

const body = (over: Partial<SaveProductBody> = {}): SaveProductBody => ({
  name: 'New',
  description: null,
  position: 9,
  available_space: 200 * GB,
  free: false,
  recommended: false,
  hidden: false,
  feature_list: ['One'],
  prices: [{ amount: 15, currency: 'INR', interval: 'month', interval_count: 1 }],
  ...over,
});

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('subscribedSpace', () => {
  it('is null without a valid subscription whose plan names its space', () => {
    expect(subscribedSpace([])).toBeNull();
    expect(subscribedSpace([subscription(false, { available_space: GB })])).toBeNull();
    expect(subscribedSpace([subscription(true)])).toBeNull();
    expect(subscribedSpace([subscription(true, { available_space: '1024' })])).toBeNull();
  });

  it('is the largest space among valid subscriptions', () => {
    const subs = [
      subscription(true, { available_space: GB }),
      subscription(false, { available_space: 9 * GB }),
      subscription(true, { available_space: 3 * GB }),
    ];
    expect(subscribedSpace(subs)).toBe(3 * GB);
  });
});

describe('PlansService', () => {
  describe('list', () => {
    it('answers the visible plans by position with their prices, a month before a year', async () => {
      const { sut } = setup();
      const { pagination } = await sut.list(visitor);
      expect(pagination.data.map((p) => p.name)).toEqual(['Free', 'Small', 'Big']);
      expect(pagination.data[1].prices.map((p) => [p.interval, p.amount])).toEqual([
        ['month', 10],
        ['year', 99],
      ]);
      expect(pagination).toMatchObject({ current_page: 1, last_page: 1, per_page: 3, total: 3 });
    });

    it('never lists hidden plans, to admins neither', async () => {
      const { sut } = setup();
      expect((await sut.list(admin)).pagination.data.map((p) => p.name)).not.toContain('Hidden');
    });

    it('offers a subscriber only plans with more space than theirs', async () => {
      const { sut } = setup([subscription(true, { id: 2, available_space: 100 * GB })]);
      const { pagination } = await sut.list(user);
      expect(pagination.data.map((p) => p.name)).toEqual(['Big']);
      expect(pagination.total).toBe(1);
    });

    it('ignores subscriptions that are not valid', async () => {
      const { sut } = setup([subscription(false, { available_space: 100 * GB })]);
      expect((await sut.list(user)).pagination.total).toBe(3);
    });

    it('does not filter for a visitor', async () => {
      const { sut } = setup([subscription(true, { available_space: 100 * GB })]);
      expect((await sut.list(visitor)).pagination.total).toBe(3);
    });
  });

  describe('create', () => {
    it('refuses a visitor with 401 and a user without plans.update with 403', async () => {
      const { sut, repo } = setup();
      expect((await refusal(sut.create(visitor, body()))).status).toBe(401);
      expect((await refusal(sut.create(user, body()))).status).toBe(403);
      expect(repo.products).toHaveLength(4);
    });

    it('stores the plan and its prices in paise', async () => {
      const { sut, repo, clock } = setup();
      const product = await sut.create(staff, body({ prices: [{ ...body().prices[0], amount: 12.5 }] }));
      expect(product).toMatchObject({ name: 'New', available_space: 200 * GB, feature_list: ['One'] });
      expect(product.prices.map((p) => p.amount)).toEqual([12.5]);
      expect(repo.prices.find((p) => p.product_id === product.id)).toMatchObject({
        amount: 1250,
        created_at: clock.iso(),
      });
    });

    it('refuses a name another plan has, in any case, with name_taken', async () => {
      const { sut } = setup();
      const error = await refusal(sut.create(staff, body({ name: 'big' })));
      expect([error.status, error.code, error.errors]).toEqual([422, 'name_taken', { name: [PLAN_TEXT.nameTaken] }]);
    });

    it('refuses a second free plan', async () => {
      const { sut } = setup();
      const error = await refusal(sut.create(staff, body({ free: true, prices: [] })));
      expect(error.errors).toEqual({ free: [PLAN_TEXT.secondFree] });
    });

    it('refuses a free plan with a price above 0 and a paid plan without one', async () => {
      const { sut } = setup();
      const free = await refusal(sut.create(staff, body({ name: 'Gratis', free: true })));
      expect(free.errors?.prices).toEqual([PLAN_TEXT.freeWithPrice]);
      const paid = await refusal(sut.create(staff, body({ prices: [{ ...body().prices[0], amount: 0 }] })));
      expect(paid.errors).toEqual({ prices: [PLAN_TEXT.paidWithoutPrice] });
    });

    it('refuses two prices of one currency and cycle, and a price id of another plan', async () => {
      const { sut, repo } = setup();
      const price = body().prices[0];
      const twice = await refusal(sut.create(staff, body({ prices: [price, { ...price, amount: 20 }] })));
      expect(twice.errors).toEqual({ 'prices.1.interval': [PLAN_TEXT.duplicateCycle] });
      const foreign = repo.prices[0].id;
      const stolen = await refusal(sut.create(staff, body({ prices: [{ ...price, id: foreign }] })));
      expect(stolen.errors).toEqual({ 'prices.0.id': [PLAN_TEXT.unknownPrice] });
    });

    it('un-marks the plan recommended before when a visible plan is saved as recommended', async () => {
      const { sut, repo } = setup();
      const product = await sut.create(staff, body({ recommended: true }));
      expect(repo.products.filter((p) => p.recommended).map((p) => p.id)).toEqual([product.id]);
      expect(repo.transactions).toBe(1);
    });

    it('keeps the recommended plan when a hidden plan is saved as recommended', async () => {
      const { sut, repo } = setup();
      await sut.create(staff, body({ recommended: true, hidden: true }));
      expect(repo.products.filter((p) => p.recommended).map((p) => p.name)).toEqual(['Big', 'New']);
    });
  });

  describe('update', () => {
    it('answers 404 for an unknown plan', async () => {
      const { sut } = setup();
      expect((await refusal(sut.update(admin, 999, body()))).status).toBe(404);
    });

    it('keeps a price with the same terms, archives a changed or unlisted one, creates new ones', async () => {
      const { sut, repo, clock } = setup();
      const small = repo.products[1];
      const [year, month] = repo.prices.filter((p) => p.product_id === small.id);
      const product = await sut.update(
        staff,
        small.id,
        body({
          name: 'Small',
          prices: [
            { id: month.id, amount: 10, currency: 'INR', interval: 'month', interval_count: 1 },
            { id: year.id, amount: 89, currency: 'INR', interval: 'year', interval_count: 1 },
            { amount: 5, currency: 'INR', interval: 'week', interval_count: 1 },
          ],
        }),
      );
      expect(product.prices.map((p) => [p.interval, p.amount])).toEqual([
        ['week', 5],
        ['month', 10],
        ['year', 89],
      ]);
      expect(product.prices.find((p) => p.interval === 'month')?.id).toBe(month.id);
      expect(repo.prices.find((p) => p.id === year.id)?.archived_at).toBe(clock.iso());
      expect(repo.prices.find((p) => p.id === month.id)?.archived_at).toBeNull();

      const again = await sut.update(staff, small.id, body({ name: 'Small', prices: [product.prices[0]] }));
      expect(again.prices.map((p) => p.id)).toEqual([product.prices[0].id]);
      expect(repo.prices.filter((p) => p.product_id === small.id && p.archived_at === null)).toHaveLength(1);
    });

    it('lets a plan keep its own name in another case', async () => {
      const { sut, repo } = setup();
      const product = await sut.update(staff, repo.products[3].id, body({ name: 'BIG' }));
      expect(product.name).toBe('BIG');
    });
  });

  describe('delete', () => {
    it('removes a plan with its prices', async () => {
      const { sut, repo } = setup();
      const small = repo.products[1];
      await sut.delete(staff, small.id);
      expect(repo.products.map((p) => p.name)).not.toContain('Small');
      expect(repo.prices.filter((p) => p.product_id === small.id)).toEqual([]);
    });

    it('refuses the free plan with 409 and an unknown plan with 404', async () => {
      const { sut, repo } = setup();
      const free = await refusal(sut.delete(staff, repo.products[0].id));
      expect([free.status, free.message]).toEqual([409, PLAN_TEXT.deleteFree]);
      expect((await refusal(sut.delete(staff, 999))).status).toBe(404);
    });

    it('refuses a user without plans.update', async () => {
      const { sut, repo } = setup();
      expect((await refusal(sut.delete(user, repo.products[1].id))).status).toBe(403);
      expect(repo.products).toHaveLength(4);
    });
  });
});
