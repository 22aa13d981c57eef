import { Worker } from 'node:worker_threads';
import { hashFilesInWorker, type HashReply, type HashRequest } from './file-hash.worker.ts';

/** Bytes written before the worker is told to hash them: it reads them back while they are still cached. */
const FEED_EVERY = 1024 * 1024;
/** Uploads whose running hash is kept at most; the oldest are dropped (and hashed at the end instead). */
const MAX_TRACKED = 10_000;

type State = { run: number; bytes: number };

/** What a write reports to its upload's running hash. */
export type HashTracker = {
  /** `bytes` more were written, in order, after the ones before. */
  wrote(bytes: number): void;
  /** The write ended at the store's new offset, or failed (null) and may have left anything behind. */
  settle(newOffset: number | null): void;
};

/**
 * SHA-256 of resumable uploads on local disk, computed while they stream in: as each write lands,
 * a worker thread reads the new bytes back (from the page cache, just written) and hashes them,
 * so hashing (0.66 s per GiB here) runs beside the socket's thread instead of on it.
 * The hash lives in this process only: a write that does not continue where the last one ended
 * here (a restart, a write cut short) drops it, and the file is hashed when it is finished.
 */
export class FileHashes {
  private worker: Worker | undefined;
  private readonly states = new Map<string, State>();
  private readonly waiting = new Map<number, (hex: string | null) => void>();
  private nextRun = 1;

  /** Starts a write at `offset` of upload `id`, whose bytes go to `file`. */
  track(id: string, offset: number, file: string): HashTracker {
    const known = this.states.get(id);
    this.states.delete(id);
    let state: State | undefined = known;
    if (known && known.bytes !== offset) {
      this.post({ op: 'drop', run: known.run });
      state = undefined;
    }
    if (!state && offset === 0) {
      state = { run: this.nextRun++, bytes: 0 };
      this.post({ op: 'start', run: state.run, file });
    }
    const tracked = state;
    let written = 0;
    let fed = 0;
    const feed = (run: number) => {
      fed = written;
      this.post({ op: 'feed', run, to: offset + written });
    };
    return {
      wrote: (bytes) => {
        written += bytes;
        if (tracked && written - fed >= FEED_EVERY) feed(tracked.run);
      },
      settle: (newOffset) => {
        if (!tracked) return;
        if (newOffset === null || newOffset - offset !== written) return this.post({ op: 'drop', run: tracked.run });
        if (written > fed) feed(tracked.run);
        tracked.bytes = newOffset;
        this.keep(id, tracked);
      },
    };
  }

  /** The hex digest when every byte of the upload was written through here, else undefined. */
  async digest(id: string, size: number): Promise<string | undefined> {
    const state = this.states.get(id);
    this.states.delete(id);
    if (!state) return undefined;
    if (state.bytes !== size) {
      this.post({ op: 'drop', run: state.run });
      return undefined;
    }
    const worker = this.worker;
    if (!worker) return undefined;
    const hex = await new Promise<string | null>((resolve) => {
      this.waiting.set(state.run, resolve);
      worker.postMessage({ op: 'digest', run: state.run, size } satisfies HashRequest);
    });
    return hex ?? undefined;
  }

  forget(id: string): void {
    const state = this.states.get(id);
    this.states.delete(id);
    if (state) this.post({ op: 'drop', run: state.run });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.lost();
    await worker?.terminate();
  }

  private keep(id: string, state: State): void {
    const oldest = this.states.size >= MAX_TRACKED ? this.states.keys().next().value : undefined;
    if (oldest !== undefined) this.forget(oldest);
    this.states.set(id, state);
  }

  /** Starting a run starts the worker; other requests need none when it is gone (their runs went with it). */
  private post(request: HashRequest): void {
    (request.op === 'start' ? this.start() : this.worker)?.postMessage(request);
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(`(${hashFilesInWorker.toString()})()`, { eval: true });
    // Never what keeps the process running; a digest asked for is awaited by its request.
    worker.unref();
    worker.on('message', (reply: HashReply) => {
      this.waiting.get(reply.run)?.(reply.hex);
      this.waiting.delete(reply.run);
    });
    const gone = () => this.worker === worker && this.lost();
    worker.on('error', gone);
    worker.on('exit', gone);
    this.worker = worker;
    return worker;
  }

  /** The worker is gone with every run it held: their uploads are hashed when finished. */
  private lost(): void {
    this.worker = undefined;
    this.states.clear();
    for (const resolve of this.waiting.values()) resolve(null);
    this.waiting.clear();
  }
}
