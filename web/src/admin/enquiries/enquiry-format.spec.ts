import { describe, expect, it } from 'vitest';
import { firstLine, replySubject } from './enquiry-format.ts';

describe('firstLine', () => {
  it('is the first line that has text, spaces folded', () => {
    expect(firstLine('\n  \n  Hello   there \nsecond line')).toBe('Hello there');
  });

  it('cuts a long line at a word with an ellipsis', () => {
    const line = 'We would like to resell storage to our customers across the country';
    expect(firstLine(line, 30)).toBe('We would like to resell…');
  });

  it('cuts inside a very long word when there is no space to cut at', () => {
    expect(firstLine('a'.repeat(50), 10)).toBe(`${'a'.repeat(10)}…`);
  });

  it('is empty for a blank message', () => {
    expect(firstLine(' \n ')).toBe('');
  });
});

describe('replySubject', () => {
  it('answers the first line', () => {
    expect(replySubject('Pricing for schools\nWe have 40 teachers.')).toBe('Re: Pricing for schools');
  });

  it('falls back to a general subject for a blank message', () => {
    expect(replySubject('   ')).toBe('Re: Your enquiry');
  });
});
