import { describe, expect, it } from 'vitest';
import { readProfile } from './oauth-client.ts';

describe('readProfile', () => {
  it('reads a Google (OpenID Connect) profile', () => {
    expect(readProfile({ sub: '1089', email: 'Asha@Example.com', email_verified: true, name: 'Asha Rao' })).toEqual({
      id: '1089',
      email: 'asha@example.com',
      emailVerified: true,
      username: 'Asha Rao',
    });
  });

  it('reads a Facebook profile', () => {
    expect(readProfile({ id: '5521', name: 'Asha Rao', email: 'asha@example.com' })).toEqual({
      id: '5521',
      email: 'asha@example.com',
      emailVerified: null,
      username: 'Asha Rao',
    });
  });

  it('reads an X profile nested under data, which has no email', () => {
    expect(readProfile({ data: { id: '99', name: 'Asha', username: 'asha_r' } })).toEqual({
      id: '99',
      email: null,
      emailVerified: null,
      username: 'asha_r',
    });
  });

  it('reads an Envato username', () => {
    expect(readProfile({ username: 'asha-market' })).toEqual({
      id: 'asha-market',
      email: null,
      emailVerified: null,
      username: 'asha-market',
    });
  });

  it('takes an explicit unverified flag as false', () => {
    expect(readProfile({ sub: '1', email: 'a@b.co', email_verified: 'false' })?.emailVerified).toBe(false);
  });

  it('answers null without an account id', () => {
    expect(readProfile({ email: 'a@b.co' })).toBeNull();
    expect(readProfile({})).toBeNull();
    expect(readProfile('nope')).toBeNull();
  });
});
