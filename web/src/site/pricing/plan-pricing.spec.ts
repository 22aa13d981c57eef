import { describe, expect, it } from 'vitest';
import type { Price } from '@kosh/contracts';
import {
  bestYearlyDiscount,
  formatAmount,
  intervalLine,
  plansForCycle,
  priceForCycle,
  yearlyDiscount,
} from './plan-pricing.ts';

let nextId = 1;
const price = (amount: number, interval: Price['interval'], interval_count = 1, currency = 'INR'): Price => ({
  id: nextId++,
  product_id: 1,
  amount,
  currency,
  interval,
  interval_count,
});

describe('priceForCycle', () => {
  const monthly = price(149, 'month');
  const yearly = price(1499, 'year');
  const twelveMonths = price(1599, 'month', 12);
  const quarterly = price(399, 'month', 3);

  it('picks the one-month price for the month cycle', () => {
    expect(priceForCycle([yearly, quarterly, monthly], 'month')).toBe(monthly);
  });

  it('picks the yearly price for the 12 months cycle, before a twelve-month price', () => {
    expect(priceForCycle([monthly, twelveMonths, yearly], 'year')).toBe(yearly);
  });

  it('takes a twelve-month price when there is no yearly one', () => {
    expect(priceForCycle([monthly, twelveMonths], 'year')).toBe(twelveMonths);
  });

  it('finds nothing when the plan has no price of that cycle', () => {
    expect(priceForCycle([quarterly, yearly], 'month')).toBeUndefined();
    expect(priceForCycle([monthly, quarterly, price(2999, 'year', 2)], 'year')).toBeUndefined();
    expect(priceForCycle([], 'month')).toBeUndefined();
  });
});

describe('yearlyDiscount', () => {
  const discount = (monthly: number, yearly: number) =>
    yearlyDiscount([price(monthly, 'month'), price(yearly, 'year')]);

  it('is hidden at 0 percent (the yearly price equals twelve monthly amounts)', () => {
    expect(discount(100, 1200)).toBeUndefined();
  });

  it('is hidden below 1 percent and when the yearly price costs more', () => {
    expect(discount(100, 1195)).toBeUndefined();
    expect(discount(100, 1300)).toBeUndefined();
  });

  it('shows 1 percent', () => {
    expect(discount(100, 1188)).toBe(1);
  });

  it('rounds down to a whole percent without losing 92 to floating point', () => {
    expect(discount(1250, 1200)).toBe(92);
    expect(discount(100, 1000)).toBe(16);
  });

  it('shows 200 percent and hides anything above', () => {
    expect(discount(100, -1200)).toBe(200);
    expect(discount(100, -1212)).toBeUndefined();
  });

  it('counts a twelve-month price as yearly', () => {
    expect(yearlyDiscount([price(100, 'month'), price(900, 'month', 12)])).toBe(25);
  });

  it('is hidden when the monthly or yearly price is missing, free, or in another currency', () => {
    expect(yearlyDiscount([price(100, 'month')])).toBeUndefined();
    expect(yearlyDiscount([price(1000, 'year')])).toBeUndefined();
    expect(yearlyDiscount([])).toBeUndefined();
    expect(discount(0, 0)).toBeUndefined();
    expect(yearlyDiscount([price(100, 'month', 1, 'INR'), price(10, 'year', 1, 'USD')])).toBeUndefined();
  });
});

describe('bestYearlyDiscount', () => {
  it('answers the best discount across plans', () => {
    const plans = [
      { prices: [] },
      { prices: [price(149, 'month'), price(1499, 'year')] },
      { prices: [price(1250, 'month'), price(1200, 'year')] },
      { prices: [price(599, 'month'), price(4999, 'year')] },
    ];
    expect(bestYearlyDiscount(plans)).toBe(92);
  });

  it('ignores discounts outside 1..200 percent', () => {
    const plans = [
      { prices: [price(100, 'month'), price(1000, 'year')] },
      { prices: [price(100, 'month'), price(-1300, 'year')] },
    ];
    expect(bestYearlyDiscount(plans)).toBe(16);
  });

  it('is undefined when no plan has both prices', () => {
    expect(bestYearlyDiscount([{ prices: [price(100, 'month')] }, { prices: [] }])).toBeUndefined();
    expect(bestYearlyDiscount([])).toBeUndefined();
  });
});

describe('plansForCycle', () => {
  const free = { id: 1, hidden: false, free: true, prices: [] };
  const both = { id: 2, hidden: false, free: false, prices: [price(149, 'month'), price(1499, 'year')] };
  const monthOnly = { id: 3, hidden: false, free: false, prices: [price(99, 'month')] };
  const hidden = { id: 4, hidden: true, free: false, prices: [price(9, 'month'), price(90, 'year')] };

  it('lists the free plan and the paid plans priced for the cycle, never hidden ones', () => {
    const all = [free, both, monthOnly, hidden];
    expect(plansForCycle(all, 'month').map((p) => p.id)).toEqual([1, 2, 3]);
    expect(plansForCycle(all, 'year').map((p) => p.id)).toEqual([1, 2]);
  });
});

describe('formatAmount', () => {
  it('shows rupees with the ₹ sign and no decimals when whole', () => {
    expect(formatAmount(149, 'INR', 'en')).toBe('₹149');
    expect(formatAmount(14999, 'INR', 'en')).toBe('₹14,999');
  });

  it('keeps two decimals when the amount has paise', () => {
    expect(formatAmount(149.5, 'INR', 'en')).toBe('₹149.50');
  });

  it('formats other currencies and falls back to the code for a malformed one', () => {
    expect(formatAmount(10, 'USD', 'en')).toBe('$10');
    expect(formatAmount(10, 'RUPEES', 'en')).toBe('10 RUPEES');
  });
});

describe('intervalLine', () => {
  it('names one interval, or the count of them', () => {
    expect(intervalLine({ interval: 'month', interval_count: 1 })).toEqual({ message: ':price / month', count: 1 });
    expect(intervalLine({ interval: 'year', interval_count: 1 })).toEqual({ message: ':price / year', count: 1 });
    expect(intervalLine({ interval: 'month', interval_count: 12 })).toEqual({
      message: ':price / :count months',
      count: 12,
    });
    expect(intervalLine({ interval: 'day', interval_count: 7 })).toEqual({ message: ':price / :count days', count: 7 });
    expect(intervalLine({ interval: 'week', interval_count: 1 }).message).toBe(':price / week');
    expect(intervalLine({ interval: 'year', interval_count: 2 }).message).toBe(':price / :count years');
  });
});
