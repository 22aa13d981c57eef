import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  ERROR_LOG_FILE_PATTERN,
  type ErrorLogDetail,
  type ErrorLogEntry,
  type ErrorLogFile,
  type ErrorLogQuery,
} from '@kosh/contracts';
import { notFound } from '../http/app-error.ts';

/** pino's numeric levels of the entries an error log holds. */
const LEVELS: Record<number, ErrorLogEntry['level']> = { 50: 'error', 60: 'fatal' };
const MAX_MESSAGE = 500;
/** A line longer than this is not read whole for a detail view. */
const MAX_LINE = 1024 * 1024;

type Parsed = {
  level?: unknown;
  time?: unknown;
  msg?: unknown;
  reqId?: unknown;
  err?: { message?: unknown; stack?: unknown };
};

function summary(file: string, offset: number, line: string): (ErrorLogEntry & { parsed: Parsed }) | null {
  let parsed: Parsed;
  try {
    parsed = JSON.parse(line) as Parsed;
  } catch {
    return null;
  }
  const level = typeof parsed.level === 'number' ? LEVELS[parsed.level] : undefined;
  if (!level) return null;
  const errMessage = typeof parsed.err?.message === 'string' ? parsed.err.message : '';
  const msg = typeof parsed.msg === 'string' ? parsed.msg : '';
  const message = [msg, errMessage && errMessage !== msg ? errMessage : ''].filter(Boolean).join(': ');
  return {
    offset,
    file,
    time: new Date(typeof parsed.time === 'number' ? parsed.time : 0).toISOString(),
    level,
    message: message.slice(0, MAX_MESSAGE),
    request_id: typeof parsed.reqId === 'string' || typeof parsed.reqId === 'number' ? String(parsed.reqId) : null,
    parsed,
  };
}

/**
 * The error log files under DATA_DIR/logs as a table: every entry of one file (the newest file
 * unless one is named), filtered by level and a search over the message and request id, newest
 * first. Files are read as streams, line by line; only the summaries of matching lines are kept.
 * File names are checked against the pattern the logger writes and must be in the folder's listing.
 */
export class ErrorLogReader {
  private readonly dir: string;
  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'logs');
  }

  async files(): Promise<ErrorLogFile[]> {
    const names = (await fsp.readdir(this.dir).catch(() => [] as string[])).filter((n) =>
      ERROR_LOG_FILE_PATTERN.test(n),
    );
    const files = await Promise.all(
      names.map(async (name) => {
        const stat = await fsp.stat(path.join(this.dir, name));
        return { name, size: stat.size, modified_at: stat.mtime.toISOString(), mtime: stat.mtimeMs };
      }),
    );
    return files.sort((a, b) => b.mtime - a.mtime).map(({ mtime: _mtime, ...file }) => file);
  }

  /** The path of a listed file; 404 for any other name. */
  async pathOf(name: string): Promise<string> {
    if (!ERROR_LOG_FILE_PATTERN.test(name) || !(await this.files()).some((f) => f.name === name))
      throw notFound('There is no such log file.');
    return path.join(this.dir, name);
  }

  async entries(query: ErrorLogQuery) {
    const files = await this.files();
    const file = query.file ?? files[0]?.name;
    const matches: ErrorLogEntry[] = [];
    if (file) {
      const search = query.query?.toLowerCase();
      await this.eachLine(await this.pathOf(file), (line, offset) => {
        const entry = summary(file, offset, line);
        if (!entry || (query.level && entry.level !== query.level)) return;
        if (search && !`${entry.message} ${entry.request_id ?? ''}`.toLowerCase().includes(search)) return;
        const { parsed: _parsed, ...row } = entry;
        matches.push(row);
      });
    }
    if ((query.orderDir ?? 'desc') === 'desc') matches.reverse();
    const total = matches.length;
    const start = (query.page - 1) * query.perPage;
    return {
      file: file ?? null,
      page: {
        data: matches.slice(start, start + query.perPage),
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(total / query.perPage)),
        per_page: query.perPage,
        total,
      },
    };
  }

  /** One entry whole: its stack and every other field it was logged with. */
  async detail(file: string, offset: number): Promise<ErrorLogDetail> {
    const filePath = await this.pathOf(file);
    const handle = await fsp.open(filePath, 'r');
    try {
      const { size } = await handle.stat();
      if (offset >= size) throw notFound('There is no entry there.');
      if (offset > 0) {
        const before = Buffer.alloc(1);
        await handle.read(before, 0, 1, offset - 1);
        if (before[0] !== 0x0a) throw notFound('There is no entry there.');
      }
      const buffer = Buffer.alloc(Math.min(MAX_LINE, size - offset));
      await handle.read(buffer, 0, buffer.length, offset);
      const end = buffer.indexOf(0x0a);
      const entry = summary(file, offset, buffer.subarray(0, end === -1 ? buffer.length : end).toString('utf8'));
      if (!entry) throw notFound('There is no entry there.');
      const { parsed, ...row } = entry;
      const { level: _l, time: _t, msg: _m, err, ...rest } = parsed as Parsed & Record<string, unknown>;
      const { stack, ...errRest } = (err ?? {}) as Record<string, unknown>;
      return {
        ...row,
        stack: typeof stack === 'string' ? stack : null,
        context: err ? { ...rest, err: errRest } : rest,
      };
    } finally {
      await handle.close();
    }
  }

  openStream(filePath: string) {
    return fs.createReadStream(filePath);
  }

  /** Calls `visit` with each line and the byte offset it starts at. */
  private async eachLine(filePath: string, visit: (line: string, offset: number) => void): Promise<void> {
    let offset = 0;
    let rest = Buffer.alloc(0);
    for await (const chunk of fs.createReadStream(filePath)) {
      let data = Buffer.concat([rest, chunk as Buffer]);
      let newline = data.indexOf(0x0a);
      while (newline !== -1) {
        const line = data.subarray(0, newline);
        if (line.length > 0) visit(line.toString('utf8'), offset);
        offset += newline + 1;
        data = data.subarray(newline + 1);
        newline = data.indexOf(0x0a);
      }
      rest = data;
    }
    if (rest.length > 0) visit(rest.toString('utf8'), offset);
  }
}
