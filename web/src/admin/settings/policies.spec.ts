import { describe, expect, it } from 'vitest';
import { editPolicy, movePolicy, newPolicy, type Policy, policyErrors, readPolicies } from './policies.ts';

const terms: Policy = { id: 'a', label: 'Terms of service', action: '/pages/terms', type: 'route' };
const privacy: Policy = { id: 'b', label: 'Privacy policy', action: 'https://example.com/privacy', type: 'link' };

describe('readPolicies', () => {
  it('reads stored policies, typing those without a type by their address', () => {
    expect(readPolicies([terms, { id: 'c', label: 'Cookies', action: 'https://x.test/c' }, null])).toEqual([
      terms,
      { id: 'c', label: 'Cookies', action: 'https://x.test/c', type: 'link' },
    ]);
    expect(readPolicies(undefined)).toEqual([]);
  });
});

describe('editPolicy', () => {
  it('makes an https address a link and a site path a route', () => {
    expect(editPolicy(terms, { action: 'https://example.com/terms' }).type).toBe('link');
    expect(editPolicy(privacy, { action: '/pages/privacy' }).type).toBe('route');
    expect(editPolicy(privacy, { label: 'Privacy' })).toEqual({ ...privacy, label: 'Privacy' });
  });

  it('starts a new policy empty, as a route', () => {
    expect(newPolicy('n')).toEqual({ id: 'n', label: '', action: '', type: 'route' });
  });
});

describe('movePolicy', () => {
  it('moves a policy up or down, and leaves the ends alone', () => {
    expect(movePolicy([terms, privacy], 1, -1)).toEqual([privacy, terms]);
    expect(movePolicy([terms, privacy], 0, 1)).toEqual([privacy, terms]);
    expect(movePolicy([terms, privacy], 0, -1)).toEqual([terms, privacy]);
    expect(movePolicy([terms, privacy], 1, 1)).toEqual([terms, privacy]);
  });
});

describe('policyErrors', () => {
  it('places each message on the row and field it names, the rest on the list', () => {
    expect(
      policyErrors([
        'registration.policies.1.label: Give the policy a label.',
        'registration.policies.0.action: Give an https address or a site path.',
        'registration.policies.0.id: Too long.',
        'Keep to 10 policies.',
      ]),
    ).toEqual({
      byIndex: { 1: { label: 'Give the policy a label.' }, 0: { action: 'Give an https address or a site path.' } },
      general: 'Keep to 10 policies.',
    });
  });
});
