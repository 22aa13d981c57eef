/** What file-hashes.ts asks of the worker, in order: a run hashes one upload file from its first byte. */
export type HashRequest =
  | { op: 'start'; run: number; file: string }
  | { op: 'feed'; run: number; to: number }
  | { op: 'digest'; run: number; size: number }
  | { op: 'drop'; run: number };
/** The answer to `digest`: null when the run broke or did not reach the size asked for. */
export type HashReply = { run: number; hex: string | null };

/**
 * The worker thread of file-hashes.ts: SHA-256 of upload files, read back from the page cache
 * just behind their writes, handling requests one at a time in the order they were posted.
 * It runs from its source text (`eval`), self-contained: a worker started from a .ts file loads
 * Node's TypeScript stripper a second time, 16 MB more memory.
 */
export function hashFilesInWorker(): void {
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  const fs = require('node:fs') as typeof import('node:fs');
  const { parentPort } = require('node:worker_threads') as typeof import('node:worker_threads');
  if (!parentPort) throw new Error('hashFilesInWorker runs on a worker thread.');
  const port = parentPort;
  const READ = 1024 * 1024;
  const buffer = Buffer.allocUnsafe(READ);
  /** `at`: how far the run got, null once a read came up short. */
  type Run = { file: string; hash: import('node:crypto').Hash; at: number | null };
  const runs = new Map<number, Run>();

  /** The file last read, kept open while feeds of one run follow each other (one open per upload, not per MiB). */
  let open: { run: Run; fd: number } | undefined;
  const closeOpen = () => {
    if (open) fs.closeSync(open.fd);
    open = undefined;
  };
  const fdOf = (run: Run) => {
    if (open?.run !== run) {
      closeOpen();
      open = { run, fd: fs.openSync(run.file, 'r') };
    }
    return open.fd;
  };

  /** Hashes the bytes from `run.at` to `to`; a file shorter than that (cut back meanwhile) breaks the run. */
  const feed = (run: Run, to: number) => {
    if (run.at === null || to <= run.at) return;
    try {
      const fd = fdOf(run);
      while (run.at < to) {
        const read = fs.readSync(fd, buffer, 0, Math.min(READ, to - run.at), run.at);
        if (read === 0) throw new Error('short read');
        run.hash.update(buffer.subarray(0, read));
        run.at += read;
      }
    } catch {
      run.at = null;
      closeOpen();
    }
  };

  port.on('message', (request: HashRequest) => {
    if (request.op === 'start') {
      runs.set(request.run, { file: request.file, hash: createHash('sha256'), at: 0 });
      return;
    }
    const run = runs.get(request.run);
    if (request.op === 'feed') {
      if (run) feed(run, request.to);
      return;
    }
    runs.delete(request.run);
    if (run && open?.run === run) closeOpen();
    if (request.op === 'digest') {
      const reply: HashReply = {
        run: request.run,
        hex: run && run.at === request.size ? run.hash.digest('hex') : null,
      };
      port.postMessage(reply);
    }
  });
}
