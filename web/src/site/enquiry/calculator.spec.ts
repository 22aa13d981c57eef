import { describe, expect, it } from 'vitest';
import { quoteStorage, STORAGE_NOT_WHOLE, STORAGE_TOO_SMALL } from './calculator.ts';

describe('quoteStorage', () => {
  it('prices a whole number of TB above 5 at 1024 GB x 0.15 rupees, two decimals, Indian grouping', () => {
    expect(quoteStorage('6')).toEqual({ ok: true, amount: '921.60' });
    expect(quoteStorage('10')).toEqual({ ok: true, amount: '1,536.00' });
    expect(quoteStorage('50')).toEqual({ ok: true, amount: '7,680.00' });
    expect(quoteStorage('100')).toEqual({ ok: true, amount: '15,360.00' });
    expect(quoteStorage('1000')).toEqual({ ok: true, amount: '1,53,600.00' });
  });

  it('refuses 5 and less: the offer starts above 5 TB', () => {
    expect(quoteStorage('5')).toEqual({ ok: false, error: STORAGE_TOO_SMALL });
    expect(quoteStorage('0')).toEqual({ ok: false, error: STORAGE_TOO_SMALL });
    expect(quoteStorage('0005')).toEqual({ ok: false, error: STORAGE_TOO_SMALL });
  });

  it('reads leading zeros as the number they spell', () => {
    expect(quoteStorage('006')).toEqual({ ok: true, amount: '921.60' });
  });

  it.each([['5.5'], ['6.0'], [' 6'], ['6 '], ['1 0'], [''], ['-7'], ['+7'], ['1e3'], ['six'], ['６']])(
    'refuses %j as not a whole number',
    (input) => {
      expect(quoteStorage(input)).toEqual({ ok: false, error: STORAGE_NOT_WHOLE });
    },
  );

  it('keeps every digit of a huge size exact', () => {
    // 12345678901234567890 TB at 153.60 rupees each: more digits than a float holds.
    expect(quoteStorage('12345678901234567890')).toEqual({
      ok: true,
      amount: '1,89,62,96,27,92,29,62,96,27,904.00',
    });
  });
});
