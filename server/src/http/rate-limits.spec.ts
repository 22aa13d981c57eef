import { describe, expect, it } from 'vitest';
import { networkOf } from './rate-limits.ts';

describe('networkOf', () => {
  it('keys an IPv4 address by itself, IPv4-mapped IPv6 as IPv4', () => {
    expect(networkOf('198.51.100.7')).toBe('198.51.100.7');
    expect(networkOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('keys IPv6 addresses by their /64, whatever their spelling', () => {
    const network = '2001:db8:1:2::/64';
    expect(networkOf('2001:db8:1:2::1')).toBe(network);
    expect(networkOf('2001:0db8:0001:0002:ffff:1:2:3')).toBe(network);
    expect(networkOf('2001:DB8:1:2:0:0:0:9')).toBe(network);
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('2001:db8:1:3::1')).not.toBe(network);
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });
});
