import { describe, expect, it } from 'vitest';
import { twoFactorState } from './two-factor-state.ts';

describe('twoFactorState', () => {
  it('is enabled once confirmed, with or without visible codes', () => {
    expect(twoFactorState({ two_factor_confirmed_at: '2026-05-01T10:00:00Z', two_factor_recovery_codes: ['a'] })).toBe(
      'enabled',
    );
    expect(twoFactorState({ two_factor_confirmed_at: '2026-05-01T10:00:00Z' })).toBe('enabled');
  });

  it('is pending when recovery codes exist but it is not confirmed', () => {
    expect(
      twoFactorState({ two_factor_confirmed_at: null, two_factor_recovery_codes: ['abcdefghij-klmnopqrst'] }),
    ).toBe('pending');
  });

  it('is not enabled otherwise', () => {
    expect(twoFactorState({ two_factor_confirmed_at: null })).toBe('disabled');
    expect(twoFactorState({ two_factor_confirmed_at: null, two_factor_recovery_codes: null })).toBe('disabled');
    expect(twoFactorState({ two_factor_confirmed_at: null, two_factor_recovery_codes: [] })).toBe('disabled');
  });
});
