import { describe, expect, it } from 'vitest';
import { fromPayPalValue, toPayPalValue } from './paypal-money.ts';

describe('PayPal amounts', () => {
  it('writes Kosh’s hundredths with the currency’s own decimals', () => {
    expect(toPayPalValue(999, 'USD')).toBe('9.99');
    expect(toPayPalValue(1000, 'INR')).toBe('10.00');
    // Kosh keeps every currency in hundredths; PayPal writes yen without decimals.
    expect(toPayPalValue(150000, 'JPY')).toBe('1500');
  });

  it('reads PayPal’s values back as hundredths', () => {
    expect(fromPayPalValue('9.99', 'USD')).toBe(999);
    expect(fromPayPalValue('0.29', 'EUR')).toBe(29);
    expect(fromPayPalValue('1500', 'JPY')).toBe(150000);
    expect(fromPayPalValue(undefined, 'USD')).toBe(0);
    expect(fromPayPalValue('abc', 'USD')).toBe(0);
  });
});
