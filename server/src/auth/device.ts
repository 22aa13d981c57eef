import { UAParser } from 'ua-parser-js';

export type DeviceType = 'mobile' | 'tablet' | 'desktop';
export type DeviceInfo = { device_type: DeviceType; platform: string | null; browser: string | null };

/**
 * What the sessions list shows of a user agent (spec part 1, 3 "Session"): mobile, tablet,
 * else desktop; the operating system; the browser.
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceInfo {
  if (!userAgent) return { device_type: 'desktop', platform: null, browser: null };
  const parsed = new UAParser(userAgent.slice(0, 1000)).getResult();
  const type = parsed.device.type;
  return {
    device_type: type === 'mobile' ? 'mobile' : type === 'tablet' ? 'tablet' : 'desktop',
    platform: parsed.os.name ?? null,
    browser: parsed.browser.name ?? null,
  };
}
