import { describe, expect, it } from 'vitest';
import { EN_SECTIONS } from './lines-en.ts';
import { DEFAULT_PLANS } from './plans.ts';

/** The yearly saving against twelve monthly amounts, in percent (spec part 2, 5 "Discount hint"). */
function yearlySaving(plan: (typeof DEFAULT_PLANS)[number]): number | null {
  const month = plan.prices.find((p) => p.interval === 'month' && p.interval_count === 1);
  const year = plan.prices.find((p) => p.interval === 'year' && p.interval_count === 1);
  return month && year ? (1 - year.amount / (12 * month.amount)) * 100 : null;
}

describe('DEFAULT_PLANS', () => {
  it('has one free plan of 25 GB without prices, listed first', () => {
    const free = DEFAULT_PLANS.filter((p) => p.free);
    expect(free).toHaveLength(1);
    expect(DEFAULT_PLANS[0]).toBe(free[0]);
    expect(free[0].available_space).toBe(25 * 1024 ** 3);
    expect(free[0].prices).toEqual([]);
  });

  it('grows in space up to 2 TB, with one recommended plan', () => {
    const spaces = DEFAULT_PLANS.map((p) => p.available_space);
    expect(spaces).toEqual([...spaces].sort((a, b) => a - b));
    expect(spaces.at(-1)).toBe(2 * 1024 ** 4);
    expect(DEFAULT_PLANS.filter((p) => p.recommended).map((p) => p.name)).toEqual(['Standard']);
  });

  it('gives every paid plan a monthly and a cheaper yearly price', () => {
    for (const plan of DEFAULT_PLANS.filter((p) => !p.free)) {
      expect(
        plan.prices.map((p) => `${p.interval} ${p.interval_count}`),
        plan.name,
      ).toEqual(['month 1', 'year 1']);
      expect(yearlySaving(plan), plan.name).toBeGreaterThan(0);
    }
  });

  it('saves exactly 92 percent at best, and 15 to 40 percent on the other plans', () => {
    const savings = DEFAULT_PLANS.filter((p) => !p.free).map(yearlySaving) as number[];
    expect(Math.max(...savings)).toBe(92);
    expect(Math.floor(Math.max(...savings))).toBe(92);
    const others = savings.filter((s) => s !== 92);
    expect(others).toHaveLength(savings.length - 1);
    for (const s of others) expect(s >= 15 && s <= 40, String(s)).toBe(true);
  });

  it('lists three to six features per plan', () => {
    for (const plan of DEFAULT_PLANS) expect(plan.feature_list.length, plan.name).toBeGreaterThanOrEqual(3);
    for (const plan of DEFAULT_PLANS) expect(plan.feature_list.length, plan.name).toBeLessThanOrEqual(6);
  });

  it('keeps names, descriptions and features in the pricing lines, so they can be translated', () => {
    const lines = new Set(EN_SECTIONS.pricing);
    const texts = DEFAULT_PLANS.flatMap((p) => [p.name, p.description, ...p.feature_list]);
    expect(texts.filter((text) => !lines.has(text))).toEqual([]);
  });
});
