import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it('hides the token of a password-reset page', () => {
    expect(redactUrl('/password/reset/abcDEF_123-x?email=a%40b.test')).toBe(
      '/password/reset/[redacted]?email=a%40b.test',
    );
  });

  it('hides secrets in the query and keeps other parameters', () => {
    expect(redactUrl('/api/v1/shareable-links/h?loader=x&password=open%20sesame&page=2')).toBe(
      '/api/v1/shareable-links/h?loader=x&password=[redacted]&page=2',
    );
    expect(redactUrl('/secure/auth/social/google/callback?code=c0de&state=s7')).toBe(
      '/secure/auth/social/google/callback?code=[redacted]&state=[redacted]',
    );
    expect(redactUrl('/api/v1/me?access_token=kosh_x')).toBe('/api/v1/me?access_token=[redacted]');
  });

  it('leaves ordinary addresses alone', () => {
    expect(redactUrl('/api/v1/drive/file-entries?page=2&orderBy=name')).toBe(
      '/api/v1/drive/file-entries?page=2&orderBy=name',
    );
  });
});
