import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type ErrorLogFile, type ErrorLogPage, type ErrorLogQuery, Permission } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import { notFound } from '../http/app-error.ts';
import { ERROR_LOG_PREFIX } from '../logging/logger.ts';
import { ErrorLogReader } from './error-log.reader.ts';

export type ErrorLogDownload = { name: string; size: number; stream: Readable };

export class LogsService {
  private readonly logDir: string;
  private readonly reader: ErrorLogReader;
  constructor(dataDir: string) {
    this.logDir = path.join(dataDir, 'logs');
    this.reader = new ErrorLogReader(dataDir);
  }

  /** The error log files, newest first (logs.view). */
  async files(actor: Actor): Promise<ErrorLogFile[]> {
    actor.authorize(Permission.logsView);
    return this.reader.files();
  }

  /** A page of one file's entries (the newest file by default), newest first (logs.view). */
  async entries(actor: Actor, query: ErrorLogQuery): Promise<ErrorLogPage & { file: string | null }> {
    actor.authorize(Permission.logsView);
    const { file, page } = await this.reader.entries(query);
    return { file, pagination: page };
  }

  async entry(actor: Actor, file: string, offset: number) {
    actor.authorize(Permission.logsView);
    return this.reader.detail(file, offset);
  }

  /** Any listed error log file's bytes (logs.view). */
  async openErrorLog(actor: Actor, name: string): Promise<ErrorLogDownload> {
    actor.authorize(Permission.logsView);
    const filePath = await this.reader.pathOf(name);
    const stat = await fsp.stat(filePath);
    return { name, size: stat.size, stream: this.reader.openStream(filePath) };
  }

  /** The most recently written non-empty error log; only holders of logs.view. */
  async latestErrorLog(actor: Actor): Promise<{ path: string; name: string; size: number }> {
    actor.authorize(Permission.logsView);
    const names = (await fsp.readdir(this.logDir).catch(() => [] as string[])).filter(
      (n) => n.startsWith(`${ERROR_LOG_PREFIX}`) && n.endsWith('.log'),
    );
    const stats = await Promise.all(
      names.map(async (name) => ({ name, stat: await fsp.stat(path.join(this.logDir, name)) })),
    );
    const latest = stats.filter((s) => s.stat.size > 0).sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs)[0];
    if (!latest) throw notFound('There is no error log yet.');
    return { path: path.join(this.logDir, latest.name), name: latest.name, size: latest.stat.size };
  }

  /** The latest error log's bytes, for a download (same checks as latestErrorLog). */
  async openLatestErrorLog(actor: Actor): Promise<ErrorLogDownload> {
    const log = await this.latestErrorLog(actor);
    return { name: log.name, size: log.size, stream: fs.createReadStream(log.path) };
  }
}
