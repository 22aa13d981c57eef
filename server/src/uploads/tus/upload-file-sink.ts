import type { Hash } from 'node:crypto';
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { collectYoungGarbage } from '../../storage/young-garbage.ts';

/** Bytes a write may buffer before the socket is paused: large enough that writes batch. */
const HIGH_WATER_MARK = 1024 * 1024;

/**
 * Bytes received between two collections of the young generation (storage/young-garbage.ts).
 * Measured on 1 GiB uploads: every 4 MiB, one or two full collections per upload; every 8 or
 * 16 MiB the young generation grew, V8 kept starting full ones (60 to 120 per upload), and the
 * server spent three times the CPU.
 */
const COLLECT_EVERY = 4 * 1024 * 1024;
/**
 * Bytes written between two background fdatasyncs of the file. The disk writes while bytes keep
 * arriving, so the fsync that makes a finished upload durable has at most this much left:
 * measured on 1 GiB, the same PATCH throughput, and the finishing call no longer waits seconds
 * for the whole file to reach the disk.
 */
const FLUSH_EVERY = 64 * 1024 * 1024;

export type SinkOptions = {
  file: string;
  /** Where in the file the first byte goes. */
  offset: number;
  /** Bytes this write may take at most; one more fails it with `tooLarge` (what arrived before is kept). */
  limit: number;
  tooLarge: unknown;
  /** Fed every byte in order (Upload-Checksum). */
  hashes: Hash[];
  onChunk?: () => void;
  /** Told of the bytes of each write once they are in the file (the running SHA-256: file-hashes.ts). */
  onWritten?: (bytes: number) => void;
};

/**
 * The bytes of one tus write, from the socket to the upload's file with nothing in between:
 * vectored positional writes of what buffered while the last one ran (the running SHA-256 told
 * of each once it is in the file, a request's Upload-Checksum fed while it runs on the thread
 * pool), and the file flushed in the background as it grows (the upload is made durable when
 * it becomes an entry: LocalStorageDriver.adoptFile). One stage instead of a pass-through, a
 * limiter, a hashing transform and a file stream.
 */
export class UploadFileSink extends Writable {
  /** Bytes written to the file. */
  bytesWritten = 0;
  private readonly options: SinkOptions;
  /** The upload file's descriptor; -1 until _construct opened it. */
  private fd = -1;
  private position: number;
  private uncollected = 0;
  private unflushed = 0;
  private flushing: Promise<void> | undefined;
  constructor(options: SinkOptions) {
    super({ highWaterMark: HIGH_WATER_MARK, decodeStrings: true });
    this.options = options;
    this.position = options.offset;
  }

  override _construct(callback: (error?: Error | null) => void): void {
    fs.open(this.options.file, 'r+', (error, fd) => {
      if (!error) this.fd = fd;
      callback(error);
    });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.writeAll([chunk], callback);
  }

  override _writev(chunks: Array<{ chunk: Buffer }>, callback: (error?: Error | null) => void): void {
    this.writeAll(
      chunks.map((c) => c.chunk),
      callback,
    );
  }

  override _final(callback: (error?: Error | null) => void): void {
    // The background flush uses the descriptor: the write ends (and closes it) after the flush.
    void (this.flushing ?? Promise.resolve()).then(() => callback());
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const fd = this.fd;
    if (fd === -1) {
      callback(error);
      return;
    }
    void (this.flushing ?? Promise.resolve()).then(() => fs.close(fd, () => callback(error)));
  }

  private writeAll(chunks: Buffer[], callback: (error?: Error | null) => void): void {
    const room = this.options.limit - this.bytesWritten;
    let over = false;
    let total = 0;
    for (let i = 0; i < chunks.length; i++) {
      if (total + chunks[i].length > room) {
        chunks = [...chunks.slice(0, i), chunks[i].subarray(0, room - total)];
        over = true;
        total = room;
        break;
      }
      total += chunks[i].length;
    }
    const done = (error: Error | null) => {
      if (!error) this.maybeFlush();
      callback(error ?? (over ? (this.options.tooLarge as Error) : null));
    };
    if (total === 0) {
      done(null);
      return;
    }
    this.writeFrom(chunks, total, done);
    // Hash while the write runs on the thread pool: both only read the buffers.
    for (const hash of this.options.hashes) for (const chunk of chunks) hash.update(chunk);
    this.options.onChunk?.();
    this.uncollected += total;
    if (this.uncollected >= COLLECT_EVERY) {
      this.uncollected = 0;
      collectYoungGarbage();
    }
  }

  /** Writes every byte of `chunks`, continuing after a short write. */
  private writeFrom(chunks: Buffer[], total: number, done: (error: Error | null) => void): void {
    fs.writev(this.fd, chunks, this.position, (error, written) => {
      if (error) return done(error);
      this.position += written;
      this.bytesWritten += written;
      this.unflushed += written;
      this.options.onWritten?.(written);
      if (written === total) return done(null);
      let skip = written;
      while (skip >= chunks[0].length) {
        skip -= chunks[0].length;
        chunks.shift();
      }
      chunks[0] = chunks[0].subarray(skip);
      this.writeFrom(chunks, total - written, done);
    });
  }

  private maybeFlush(): void {
    if (this.unflushed < FLUSH_EVERY || this.flushing) return;
    this.unflushed = 0;
    this.flushing = new Promise<void>((resolve) => fs.fdatasync(this.fd, () => resolve())).then(() => {
      this.flushing = undefined;
    });
  }
}
