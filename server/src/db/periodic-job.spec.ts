import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from './database.ts';
import { PeriodicJob } from './periodic-job.ts';

// SQLite: one process, so the advisory lock is not taken and the database is not touched.
const job = (logger = pino({ level: 'silent' })) =>
  new PeriodicJob<number>({ name: 'test job', db: {} as Database, dialect: 'sqlite', lockId: 1, logger });

afterEach(() => {
  vi.useRealTimers();
});

describe('PeriodicJob', () => {
  it('answers a run under way to a second call instead of starting another', async () => {
    const sut = job();
    let release!: (n: number) => void;
    const work = vi.fn(() => new Promise<number>((resolve) => (release = resolve)));
    const first = sut.once(work);
    const second = sut.once(work);
    release(7);
    expect(await first).toBe(7);
    expect(await second).toBe(7);
    expect(work).toHaveBeenCalledTimes(1);
    expect(await sut.once(async () => 8)).toBe(8);
  });

  it('runs after at most a minute, then every interval, logs failures, and stops', async () => {
    vi.useFakeTimers();
    const logger = pino({ level: 'silent' });
    const logged = vi.spyOn(logger, 'error');
    const sut = job(logger);
    const run = vi.fn(async () => {
      throw new Error('boom');
    });
    sut.start(3600_000, run);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'test job failed');
    await vi.advanceTimersByTimeAsync(3600_000 - 60_000);
    expect(run).toHaveBeenCalledTimes(2);
    await sut.stop();
    await vi.advanceTimersByTimeAsync(10 * 3600_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('waits on stop for the run under way, and a stop before the first minute cancels it', async () => {
    vi.useFakeTimers();
    const sut = job();
    const run = vi.fn(async () => 1);
    sut.start(3600_000, run);
    await sut.stop();
    await vi.advanceTimersByTimeAsync(2 * 3600_000);
    expect(run).not.toHaveBeenCalled();

    vi.useRealTimers();
    let ended = false;
    void sut.once(
      () =>
        new Promise<number>((resolve) =>
          setTimeout(() => {
            ended = true;
            resolve(1);
          }, 20),
        ),
    );
    await sut.stop();
    expect(ended).toBe(true);
  });
});
