import { describe, expect, it } from 'vitest';
import { addChips, isEmail, splitAddresses } from './email-chips.ts';

describe('splitAddresses', () => {
  it('splits a pasted list on commas, semicolons, spaces and new lines', () => {
    expect(splitAddresses('a@x.io, b@y.io;c@z.io\n <d@w.io>  ')).toEqual(['a@x.io', 'b@y.io', 'c@z.io', 'd@w.io']);
  });
});

describe('isEmail', () => {
  it('wants text, an at-sign, text, a dot and text without spaces', () => {
    expect(isEmail('bob@example.com')).toBe(true);
    expect(isEmail('bob@example')).toBe(false);
    expect(isEmail('bob example@x.io')).toBe(false);
  });
});

describe('addChips', () => {
  it('adds new addresses lower-cased and skips repeats', () => {
    expect(addChips(['a@x.io'], 'A@X.io, B@y.io b@y.io')).toEqual(['a@x.io', 'b@y.io']);
  });
});
