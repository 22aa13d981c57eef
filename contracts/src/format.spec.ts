import { describe, expect, it } from 'vitest';
import { formatBytes, interpolate, isUnprefixedPath } from './format.ts';

describe('formatBytes', () => {
  it('steps by 1024 from B to YB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(3.2 * 1024 ** 3)).toBe('3.2 GB');
    expect(formatBytes(25 * 1024 ** 3)).toBe('25 GB');
    expect(formatBytes(1024 ** 8)).toBe('1 YB');
    expect(formatBytes(1024 ** 9)).toBe('1024 YB');
  });
});

describe('interpolate', () => {
  it('replaces :name placeholders, longest names first', () => {
    expect(interpolate('Enter the code we sent to :email', { email: 'ab***@x.io' })).toBe(
      'Enter the code we sent to ab***@x.io',
    );
    expect(interpolate(':count of :countries', { count: 2, countries: 5 })).toBe('2 of 5');
    expect(interpolate('no values')).toBe('no values');
  });
});

describe('isUnprefixedPath (spec part 1 section 7.1)', () => {
  it('keeps auth, secure, log-viewer and horizon paths and absolute URLs as they are', () => {
    for (const p of [
      'auth/login',
      '/auth/logout',
      'secure/auth/social/google/login',
      'log-viewer',
      'horizon/api',
      'https://example.com/x',
      'api/v1/me',
    ]) {
      expect(isUnprefixedPath(p)).toBe(true);
    }
  });
  it('prefixes everything else', () => {
    for (const p of ['me', 'users/1', 'authors', 'custom-pages/about-us', 'securely'])
      expect(isUnprefixedPath(p)).toBe(false);
  });
});
