import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { thumbnailKeyOf } from '../storage/keys.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import type { EntryRow, FileEntriesRepository } from './file-entries.repository.ts';
import { sanitizeSvg } from './svg-sanitizer.ts';
import { RenderFailedError, ThumbnailTools, type ThumbnailToolPaths, ToolMissingError } from './thumbnail-tools.ts';

/** Images sharp can read that browsers show as a grid thumbnail. */
const IMAGE_MIMES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
  'image/heic',
  'image/heif',
]);
type SourceKind = 'image' | 'svg' | 'pdf' | 'video';
/**
 * Bigger originals are skipped: decoding them would cost more memory than a grid icon is worth.
 * SVG is text parsed whole (sanitised, then librsvg), so its bound is small; PDFs and videos are
 * copied to a temp file for the external tool.
 */
const MAX_SOURCE_BYTES: Record<SourceKind, number> = {
  image: 64 * 1024 * 1024,
  svg: 4 * 1024 * 1024,
  pdf: 256 * 1024 * 1024,
  video: 1024 * 1024 * 1024,
};
const SIZE_PX = 320;
/** A rasterised SVG bigger than this is refused (sharp checks before decoding). */
const MAX_SVG_PIXELS = 4096 * 4096;

function kindOf(mime: string): SourceKind | undefined {
  if (IMAGE_MIMES.has(mime)) return 'image';
  if (mime === 'image/svg+xml') return 'svg';
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('video/')) return 'video';
  return undefined;
}

export const canThumbnail = (row: Pick<EntryRow, 'mime' | 'file_size' | 'is_folder'>) => {
  const kind = kindOf(row.mime ?? '');
  return row.is_folder === 0 && kind !== undefined && Number(row.file_size) <= MAX_SOURCE_BYTES[kind];
};

/** Reads a stream into memory, refusing more than `max` bytes. */
async function readAtMost(source: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      size += (chunk as Buffer).length;
      if (size > max) throw new RenderFailedError(`source over ${max} bytes`);
      chunks.push(chunk as Buffer);
    }
  } finally {
    source.destroy();
  }
  return Buffer.concat(chunks);
}

/**
 * Makes grid thumbnails after an upload, in the background of the process: the upload
 * answers first; if the process stops before the thumbnail is made, the grid shows the
 * type icon instead. One at a time, so a burst of photos (or PDFs and videos, each an
 * external pdftoppm or ffmpeg process) cannot starve the server.
 */
export class ThumbnailService {
  private readonly entries: FileEntriesRepository;
  private readonly storage: StorageDriver;
  private readonly logger: Logger;
  private readonly tools: ThumbnailTools;
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  /** Tools found missing: not tried again in this process. */
  private readonly missing = new Set<string>();
  /** Kinds whose failure was already logged as a warning; later ones go to debug. */
  private readonly warned = new Set<string>();
  constructor(deps: {
    entries: FileEntriesRepository;
    storage: StorageDriver;
    logger: Logger;
    /** Where pdftoppm and ffmpeg are (default: found on PATH), how long they may run, where temp files go. */
    tools?: { paths?: Partial<ThumbnailToolPaths>; timeoutMs?: number; tempDir?: string };
  }) {
    this.entries = deps.entries;
    this.storage = deps.storage;
    this.logger = deps.logger;
    this.tools = new ThumbnailTools(deps.tools);
  }

  /** Queues a thumbnail for an entry when its type has one. */
  schedule(row: EntryRow): void {
    const file = row.file_name;
    if (!canThumbnail(row) || !file) return;
    this.pending++;
    this.queue = this.queue
      .then(() => this.make(row, file))
      .catch((error: unknown) => this.logFailure(row, error))
      .finally(() => void this.pending--);
  }

  /** Resolves once every queued thumbnail is done (tests, graceful stop). */
  async drain(): Promise<void> {
    while (this.pending > 0) await this.queue;
  }

  /** Makes the thumbnail of `row` from its stored bytes at `file`. */
  private async make(row: EntryRow, file: string): Promise<void> {
    const image = await this.render(kindOf(row.mime ?? '') ?? 'image', file);
    if (!image) return;
    const key = thumbnailKeyOf(file);
    await this.storage.put(key, image, { contentType: 'image/webp' });
    const current = await this.entries.getById(row.id);
    // Deleted meanwhile: the thumbnail would be an orphan, remove it now.
    if (!current || current.file_name !== row.file_name) return this.storage.delete(key);
    await this.entries.update(row.id, { thumbnail: key });
  }

  /** The WebP thumbnail, or undefined when the tool for this kind is missing. */
  private async render(kind: SourceKind, file: string): Promise<Buffer | undefined> {
    const tool = kind === 'pdf' ? 'pdftoppm' : kind === 'video' ? 'ffmpeg' : undefined;
    if (tool && this.missing.has(tool)) return undefined;
    // Loaded on the first image: sharp and libvips cost some 25 MB a server without images should not carry.
    const { default: sharp } = await import('sharp');
    const toWebp = (input: ReturnType<typeof sharp>) =>
      input.resize(SIZE_PX, SIZE_PX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
    const source = await this.storage.getRange(file);
    const max = MAX_SOURCE_BYTES[kind];
    if (kind === 'pdf') return toWebp(sharp(await this.tools.pdfFirstPage(source, max, SIZE_PX)));
    if (kind === 'video') return toWebp(sharp(await this.tools.videoFrame(source, max, SIZE_PX)));
    if (kind === 'svg') {
      const svg = sanitizeSvg((await readAtMost(source, max)).toString('utf8'));
      if (!svg) throw new RenderFailedError('no <svg> root');
      const text = Buffer.from(svg);
      // Rendered at the density that makes its longer side the thumbnail's, so small icons stay
      // sharp and huge declared sizes are never rasterised whole.
      const { width = SIZE_PX, height = SIZE_PX } = await sharp(text).metadata();
      const density = Math.min(Math.max((72 * SIZE_PX) / Math.max(width, height, 1), 1), 72 * 64);
      return toWebp(sharp(text, { density, limitInputPixels: MAX_SVG_PIXELS }));
    }
    const resize = sharp({ failOn: 'none' }).rotate();
    source.on('error', (error) => resize.destroy(error));
    return toWebp(source.pipe(resize));
  }

  /** A missing tool is said once and then skipped; failures are warned once per kind, then logged at debug. */
  private logFailure(row: EntryRow, error: unknown): void {
    if (error instanceof ToolMissingError) {
      if (this.missing.has(error.tool)) return;
      this.missing.add(error.tool);
      this.logger.warn({ tool: error.tool }, `${error.message} Thumbnails of its file types are off.`);
      return;
    }
    const kind = kindOf(row.mime ?? '') ?? 'image';
    const level = this.warned.has(kind) ? 'debug' : 'warn';
    this.warned.add(kind);
    this.logger[level]({ err: error, entryId: row.id, kind }, 'thumbnail failed');
  }
}
