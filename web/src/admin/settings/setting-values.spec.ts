import { describe, expect, it } from 'vitest';
import { formatDecimal, formatList, parseDecimal, parseList, parseSize, splitSize } from './setting-values.ts';

describe('parseDecimal', () => {
  it('reads whole and decimal numbers, a comma as the decimal point, and signs', () => {
    expect(parseDecimal(' 30 ')).toBe(30);
    expect(parseDecimal('0.25')).toBe(0.25);
    expect(parseDecimal('1,5')).toBe(1.5);
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal('-1')).toBe(-1);
  });

  it('answers undefined for empty text and what is no number', () => {
    for (const text of ['', '  ', 'abc', '1e3', '1.2.3', '12 MB', 'Infinity'])
      expect(parseDecimal(text)).toBeUndefined();
  });
});

describe('formatDecimal', () => {
  it('drops trailing zeros and keeps two places at most', () => {
    expect(formatDecimal(5)).toBe('5');
    expect(formatDecimal(0.2)).toBe('0.2');
    expect(formatDecimal(4.76837158203125)).toBe('4.77');
  });
});

describe('splitSize', () => {
  it('picks the largest unit the size is a whole number of', () => {
    expect(splitSize(25 * 1024 ** 3, ['MB', 'GB', 'TB'])).toEqual({ amount: '25', unit: 'GB' });
    expect(splitSize(1536 * 1024 ** 2, ['MB', 'GB'])).toEqual({ amount: '1536', unit: 'MB' });
    expect(splitSize(2 * 1024 ** 4, ['MB', 'GB'])).toEqual({ amount: '2048', unit: 'GB' });
  });

  it('shows a size of no whole unit in the largest it reaches, rounded', () => {
    expect(splitSize(5_000_000, ['MB', 'GB'])).toEqual({ amount: '4.77', unit: 'MB' });
    expect(splitSize(256 * 1024, ['MB', 'GB'])).toEqual({ amount: '0.25', unit: 'MB' });
  });

  it('shows 0 in the first unit', () => {
    expect(splitSize(0, ['MB', 'GB'])).toEqual({ amount: '0', unit: 'MB' });
  });
});

describe('parseSize', () => {
  it('turns an amount of a unit into whole bytes', () => {
    expect(parseSize('2', 'GB')).toBe(2 * 1024 ** 3);
    expect(parseSize('0.5', 'MB')).toBe(512 * 1024);
    expect(parseSize('0', 'GB')).toBe(0);
    expect(parseSize('1,5', 'KB')).toBe(1536);
  });

  it('answers undefined for text that is no number', () => {
    expect(parseSize('', 'MB')).toBeUndefined();
    expect(parseSize('lots', 'GB')).toBeUndefined();
  });
});

describe('parseList', () => {
  it('takes entries one a line or comma-separated, trimmed, without empties or repeats', () => {
    expect(parseList('spam.com\n  junk.org ,\n\nspam.com, mail.test,')).toEqual(['spam.com', 'junk.org', 'mail.test']);
    expect(parseList('  \n , ')).toEqual([]);
  });
});

describe('formatList', () => {
  it('shows a list one entry a line, and nothing for what is no list', () => {
    expect(formatList(['image/*', 'pdf'])).toBe('image/*\npdf');
    expect(formatList(undefined)).toBe('');
  });
});
