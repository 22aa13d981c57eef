import fs from 'node:fs';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { createStream } from 'rotating-file-stream';

export const ERROR_LOG_PREFIX = 'error';

/**
 * An address as logged: the token of a password-reset page and secrets in the query (link passwords,
 * tokens, OAuth codes and states) are replaced, so log files never hold what would open an account.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/password\/reset\/)[^/?#]+/gi, '$1[redacted]')
    .replace(/([?&](?:password|token|access_token|code|state)=)[^&#]*/gi, '$1[redacted]');
}

type LoggedRequest = { method: string; url: string; host?: string; ip?: string };

/** Fastify's request fields, with the address redacted; Fastify takes the logger's own `req` serializer. */
const serializers = {
  req: (req: LoggedRequest) => ({ method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip }),
};

/**
 * JSON logs: everything to stdout and DATA_DIR/logs/kosh.log, errors also to
 * DATA_DIR/logs/error.log; both rotate daily or at 10 MB. The logger's level decides what is
 * written (the streams take every level, so a level changed at run time applies to them too);
 * the logging tab's retention deletes old rotated files (log-settings.ts), `maxFiles` is a cap.
 */
export function createLogger(options: { dataDir?: string; level: string; stdout?: boolean }): Logger {
  if (!options.dataDir) return pino({ level: options.level, serializers });
  const level = (options.level === 'silent' ? 'error' : options.level) as pino.Level;
  const dir = path.join(options.dataDir, 'logs');
  fs.mkdirSync(dir, { recursive: true });
  const rotate = (name: string) =>
    createStream(
      (time, index) =>
        time ? `${name}-${new Date(time as Date).toISOString().slice(0, 10)}-${index ?? 0}.log` : `${name}.log`,
      {
        path: dir,
        interval: '1d',
        size: '10M',
        maxFiles: 1000,
      },
    );
  return pino(
    { level, serializers },
    pino.multistream([
      ...(options.stdout === false ? [] : [{ level: 'trace' as const, stream: process.stdout }]),
      { level: 'trace' as const, stream: rotate('kosh') },
      { level: 'error' as const, stream: rotate(ERROR_LOG_PREFIX) },
    ]),
  );
}
