import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './device.ts';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.4 Mobile/15E148 Safari/604.1';
const SAFARI_ON_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/16.6 Mobile/15E148 Safari/604.1';

describe('describeUserAgent', () => {
  it('reads a desktop browser', () => {
    expect(describeUserAgent(CHROME_ON_WINDOWS)).toEqual({
      device_type: 'desktop',
      platform: 'Windows',
      browser: 'Chrome',
    });
  });

  it('reads a phone', () => {
    expect(describeUserAgent(SAFARI_ON_IPHONE)).toEqual({
      device_type: 'mobile',
      platform: 'iOS',
      browser: 'Mobile Safari',
    });
  });

  it('reads an Android phone with Firefox', () => {
    expect(describeUserAgent('Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0')).toMatchObject({
      device_type: 'mobile',
      platform: 'Android',
      browser: 'Mobile Firefox',
    });
  });

  it('reads a tablet', () => {
    expect(describeUserAgent(SAFARI_ON_IPAD).device_type).toBe('tablet');
  });

  it('calls anything unknown a desktop with no names', () => {
    expect(describeUserAgent(undefined)).toEqual({ device_type: 'desktop', platform: null, browser: null });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ device_type: 'desktop', platform: null, browser: null });
  });
});
