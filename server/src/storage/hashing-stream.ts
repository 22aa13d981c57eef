import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { ObjectTooLargeError } from './storage-driver.ts';

/**
 * Passes chunks through untouched (no copy) while counting them and feeding SHA-256;
 * errors with ObjectTooLargeError as soon as more than maxBytes went by.
 */
export class HashingStream extends Transform {
  byteCount = 0;
  private readonly hash = createHash('sha256');
  private readonly maxBytes: number;
  private digest: string | undefined;

  constructor(maxBytes = Number.POSITIVE_INFINITY) {
    super({ readableHighWaterMark: 1024 * 1024, writableHighWaterMark: 1024 * 1024 });
    this.maxBytes = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.byteCount += chunk.length;
    if (this.byteCount > this.maxBytes) {
      callback(new ObjectTooLargeError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  /** The hex digest; valid once the stream has ended. */
  get sha256(): string {
    this.digest ??= this.hash.digest('hex');
    return this.digest;
  }
}
