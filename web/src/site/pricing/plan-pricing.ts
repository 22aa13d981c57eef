import type { Price, Product } from '@kosh/contracts';

/** The two cycles of the billing-cycle selector (spec part 2, 2 and 4); month is the default. */
export type BillingCycle = 'month' | 'year';
export const DEFAULT_BILLING_CYCLE: BillingCycle = 'month';

/** The discount hint is shown only between these percentages (spec part 2, 5 "Discount hint"). */
const MIN_HINT_PERCENT = 1;
const MAX_HINT_PERCENT = 200;

type PriceTerms = Pick<Price, 'interval' | 'interval_count'>;

const isMonthly = (p: PriceTerms) => p.interval === 'month' && p.interval_count === 1;
const isYearly = (p: PriceTerms) =>
  (p.interval === 'year' && p.interval_count === 1) || (p.interval === 'month' && p.interval_count === 12);

/** The plan's price for a cycle: 1 month, or 12 months (a yearly price, else one of twelve months). */
export function priceForCycle<P extends PriceTerms>(prices: P[], cycle: BillingCycle): P | undefined {
  if (cycle === 'month') return prices.find(isMonthly);
  return prices.find((p) => p.interval === 'year' && p.interval_count === 1) ?? prices.find(isYearly);
}

/**
 * Whole percent a plan's yearly price saves against twelve monthly amounts, rounded down; undefined
 * when the plan lacks either price (or they are in different currencies) or the result is outside
 * 1..200 percent, where the hint is not shown.
 */
export function yearlyDiscount(prices: Pick<Price, 'amount' | 'currency' | 'interval' | 'interval_count'>[]) {
  const monthly = priceForCycle(prices, 'month');
  const yearly = priceForCycle(prices, 'year');
  if (!monthly || !yearly || monthly.amount <= 0 || monthly.currency !== yearly.currency) return undefined;
  // The epsilon keeps 92 from becoming 91.999... and flooring to 91.
  const percent = Math.floor((1 - yearly.amount / (12 * monthly.amount)) * 100 + 1e-9);
  return percent >= MIN_HINT_PERCENT && percent <= MAX_HINT_PERCENT ? percent : undefined;
}

/** The best discount over the plans, for the "Up to :percentage% OFF" hint; undefined hides it. */
export function bestYearlyDiscount(products: Pick<Product, 'prices'>[]): number | undefined {
  const found = products.map((p) => yearlyDiscount(p.prices)).filter((n): n is number => n !== undefined);
  return found.length ? Math.max(...found) : undefined;
}

/**
 * The plans a cycle lists (spec part 2, 5): never hidden ones (the server leaves them out too), the
 * free plan always, a paid plan only when it has a price for the cycle.
 */
export function plansForCycle<T extends Pick<Product, 'hidden' | 'free' | 'prices'>>(
  products: T[],
  cycle: BillingCycle,
) {
  return products.filter((p) => !p.hidden && (p.free || priceForCycle(p.prices, cycle) !== undefined));
}

/** An amount in its currency (INR -> ₹), without decimals when whole. */
export function formatAmount(amount: number, currency: string, locale: string): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    // A malformed currency code or locale: still show the figure.
    return `${amount.toFixed(digits)} ${currency}`;
  }
}

/** The line a price is shown with per interval (lines of the `pricing` section), and its :count. */
export function intervalLine(price: PriceTerms): { message: string; count: number } {
  const count = price.interval_count;
  const lines = {
    day: [':price / day', ':price / :count days'],
    week: [':price / week', ':price / :count weeks'],
    month: [':price / month', ':price / :count months'],
    year: [':price / year', ':price / :count years'],
  } as const;
  const [one, many] = lines[price.interval];
  return { message: count === 1 ? one : many, count };
}
