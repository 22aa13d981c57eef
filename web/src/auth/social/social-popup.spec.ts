import { describe, expect, it } from 'vitest';
import { centredPopupFeatures, isSocialAuthMessage, openSocialPopup } from './social-popup.ts';

describe('centredPopupFeatures', () => {
  it('opens 650 by 550, centred on the screen', () => {
    expect(centredPopupFeatures({ width: 1920, height: 1080 })).toBe('popup=yes,width=650,height=550,left=635,top=265');
    expect(centredPopupFeatures({ width: 1280, height: 800, left: 1920, top: 0 })).toBe(
      'popup=yes,width=650,height=550,left=2235,top=125',
    );
  });

  it('never goes off the top left on small screens', () => {
    expect(centredPopupFeatures({ width: 375, height: 500 })).toBe('popup=yes,width=650,height=550,left=0,top=0');
  });
});

describe('isSocialAuthMessage', () => {
  it('accepts the social-auth type with a known status only', () => {
    expect(isSocialAuthMessage({ type: 'social-auth', status: 'SUCCESS', callbackData: {} })).toBe(true);
    expect(isSocialAuthMessage({ type: 'social-auth', status: 'MAYBE' })).toBe(false);
    expect(isSocialAuthMessage({ type: 'other', status: 'SUCCESS' })).toBe(false);
    expect(isSocialAuthMessage('social-auth')).toBe(false);
    expect(isSocialAuthMessage(null)).toBe(false);
  });
});

function fakeHost(popup: { closed: boolean } | null) {
  const listeners = new Set<(e: MessageEvent) => void>();
  const intervals: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const opened: Array<[string, string, string]> = [];
  const host = {
    location: { origin: 'https://kosh.test' },
    screen: { availWidth: 1920, availHeight: 1080 },
    open: (url: string, name: string, features: string) => {
      opened.push([url, name, features]);
      return popup;
    },
    addEventListener: (_: string, fn: (e: MessageEvent) => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: (e: MessageEvent) => void) => listeners.delete(fn),
  };
  const timers = {
    setInterval: (fn: () => void, ms: number) => intervals.push({ fn, ms, cleared: false }) - 1,
    clearInterval: (h: unknown) => {
      intervals[h as number].cleared = true;
    },
  };
  const post = (origin: string, data: unknown) => {
    for (const listener of listeners) listener({ origin, data } as MessageEvent);
  };
  return { host: host as never, timers, intervals, opened, listeners, post };
}

describe('openSocialPopup', () => {
  it('resolves with the message the popup posts from the app origin', async () => {
    const fake = fakeHost({ closed: false });
    const result = openSocialPopup('/secure/auth/social/google/login', fake.host, fake.timers);
    expect(fake.opened[0][0]).toBe('/secure/auth/social/google/login');
    expect(fake.opened[0][2]).toContain('width=650,height=550');
    fake.post('https://evil.test', { type: 'social-auth', status: 'SUCCESS' });
    fake.post('https://kosh.test', { type: 'social-auth', status: 'REQUEST_PASSWORD', callbackData: {} });
    expect(await result).toEqual({ type: 'social-auth', status: 'REQUEST_PASSWORD', callbackData: {} });
    expect(fake.listeners.size).toBe(0);
    expect(fake.intervals[0].cleared).toBe(true);
  });

  it('polls every second and resolves null when the popup closes without a message', async () => {
    const popup = { closed: false };
    const fake = fakeHost(popup);
    const result = openSocialPopup('/x', fake.host, fake.timers);
    expect(fake.intervals[0].ms).toBe(1000);
    fake.intervals[0].fn();
    popup.closed = true;
    fake.intervals[0].fn();
    expect(await result).toBeNull();
  });

  it('resolves null when the popup is blocked', async () => {
    const fake = fakeHost(null);
    expect(await openSocialPopup('/x', fake.host, fake.timers)).toBeNull();
  });
});
