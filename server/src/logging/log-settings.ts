import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { SettingsReader } from '../settings/settings.service.ts';
import { isLogLevel } from './log-levels.ts';
import type { ServerErrorReporter } from './server-error-reporter.ts';

const SYNC_MS = 15_000;
const PRUNE_EVERY = 240; // syncs: once an hour
const DAY_MS = 24 * 60 * 60_000;
/** A rotated file's name: kosh-2026-11-27-0.log, error-2026-11-27-3.log (logger.ts names them). */
const ROTATED = /^[a-z]+-(\d{4}-\d{2}-\d{2})-\d+\.log$/;

/** The rotated log files older than `days` days at `now`, by the day in their name; the live files never. */
export function expiredLogFiles(names: readonly string[], now: Date, days: number): string[] {
  const cutoff = now.getTime() - days * DAY_MS;
  return names.filter((name) => {
    const day = ROTATED.exec(name)?.[1];
    return day !== undefined && Date.parse(`${day}T23:59:59.999Z`) < cutoff;
  });
}

/**
 * Applies the logging tab in this process: the level and the server's error-reporting DSN every
 * 15 seconds (each process reads the settings, so a change reaches all of them without a restart),
 * and hourly, rotated log files older than the retention deleted.
 */
export class LogSettings {
  private readonly logger: Logger;
  private readonly settings: SettingsReader;
  private readonly dir: string | undefined;
  private readonly clock: Clock;
  private readonly reporter: Pick<ServerErrorReporter, 'sync' | 'close'>;
  private timer: NodeJS.Timeout | null = null;
  private ticks = 0;
  constructor(deps: {
    logger: Logger;
    settings: SettingsReader;
    dataDir: string | undefined;
    clock: Clock;
    reporter: Pick<ServerErrorReporter, 'sync' | 'close'>;
  }) {
    this.reporter = deps.reporter;
    this.logger = deps.logger;
    this.settings = deps.settings;
    this.dir = deps.dataDir ? path.join(deps.dataDir, 'logs') : undefined;
    this.clock = deps.clock;
  }

  /** Sets this process's level to the setting's when they differ, and follows the server DSN. */
  async sync(): Promise<void> {
    await this.reporter.sync();
    const level = await this.settings.get<string>('logging.level');
    if (!isLogLevel(level) || level === this.logger.level) return;
    const before = this.logger.level;
    this.logger.level = level;
    this.logger.info({ before, after: level }, 'log level changed');
  }

  /** Deletes the rotated log files older than the retention; answers their names. */
  async prune(): Promise<string[]> {
    if (!this.dir) return [];
    const days = await this.settings.get<number>('logging.retention_days');
    if (typeof days !== 'number' || days < 1) return [];
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    const expired = expiredLogFiles(names, this.clock(), days);
    for (const name of expired) await fs.rm(path.join(this.dir, name), { force: true });
    return expired;
  }

  async start(): Promise<void> {
    await this.sync();
    await this.prune();
    this.timer = setInterval(() => void this.tick().catch(() => undefined), SYNC_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.reporter.close();
  }

  private async tick(): Promise<void> {
    await this.sync();
    if (++this.ticks % PRUNE_EVERY === 0) await this.prune();
  }
}
