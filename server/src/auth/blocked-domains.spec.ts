import { describe, expect, it } from 'vitest';
import { isBlockedDomain } from './blocked-domains.ts';

describe('isBlockedDomain', () => {
  it('blocks the domain and its subdomains, in any case', () => {
    expect(isBlockedDomain('a@spam.example', ['spam.example'])).toBe(true);
    expect(isBlockedDomain('a@Mail.SPAM.example', ['spam.example'])).toBe(true);
  });

  it('leaves other domains, including ones that only end in the same letters', () => {
    expect(isBlockedDomain('a@notspam.example', ['spam.example'])).toBe(false);
    expect(isBlockedDomain('a@example.com', [])).toBe(false);
  });
});
