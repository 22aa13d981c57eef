import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Permission } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import { notFound } from '../http/app-error.ts';
import { ERROR_LOG_PREFIX } from '../logging/logger.ts';

export type ErrorLogDownload = { name: string; size: number; stream: Readable };

export class LogsService {
  private readonly logDir: string;
  constructor(dataDir: string) {
    this.logDir = path.join(dataDir, 'logs');
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
