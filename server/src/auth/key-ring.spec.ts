import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { KeyRing } from './key-ring.ts';

const ring = (key = 'k'.repeat(43)) => new KeyRing(async () => key);

describe('KeyRing', () => {
  it('encrypts so that only the same key decrypts', async () => {
    const sut = ring();
    const box = await sut.encrypt('JBSWY3DPEHPK3PXP');
    expect(box).not.toContain('JBSWY3DPEHPK3PXP');
    expect(await sut.decrypt(box)).toBe('JBSWY3DPEHPK3PXP');
    await expect(ring('another key entirely').decrypt(box)).rejects.toThrow();
  });

  it('gives a different box each time (random IV)', async () => {
    const sut = ring();
    expect(await sut.encrypt('same')).not.toBe(await sut.encrypt('same'));
  });

  it('rejects a tampered box', async () => {
    const sut = ring();
    const [v, id, iv, tag, body] = (await sut.encrypt('secret')).split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    await expect(sut.decrypt([v, id, iv, tag, flipped.toString('base64url')].join('.'))).rejects.toThrow();
  });

  it('signs values that verify for their purpose only', async () => {
    const sut = ring();
    const signed = await sut.sign('two-factor-challenge', { uid: 7 }, 60);
    expect(await sut.verify('two-factor-challenge', signed)).toMatchObject({ uid: 7 });
    expect(await sut.verify('social-connect', signed)).toBeNull();
  });

  it('rejects a forged or altered signature', async () => {
    const sut = ring();
    const [body, mac] = (await sut.sign('p', { uid: 7 }, 60)).split('.');
    const altered = Buffer.from(JSON.stringify({ uid: 1, p: 'p', exp: Date.now() + 60_000 })).toString('base64url');
    expect(await sut.verify('p', `${altered}.${mac}`)).toBeNull();
    expect(await ring('other').verify('p', `${body}.${mac}`)).toBeNull();
    expect(await sut.verify('p', 'garbage')).toBeNull();
    expect(await sut.verify('p', undefined)).toBeNull();
  });

  it('rejects an expired value', async () => {
    vi.useFakeTimers();
    try {
      const sut = ring();
      const signed = await sut.sign('p', { uid: 7 }, 60);
      vi.advanceTimersByTime(61_000);
      expect(await sut.verify('p', signed)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keys hashes by purpose', async () => {
    const sut = ring();
    expect(await sut.hash('email-code', '1:123456')).toBe(await sut.hash('email-code', '1:123456'));
    expect(await sut.hash('email-code', '1:123456')).not.toBe(await sut.hash('other', '1:123456'));
  });

  it('opens and verifies what a previous key made during a rotation, and marks its boxes stale', async () => {
    const before = ring('old key '.repeat(6));
    const box = await before.encrypt('JBSWY3DPEHPK3PXP');
    const signed = await before.sign('p', { uid: 7 }, 60);
    const rotating = new KeyRing(async () => ({ current: 'new key '.repeat(6), previous: ['old key '.repeat(6)] }));
    expect(await rotating.decrypt(box)).toBe('JBSWY3DPEHPK3PXP');
    expect(await rotating.verify('p', signed)).toMatchObject({ uid: 7 });
    expect(await rotating.isStale(box)).toBe(true);
    const moved = await rotating.encrypt('JBSWY3DPEHPK3PXP');
    expect(await rotating.isStale(moved)).toBe(false);
    await expect(ring('old key '.repeat(6)).decrypt(moved)).rejects.toThrow();
    await expect(ring('new key '.repeat(6)).decrypt(box)).rejects.toThrow();
  });

  it('opens a box of the former in-database key only when that key is given as legacy', async () => {
    const legacyKey = 'l'.repeat(43);
    const key = Buffer.from(hkdfSync('sha256', legacyKey, 'kosh', 'encrypt-at-rest', 32));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update('old secret', 'utf8'), cipher.final()]);
    const old = ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url')));
    const box = old.join('.');
    expect(await new KeyRing(async () => ({ current: 'k'.repeat(43), legacy: legacyKey })).decrypt(box)).toBe(
      'old secret',
    );
    await expect(ring().decrypt(box)).rejects.toThrow();
  });
});
