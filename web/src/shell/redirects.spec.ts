import { describe, expect, it } from 'vitest';
import type { User } from '@kosh/contracts';
import { defaultRedirectFor, ONBOARDING_STORAGE_KEY } from './redirects.ts';

const named = { first_name: 'A', last_name: 'B' } as User;
const storage = (value: string | null) => ({ getItem: (key: string) => (key === ONBOARDING_STORAGE_KEY ? value : null) });

describe('defaultRedirectFor', () => {
  it('sends users with a name to /drive', () => {
    expect(defaultRedirectFor(named)).toBe('/drive');
  });

  it('sends users without first or last name to /account-settings', () => {
    expect(defaultRedirectFor({ first_name: 'A', last_name: null } as User)).toBe('/account-settings');
  });

  it('sends a held plan selection to checkout', () => {
    expect(defaultRedirectFor(named, storage('{"productId":2,"priceId":5}'))).toBe('/checkout/2/5');
    expect(defaultRedirectFor(named, storage('garbage'))).toBe('/drive');
  });
});
