import { describe, expect, it } from 'vitest';
import type { User } from '@kosh/contracts';
import { defaultRedirectFor, ONBOARDING_STORAGE_KEY, registrationRedirectFor } from './redirects.ts';

const named = { first_name: 'A', last_name: 'B' } as User;
const unnamed = { first_name: null, last_name: null } as User;
const storage = (value: string | null) => ({
  getItem: (key: string) => (key === ONBOARDING_STORAGE_KEY ? value : null),
});

describe('defaultRedirectFor', () => {
  it('sends users with a name to /drive', () => {
    expect(defaultRedirectFor(named)).toBe('/drive');
  });

  it('sends users without first or last name to /account-settings', () => {
    expect(defaultRedirectFor({ first_name: 'A', last_name: null } as User)).toBe('/account-settings');
    expect(defaultRedirectFor({ first_name: '', last_name: 'B' } as User)).toBe('/account-settings');
  });

  it('sends a held plan selection to checkout', () => {
    expect(defaultRedirectFor(named, storage('{"productId":2,"priceId":5}'))).toBe('/checkout/2/5');
    expect(defaultRedirectFor(unnamed, storage('{"productId":"pro","priceId":"monthly"}'))).toBe(
      '/checkout/pro/monthly',
    );
  });

  it('ignores a broken or partial plan selection', () => {
    expect(defaultRedirectFor(named, storage('garbage'))).toBe('/drive');
    expect(defaultRedirectFor(named, storage('{"productId":2}'))).toBe('/drive');
    expect(defaultRedirectFor(named, storage(null))).toBe('/drive');
  });
});

describe('registrationRedirectFor', () => {
  it('sends a user who must verify the email to /', () => {
    expect(registrationRedirectFor('needs_email_verification', unnamed)).toBe('/');
    expect(registrationRedirectFor('needs_email_verification', named, storage('{"productId":2,"priceId":5}'))).toBe(
      '/',
    );
  });

  it('sends any other status to the redirect address', () => {
    expect(registrationRedirectFor('success', unnamed)).toBe('/account-settings');
    expect(registrationRedirectFor(undefined, named)).toBe('/drive');
    expect(registrationRedirectFor('success', named, storage('{"productId":2,"priceId":5}'))).toBe('/checkout/2/5');
  });
});
