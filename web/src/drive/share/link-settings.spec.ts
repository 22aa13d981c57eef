import { describe, expect, it } from 'vitest';
import { dayOf, expiryOf, linkAddress, linkFlags } from './link-settings.ts';

describe('linkFlags', () => {
  it('reads the flags of the permissions JSON string', () => {
    expect(linkFlags({ permissions: '{"allow_download":true,"allow_edit":false,"restricted":false}' })).toEqual({
      allow_download: true,
      allow_edit: false,
      restricted: false,
    });
  });

  it('treats an unreadable value as the most closed link', () => {
    expect(linkFlags({ permissions: 'nope' })).toEqual({ allow_download: false, allow_edit: false, restricted: true });
    expect(linkFlags(null)).toEqual({ allow_download: false, allow_edit: false, restricted: true });
  });
});

describe('expiry', () => {
  it('ends a picked day at 23:59:59 local time and reads it back as the same day', () => {
    const iso = expiryOf('2031-03-09')!;
    expect(new Date(iso).getHours()).toBe(23);
    expect(dayOf(iso)).toBe('2031-03-09');
    expect(expiryOf('9 March')).toBeNull();
    expect(dayOf(null)).toBe('');
  });
});

it('builds the full address of a link', () => {
  expect(linkAddress({ url: '/drive/s/abc' }, 'https://kosh.example')).toBe('https://kosh.example/drive/s/abc');
});
