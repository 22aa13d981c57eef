import { describe, expect, it } from 'vitest';
import { vapidKeyBytes } from './browser-push.ts';

describe('vapidKeyBytes', () => {
  it('decodes URL-safe base64 without padding', () => {
    const bytes = Uint8Array.from([0xfb, 0xff, 0xbf, 0x04, 0x41]);
    const key = Buffer.from(bytes).toString('base64url');
    expect(key).toBe('-_-_BEE');
    expect([...vapidKeyBytes(key)]).toEqual([...bytes]);
  });

  it('decodes a 65-byte P-256 public key', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    expect([...vapidKeyBytes(Buffer.from(bytes).toString('base64url'))]).toEqual([...bytes]);
  });
});
