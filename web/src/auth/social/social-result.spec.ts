import { describe, expect, it } from 'vitest';
import { SOCIAL_GENERIC_ERROR, socialOutcome } from './social-result.ts';

const msg = (status: 'SUCCESS' | 'ALREADY_LOGGED_IN' | 'REQUEST_PASSWORD' | 'ERROR', callbackData = {}) => ({
  type: 'social-auth' as const,
  status,
  callbackData,
});

describe('socialOutcome', () => {
  it('signs in with the bootstrap data of SUCCESS', () => {
    expect(socialOutcome(msg('SUCCESS', { bootstrapData: '{"user":null}' }))).toEqual({
      kind: 'signed-in',
      bootstrapData: '{"user":null}',
    });
  });

  it('goes to the redirect address when already logged in', () => {
    expect(socialOutcome(msg('ALREADY_LOGGED_IN'))).toEqual({ kind: 'redirect' });
  });

  it('asks for the password of the existing account', () => {
    expect(socialOutcome(msg('REQUEST_PASSWORD'))).toEqual({ kind: 'password' });
  });

  it('shows the error message, or the generic one', () => {
    expect(socialOutcome(msg('ERROR', { errorMessage: 'Denied' }))).toEqual({ kind: 'error', message: 'Denied' });
    expect(socialOutcome(msg('ERROR'))).toEqual({ kind: 'error', message: SOCIAL_GENERIC_ERROR });
  });

  it('does nothing when the popup closed without a message', () => {
    expect(socialOutcome(null)).toEqual({ kind: 'none' });
  });
});
