import { describe, expect, it } from 'vitest';
import { TestClock } from '../../testing/test-clock.ts';
import { TtlCache } from './report-cache.ts';

function setup(maxKeys = 3) {
  const clock = new TestClock();
  const sut = new TtlCache<number>({ ttlMs: 60_000, maxKeys, clock: clock.now });
  let made = 0;
  const make = () => Promise.resolve(++made);
  return { clock, sut, make };
}

describe('TtlCache', () => {
  it('answers the cached value within the TTL and makes it again after', async () => {
    const { clock, sut, make } = setup();
    expect(await sut.getOrMake('a', make)).toBe(1);
    clock.advance(59_999);
    expect(await sut.getOrMake('a', make)).toBe(1);
    clock.advance(1);
    expect(await sut.getOrMake('a', make)).toBe(2);
  });

  it('shares one making between callers of one key', async () => {
    const { sut } = setup();
    let calls = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 5));
    const [a, b] = await Promise.all([sut.getOrMake('k', slow), sut.getOrMake('k', slow)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
  });

  it('forgets a failure at once', async () => {
    const { sut, make } = setup();
    await expect(sut.getOrMake('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(sut.size).toBe(0);
    expect(await sut.getOrMake('k', make)).toBe(1);
  });

  it('drops the oldest key past its size', async () => {
    const { sut, make } = setup(2);
    await sut.getOrMake('a', make);
    await sut.getOrMake('b', make);
    await sut.getOrMake('c', make);
    expect(sut.size).toBe(2);
    expect(await sut.getOrMake('a', make)).toBe(4);
    expect(await sut.getOrMake('c', make)).toBe(3);
  });
});
