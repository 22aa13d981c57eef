import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** Uploads whose running hash is kept at most; the oldest are dropped (and hashed at the end instead). */
const MAX_TRACKED = 10_000;
const HWM = 1024 * 1024;

type State = { hash: Hash; bytes: number };

/** A pass-through that feeds every chunk to the hashes given, counting bytes. */
class FeedingStream extends Transform {
  byteCount = 0;
  private readonly hashes: Hash[];
  private readonly onChunk: (() => void) | undefined;
  constructor(hashes: Hash[], onChunk?: () => void) {
    super({ readableHighWaterMark: HWM, writableHighWaterMark: HWM });
    this.hashes = hashes;
    this.onChunk = onChunk;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.byteCount += chunk.length;
    for (const hash of this.hashes) hash.update(chunk);
    this.onChunk?.();
    callback(null, chunk);
  }
}

/**
 * SHA-256 of resumable uploads to S3 (on local disk: file-hashes.ts), computed as PATCH
 * requests pass their bytes on in order. Node cannot save a hash's state, so it lives in this
 * process only: a write that does not continue where the last one ended here (a restart,
 * another process, a write cut short) drops it, and the object is hashed later by reading it
 * back (sha256-backfill.ts).
 */
export class RunningHashes {
  private readonly states = new Map<string, State>();

  /**
   * Starts a write of bytes at `offset` of upload `id`: answers the stream to write through and
   * `settle`, to call with the store's new offset (null when the write failed).
   */
  begin(
    id: string,
    offset: number,
    extra: Hash[] = [],
    onChunk?: () => void,
  ): { stream: Transform & { byteCount: number }; settle(newOffset: number | null): void } {
    const run = this.track(id, offset, extra);
    const stream = new FeedingStream(run.hashes, onChunk);
    return { stream, settle: (newOffset) => run.settle(newOffset, stream.byteCount) };
  }

  /**
   * The hashes to feed every byte of a write to, in order, and `settle`, with the new offset
   * (null when the write failed) and the bytes fed.
   */
  private track(
    id: string,
    offset: number,
    extra: Hash[] = [],
  ): { hashes: Hash[]; settle(newOffset: number | null, bytesFed: number): void } {
    const known = this.states.get(id);
    this.states.delete(id);
    const state: State | undefined =
      known && known.bytes === offset ? known : offset === 0 ? { hash: createHash('sha256'), bytes: 0 } : undefined;
    return {
      hashes: state ? [state.hash, ...extra] : extra,
      settle: (newOffset, bytesFed) => {
        if (!state || newOffset === null || newOffset - offset !== bytesFed) return;
        state.bytes = newOffset;
        this.keep(id, state);
      },
    };
  }

  /** The hex digest when every byte of the upload passed through here, else undefined. */
  digest(id: string, size: number): string | undefined {
    const state = this.states.get(id);
    this.states.delete(id);
    return state && state.bytes === size ? state.hash.digest('hex') : undefined;
  }

  forget(id: string): void {
    this.states.delete(id);
  }

  private keep(id: string, state: State): void {
    const oldest = this.states.size >= MAX_TRACKED ? this.states.keys().next().value : undefined;
    if (oldest !== undefined) this.states.delete(oldest);
    this.states.set(id, state);
  }
}
