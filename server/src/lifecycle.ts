import type { Logger } from 'pino';

/** Something the process starts once and must stop before it exits: a job, a listener, a pool. */
export type LifecyclePart = {
  name: string;
  /** A periodic job: the test app leaves these off and runs them by hand. */
  isJob?: boolean;
  start?(): Promise<void> | void;
  stop(): Promise<void> | void;
};

/**
 * Starts the parts in order and stops them in reverse, so what a part uses (the database
 * first of all) outlives it. main.ts, the operator CLI and the test app all go through it.
 */
export class Lifecycle {
  private readonly parts: LifecyclePart[];
  private readonly logger: Logger;
  private stopping: Promise<void> | undefined;
  constructor(parts: LifecyclePart[], logger: Logger) {
    this.parts = parts;
    this.logger = logger;
  }

  /** Opens listeners and, unless `jobs` is false, starts the periodic jobs. */
  async start(options: { jobs?: boolean } = {}): Promise<void> {
    const jobs = options.jobs ?? true;
    for (const part of this.parts) if (jobs || !part.isJob) await part.start?.();
  }

  /** Stops every part, even those never started, each once; a failing part does not keep the others up. */
  stop(): Promise<void> {
    this.stopping ??= this.stopAll();
    return this.stopping;
  }

  private async stopAll(): Promise<void> {
    for (const part of [...this.parts].reverse()) {
      try {
        await part.stop();
      } catch (error) {
        this.logger.error({ err: error, part: part.name }, 'could not stop cleanly');
      }
    }
  }
}
