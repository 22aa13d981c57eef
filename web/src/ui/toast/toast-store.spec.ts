import { describe, expect, it } from 'vitest';
import { randomToastId, ToastStore, toastDuration } from './toast-store.ts';

function fakeTimers() {
  let now = 0;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout: (fn: () => void, ms: number) => {
      pending.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (h: unknown) => void pending.delete(h as number),
    advance(ms: number) {
      now += ms;
      for (const [id, t] of [...pending]) {
        if (t.at <= now) {
          pending.delete(id);
          t.fn();
        }
      }
    },
    get size() {
      return pending.size;
    },
  };
}

describe('ToastStore', () => {
  it('keeps one toast: a new one replaces the older', () => {
    const sut = new ToastStore(fakeTimers());
    sut.show('first');
    sut.show('second', { type: 'danger' });
    expect(sut.getToasts().map((t) => t.message)).toEqual(['second']);
  });

  it('closes positive toasts after 3000 ms and danger toasts after 8000 ms', () => {
    const timers = fakeTimers();
    const sut = new ToastStore(timers);
    sut.show('saved');
    timers.advance(2999);
    expect(sut.getToasts()).toHaveLength(1);
    timers.advance(1);
    expect(sut.getToasts()).toHaveLength(0);
    sut.show('failed', { type: 'danger' });
    timers.advance(7999);
    expect(sut.getToasts()).toHaveLength(1);
    timers.advance(1);
    expect(sut.getToasts()).toHaveLength(0);
  });

  it('never closes loading toasts by itself', () => {
    const timers = fakeTimers();
    const sut = new ToastStore(timers);
    const id = sut.show('working', { type: 'loading' });
    timers.advance(60_000);
    expect(sut.getToasts()).toHaveLength(1);
    sut.dismiss(id);
    expect(sut.getToasts()).toHaveLength(0);
  });

  it('cancels the timer of a replaced toast', () => {
    const timers = fakeTimers();
    const sut = new ToastStore(timers);
    sut.show('first');
    sut.show('second', { type: 'loading' });
    expect(timers.size).toBe(0);
  });

  it('pauses while hovered and resumes after', () => {
    const timers = fakeTimers();
    const sut = new ToastStore(timers);
    const id = sut.show('hover me');
    sut.pause(id);
    timers.advance(10_000);
    expect(sut.getToasts()).toHaveLength(1);
    sut.resume(id);
    timers.advance(3000);
    expect(sut.getToasts()).toHaveLength(0);
  });

  it('defaults to the positive type and notifies subscribers', () => {
    const sut = new ToastStore(fakeTimers());
    let calls = 0;
    sut.subscribe(() => calls++);
    sut.show('hi', { action: { label: 'Undo', action: '/x' } });
    expect(sut.getToasts()[0]).toMatchObject({ type: 'positive', duration: 3000, action: { label: 'Undo' } });
    expect(calls).toBe(1);
  });
});

describe('randomToastId', () => {
  it('is 6 alphanumeric characters', () => {
    expect(randomToastId()).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(randomToastId(() => 0)).toBe('aaaaaa');
  });
});

describe('toastDuration', () => {
  it('follows part 1, 4', () => {
    expect(toastDuration('positive')).toBe(3000);
    expect(toastDuration('danger')).toBe(8000);
    expect(toastDuration('loading')).toBeNull();
  });
});
