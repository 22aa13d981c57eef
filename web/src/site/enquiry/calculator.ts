import { LARGE_STORAGE_MIN_TB, LARGE_STORAGE_RATE_PER_GB } from '@kosh/contracts';

export const STORAGE_NOT_WHOLE = 'Error: Storage must be a whole number!';
export const STORAGE_TOO_SMALL = 'Error: Storage must be greater than 5 TB!';

const GB_PER_TB = 1024n;
const RATE_PAISE_PER_GB = BigInt(Math.round(LARGE_STORAGE_RATE_PER_GB * 100));

export type StorageQuote = { ok: true; amount: string } | { ok: false; error: string };

const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The large-storage cost calculator (spec part 2, 5 and 9): digits only, more than 5 TB;
 * cost = TB x 1024 x 0.15 rupees a month, two decimals, grouped the Indian way (7,680.00;
 * 1,53,600.00). Counted in whole paise as BigInt, so no size loses precision. The amount has
 * no currency sign: the translated line '₹:amount per month' adds it.
 */
export function quoteStorage(input: string): StorageQuote {
  if (!/^[0-9]+$/.test(input)) return { ok: false, error: STORAGE_NOT_WHOLE };
  const tb = BigInt(input);
  if (tb <= BigInt(LARGE_STORAGE_MIN_TB)) return { ok: false, error: STORAGE_TOO_SMALL };
  const paise = tb * GB_PER_TB * RATE_PAISE_PER_GB;
  const decimal = `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
  // A decimal string is formatted exactly (Intl.NumberFormat v3), not through a float.
  return { ok: true, amount: rupees.format(decimal as unknown as number) };
}
