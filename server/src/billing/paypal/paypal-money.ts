import { toMajorUnits, toMinorUnits } from '../plans.presenter.ts';

/** How many decimals a currency's amounts have (2 for USD, 0 for JPY), as PayPal writes them. */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Kosh keeps amounts in hundredths of the currency (plans.presenter); PayPal writes "9.99". */
export function toPayPalValue(minor: number, currency: string): string {
  return toMajorUnits(minor).toFixed(currencyDigits(currency));
}

/** PayPal's "9.99" in Kosh's hundredths (999). */
export function fromPayPalValue(value: string | undefined, _currency: string): number {
  const amount = Number(value ?? 0);
  return Number.isFinite(amount) ? toMinorUnits(amount) : 0;
}
