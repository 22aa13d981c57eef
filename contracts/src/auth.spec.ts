import { describe, expect, it } from 'vitest';
import { ChallengeTwoFactorBodySchema, RegisterUserBodySchema, maskEmail } from './auth.ts';

describe('maskEmail', () => {
  it('keeps the first two characters and the domain', () => {
    expect(maskEmail('asha.rao@example.com')).toBe('as******@example.com');
  });

  it('shows at least three stars for a short name', () => {
    expect(maskEmail('ab@example.com')).toBe('ab***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
  });

  it('shows a fixed row of stars when the address is unknown', () => {
    expect(maskEmail(null)).toBe('********');
    expect(maskEmail('')).toBe('********');
    expect(maskEmail('no-at-sign')).toBe('********');
  });
});

describe('RegisterUserBodySchema', () => {
  const valid = { email: ' New@Example.com ', password: 'long enough', password_confirmation: 'long enough' };

  it('trims and lower-cases the address and keeps policy fields', () => {
    const parsed = RegisterUserBodySchema.parse({ ...valid, terms: true });
    expect(parsed.email).toBe('new@example.com');
    expect(parsed.terms).toBe(true);
  });

  it('puts a mismatch on password_confirmation', () => {
    const result = RegisterUserBodySchema.safeParse({ ...valid, password_confirmation: 'different' });
    expect(result.error?.issues[0].path).toEqual(['password_confirmation']);
  });
});

describe('ChallengeTwoFactorBodySchema', () => {
  it('takes either a 6-digit code or a 21-character recovery code', () => {
    expect(ChallengeTwoFactorBodySchema.safeParse({ code: '123456' }).success).toBe(true);
    expect(ChallengeTwoFactorBodySchema.safeParse({ recovery_code: 'abcdefghij-klmnopqrst' }).success).toBe(true);
    expect(ChallengeTwoFactorBodySchema.safeParse({}).success).toBe(false);
    expect(ChallengeTwoFactorBodySchema.safeParse({ code: '12345a' }).success).toBe(false);
  });
});
