import type { Timers } from './upload-queue.ts';

const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
};

/**
 * Runs a refresh at once, then at most once per interval: requests made meanwhile collapse
 * into one run when the interval ends. Hundreds of uploads finishing cost a request a second,
 * and the last one is always followed by a refresh.
 */
export class RefreshThrottle {
  private handle: unknown = null;
  private isRequested = false;
  private readonly run: () => void;
  private readonly intervalMs: number;
  private readonly timers: Timers;

  constructor(run: () => void, intervalMs: number, timers: Timers = browserTimers) {
    this.run = run;
    this.intervalMs = intervalMs;
    this.timers = timers;
  }

  request(): void {
    if (this.handle !== null) {
      this.isRequested = true;
      return;
    }
    this.run();
    this.wait();
  }

  /** Drops a waiting run (the page that shows the result is gone). */
  cancel(): void {
    if (this.handle !== null) this.timers.clearTimeout(this.handle);
    this.handle = null;
    this.isRequested = false;
  }

  private wait(): void {
    this.handle = this.timers.setTimeout(() => {
      this.handle = null;
      if (!this.isRequested) return;
      this.isRequested = false;
      this.run();
      this.wait();
    }, this.intervalMs);
  }
}
