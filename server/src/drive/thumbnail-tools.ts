import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Paths of the external renderers (Debian's poppler-utils and ffmpeg); the PATH is searched for bare names. */
export type ThumbnailToolPaths = { pdftoppm: string; ffmpeg: string };
export const DEFAULT_TOOL_PATHS: ThumbnailToolPaths = { pdftoppm: 'pdftoppm', ffmpeg: 'ffmpeg' };
export type ToolName = keyof ThumbnailToolPaths;

/** The binary is not installed (or not at the configured path). */
export class ToolMissingError extends Error {
  readonly tool: ToolName;
  constructor(tool: ToolName, binary: string) {
    super(`${tool} is not installed (${binary} not found).`);
    this.name = 'ToolMissingError';
    this.tool = tool;
  }
}

/** The tool ran but made no image: a broken file, a timeout, or the source over its size limit. */
export class RenderFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderFailedError';
  }
}

/** Demuxers a video may be read with: real containers only, no playlists (HLS, concat) that name other files. */
const VIDEO_DEMUXERS = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,flv,mpeg,mpegts,ogg,asf';
/** Errors from a tool are kept for the log, cut short. */
const MAX_STDERR = 2048;
/** A frame or page at thumbnail size is far smaller; more means something went wrong. */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

/**
 * Runs pdftoppm and ffmpeg for thumbnails: the stored bytes are copied into a private temp folder,
 * the tool reads that file and writes a PNG there (no shell, arguments as an array, no stdin, a
 * timeout that kills it), and the folder is removed afterwards whatever happened.
 */
export class ThumbnailTools {
  private readonly paths: ThumbnailToolPaths;
  private readonly timeoutMs: number;
  private readonly tempDir: string;
  constructor(deps: { paths?: Partial<ThumbnailToolPaths>; timeoutMs?: number; tempDir?: string } = {}) {
    this.paths = { ...DEFAULT_TOOL_PATHS, ...deps.paths };
    this.timeoutMs = deps.timeoutMs ?? 30_000;
    this.tempDir = deps.tempDir ?? os.tmpdir();
  }

  /** The first page of a PDF as a PNG whose longer side is `size` px. */
  pdfFirstPage(source: Readable, maxBytes: number, size: number): Promise<Buffer> {
    return this.withTempFile(source, maxBytes, async (dir, input) => {
      const args = ['-f', '1', '-l', '1', '-singlefile', '-png', '-scale-to', String(size), input, 'page'];
      await this.run('pdftoppm', args, dir);
      return readOutput(path.join(dir, 'page.png'));
    });
  }

  /** A frame of a video at 1 s (the first frame of shorter ones) as a PNG within `size` x `size` px, never enlarged. */
  async videoFrame(source: Readable, maxBytes: number, size: number): Promise<Buffer> {
    return this.withTempFile(source, maxBytes, async (dir, input) => {
      const output = path.join(dir, 'frame.png');
      const args = (seek: string[]) => [
        ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-threads', '1'],
        ...['-protocol_whitelist', 'file', '-format_whitelist', VIDEO_DEMUXERS],
        ...seek,
        ...['-i', input, '-map', '0:v:0', '-frames:v', '1', '-an', '-sn', '-dn'],
        // Never enlarged, like other thumbnails.
        ...['-vf', `scale=w='min(iw,${size})':h='min(ih,${size})':force_original_aspect_ratio=decrease`],
        ...['-f', 'image2', '-c:v', 'png', '-y', output],
      ];
      await this.run('ffmpeg', args(['-ss', '1']), dir);
      // Shorter than a second: ffmpeg succeeds without a frame; take the first one.
      if (!fs.existsSync(output)) await this.run('ffmpeg', args([]), dir);
      return readOutput(output);
    });
  }

  /** Copies the source into a fresh temp folder (at most `maxBytes`), runs `work`, removes the folder. */
  private async withTempFile<T>(
    source: Readable,
    maxBytes: number,
    work: (dir: string, input: string) => Promise<T>,
  ): Promise<T> {
    const dir = await fs.promises.mkdtemp(path.join(this.tempDir, 'kosh-thumb-'));
    try {
      const input = path.join(dir, 'source');
      let seen = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _enc, done) {
          seen += chunk.length;
          done(seen > maxBytes ? new RenderFailedError(`source over ${maxBytes} bytes`) : null, chunk);
        },
      });
      await pipeline(source, limit, fs.createWriteStream(input, { mode: 0o600 }));
      return await work(dir, input);
    } finally {
      source.destroy();
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }

  /** Runs a tool in `cwd`; resolves on exit code 0, rejects with ToolMissingError or RenderFailedError. */
  private run(tool: ToolName, args: string[], cwd: string): Promise<void> {
    const binary = this.paths[tool];
    return new Promise((resolve, reject) => {
      const child = spawn(binary, args, {
        cwd,
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: this.timeoutMs,
        killSignal: 'SIGKILL',
        // Nothing of the server's environment (secrets, proxies) is the tool's business.
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
        shell: false,
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < MAX_STDERR) stderr += chunk.toString('utf8').slice(0, MAX_STDERR - stderr.length);
      });
      child.on('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'ENOENT' || error.code === 'EACCES'
            ? new ToolMissingError(tool, binary)
            : new RenderFailedError(`${tool}: ${error.message}`),
        ),
      );
      // 'exit', not 'close': a grandchild still holding stderr must not keep the queue waiting.
      child.on('exit', (code, signal) => {
        if (code === 0) return resolve();
        const why = signal ? `killed by ${signal} (timeout ${this.timeoutMs} ms)` : `exit code ${code}`;
        reject(new RenderFailedError(`${tool}: ${why}${stderr ? `: ${stderr.trim()}` : ''}`));
      });
    });
  }
}

async function readOutput(file: string): Promise<Buffer> {
  const stat = await fs.promises.stat(file).catch(() => undefined);
  if (!stat || stat.size === 0) throw new RenderFailedError('no image was made');
  if (stat.size > MAX_OUTPUT_BYTES) throw new RenderFailedError(`output over ${MAX_OUTPUT_BYTES} bytes`);
  return fs.promises.readFile(file);
}
