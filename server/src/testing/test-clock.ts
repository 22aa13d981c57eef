import type { Clock } from '../clock.ts';

/** A clock a unit test sets and moves by hand; pass `clock.now` where a service takes a Clock. */
export class TestClock {
  private ms: number;
  constructor(start = '2026-03-02T10:00:00.000Z') {
    this.ms = Date.parse(start);
  }

  readonly now: Clock = () => new Date(this.ms);

  advance(ms: number): void {
    this.ms += ms;
  }

  /** The time now plus `ms`, as the ISO string rows store. */
  iso(ms = 0): string {
    return new Date(this.ms + ms).toISOString();
  }
}
