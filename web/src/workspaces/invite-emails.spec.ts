import { describe, expect, it } from 'vitest';
import { badEmailsOf, emailsOf } from './invite-emails.ts';

describe('emailsOf', () => {
  it('splits on commas, semicolons, spaces and new lines, once each', () => {
    expect(emailsOf(' a@x.test, b@x.test;c@x.test\nd@x.test  a@x.test ,, ')).toEqual([
      'a@x.test',
      'b@x.test',
      'c@x.test',
      'd@x.test',
    ]);
    expect(emailsOf('   ')).toEqual([]);
  });
});

describe('badEmailsOf', () => {
  it('names what cannot be an address', () => {
    expect(badEmailsOf(['a@x.test', 'bob', 'c@x', 'd@@x.test', 'e@x.co.in'])).toEqual(['bob', 'c@x', 'd@@x.test']);
  });
});
