import { describe, expect, it } from 'vitest';
import type { Product } from '@kosh/contracts';
import { blankPlan, checkPlan, formFieldOf, planToForm } from './plan-form.ts';

const TB = 1024 ** 4;
const plan: Product = {
  id: 7,
  name: 'Team',
  description: null,
  position: 3,
  available_space: 5 * TB,
  free: false,
  recommended: true,
  hidden: false,
  feature_list: ['5 TB'],
  prices: [{ id: 11, product_id: 7, amount: 499, currency: 'INR', interval: 'month', interval_count: 1 }],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('plan form', () => {
  it('round-trips a saved plan into the body the server reads, keeping the price id', () => {
    const checked = checkPlan(planToForm(plan), plan.position);
    expect(checked.errors).toBeUndefined();
    expect(checked.body).toMatchObject({
      name: 'Team',
      description: null,
      position: 3,
      available_space: 5 * TB,
      recommended: true,
      feature_list: ['5 TB'],
      prices: [{ id: 11, amount: 499, currency: 'INR', interval: 'month', interval_count: 1 }],
    });
  });

  it('puts the schema’s messages on the form fields that edit them', () => {
    const values = { ...blankPlan(), space_amount: 'lots', prices: [{ ...blankPlan().prices[0], amount: 'x' }] };
    const { errors } = checkPlan(values, 0);
    expect(Object.keys(errors ?? {})).toEqual(expect.arrayContaining(['name', 'space_amount', 'prices.0.amount']));
  });

  it('maps the server’s 422 keys onto form fields', () => {
    expect(formFieldOf('available_space')).toBe('space_amount');
    expect(formFieldOf('prices.2.id')).toBe('prices.2.amount');
    expect(formFieldOf('feature_list.4')).toBe('features');
    expect(formFieldOf('prices.1.interval')).toBe('prices.1.interval');
  });
});
