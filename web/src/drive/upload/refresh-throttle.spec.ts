import { describe, expect, it } from 'vitest';
import { RefreshThrottle } from './refresh-throttle.ts';

function setup() {
  let runs = 0;
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const sut = new RefreshThrottle(() => runs++, 1000, {
    setTimeout: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimeout: (t) => {
      (t as { cleared: boolean }).cleared = true;
    },
  });
  const fire = () =>
    timers
      .filter((t) => !t.cleared)
      .at(-1)
      ?.fn();
  return { sut, timers, fire, runs: () => runs };
}

describe('RefreshThrottle', () => {
  it('refreshes at once when the first upload finishes', () => {
    const { sut, runs, timers } = setup();
    sut.request();
    expect(runs()).toBe(1);
    expect(timers.map((t) => t.ms)).toEqual([1000]);
  });

  it('collapses hundreds of finished uploads within an interval into one more refresh', () => {
    const { sut, runs, fire } = setup();
    for (let i = 0; i < 300; i++) sut.request();
    expect(runs()).toBe(1);
    fire();
    expect(runs()).toBe(2);
    // Nothing more was asked for: the next interval ends without a refresh.
    fire();
    expect(runs()).toBe(2);
    sut.request();
    expect(runs()).toBe(3);
  });

  it('drops a waiting refresh when cancelled', () => {
    const { sut, runs, timers } = setup();
    sut.request();
    sut.request();
    sut.cancel();
    expect(timers[0].cleared).toBe(true);
    sut.request();
    expect(runs()).toBe(2);
  });
});
