import { describe, expect, it } from 'vitest';
import { resolveActionTarget } from './notification-actions.ts';

describe('resolveActionTarget', () => {
  it('opens absolute URLs in a new tab', () => {
    expect(resolveActionTarget('https://example.com/a?b=1')).toEqual({
      kind: 'external',
      url: 'https://example.com/a?b=1',
    });
    expect(resolveActionTarget('HTTP://example.com')).toEqual({ kind: 'external', url: 'HTTP://example.com' });
    expect(resolveActionTarget('//cdn.example.com/x')).toEqual({ kind: 'external', url: 'https://cdn.example.com/x' });
  });

  it('navigates within the app for paths', () => {
    expect(resolveActionTarget('/drive/folders/abc')).toEqual({ kind: 'internal', path: '/drive/folders/abc' });
    expect(resolveActionTarget('drive/shares')).toEqual({ kind: 'internal', path: '/drive/shares' });
    expect(resolveActionTarget('/notifications?x=1#y')).toEqual({ kind: 'internal', path: '/notifications?x=1#y' });
  });

  it('refuses scripts, other schemes and empty actions', () => {
    expect(resolveActionTarget('javascript:alert(1)')).toBeNull();
    expect(resolveActionTarget(' JavaScript:alert(1)')).toBeNull();
    expect(resolveActionTarget('data:text/html,hi')).toBeNull();
    expect(resolveActionTarget('ftp://example.com')).toBeNull();
    expect(resolveActionTarget('')).toBeNull();
    expect(resolveActionTarget(undefined)).toBeNull();
  });
});
