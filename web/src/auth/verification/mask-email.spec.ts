import { describe, expect, it } from 'vitest';
import { maskEmail } from '@kosh/contracts';

// The verification screen shows the address through this (part 1, 2.5).
describe('maskEmail', () => {
  it('keeps the first two characters, then stars, then the domain', () => {
    expect(maskEmail('priya.sharma@example.in')).toBe('pr**********@example.in');
    expect(maskEmail('abcdef@mail.com')).toBe('ab****@mail.com');
  });

  it('still shows some stars for very short local parts', () => {
    expect(maskEmail('ab@x.io')).toMatch(/^ab\*+@x\.io$/);
    expect(maskEmail('a@x.io')).toMatch(/^a\*+@x\.io$/);
  });

  it('shows a fixed row of stars when the address is unknown', () => {
    expect(maskEmail(undefined)).toBe('********');
    expect(maskEmail(null)).toBe('********');
    expect(maskEmail('')).toBe('********');
    expect(maskEmail('not-an-address')).toBe('********');
  });
});
