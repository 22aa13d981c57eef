import type { Price, PriceInterval, Product } from '@kosh/contracts';
import type { PriceRow, ProductRow } from './plans.repository.ts';

/** Approximate days of each interval unit: enough to order a plan's prices by the length of their cycle. */
const INTERVAL_DAYS: Record<PriceInterval, number> = { day: 1, week: 7, month: 30, year: 365 };

/** How long a price's billing cycle is, in days (a month and a year of one cycle: 30 and 365). */
export const cycleDays = (price: Pick<PriceRow, 'interval' | 'interval_count'>): number =>
  INTERVAL_DAYS[price.interval] * price.interval_count;

/** Amounts are stored in paise and answered in rupees. */
export const toMinorUnits = (amount: number): number => Math.round(amount * 100);
export const toMajorUnits = (minor: number): number => Number(minor) / 100;

export function presentPrice(row: PriceRow): Price {
  return {
    id: row.id,
    product_id: row.product_id,
    amount: toMajorUnits(row.amount),
    currency: row.currency,
    interval: row.interval,
    interval_count: row.interval_count,
  };
}

function parseFeatures(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A plan as the client reads it (spec part 2, 3), with its current prices shortest cycle first
 * (a month before a year). PostgreSQL answers bigint columns as numbers already (db/database.ts);
 * Number() keeps that true whatever the driver does.
 */
export function presentProduct(row: ProductRow, prices: PriceRow[]): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    position: row.position,
    available_space: Number(row.available_space),
    free: Boolean(row.free),
    recommended: Boolean(row.recommended),
    hidden: Boolean(row.hidden),
    feature_list: parseFeatures(row.feature_list),
    prices: [...prices].sort((a, b) => cycleDays(a) - cycleDays(b) || a.id - b.id).map(presentPrice),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
