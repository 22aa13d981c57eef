import { describe, expect, it } from 'vitest';
import { emailsOf } from './invite-emails.ts';

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
