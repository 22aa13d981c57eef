import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isMissingFile as isMissing } from '../http/driver-errors.ts';
import { HashingStream } from './hashing-stream.ts';
import { assertValidKey } from './keys.ts';
import {
  ObjectNotFoundError,
  type ListedObject,
  type ObjectStat,
  type PutOptions,
  type StagedObject,
  type StorageDriver,
  type WrittenObject,
} from './storage-driver.ts';

/** 1 MiB reads and writes: far fewer syscalls and event-loop turns than Node's 64 KiB default. */
const CHUNK = 1024 * 1024;
const STAGING = '.staging';

/** Opens a directory and fsyncs it, so a rename inside it survives a power cut. */
async function syncDir(dir: string): Promise<void> {
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Files under DATA_DIR/files, one file per generated key. New bytes are written to
 * .staging/, fsynced, and renamed into place on commit (rename is atomic on one file system).
 */
export class LocalStorageDriver implements StorageDriver {
  readonly kind = 'local' as const;
  readonly root: string;
  private readonly staging: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.staging = path.join(this.root, STAGING);
    fs.mkdirSync(this.staging, { recursive: true });
  }

  localPath(key: string): string {
    assertValidKey(key);
    return path.join(this.root, key);
  }

  async putStaged(key: string, body: Readable, options: PutOptions = {}): Promise<StagedObject> {
    const target = this.localPath(key);
    const temp = path.join(this.staging, randomUUID());
    const written = await this.writeFile(temp, body, options.maxBytes);
    return {
      key,
      ...written,
      commit: async () => {
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await fsp.rename(temp, target);
        await syncDir(path.dirname(target));
      },
      discard: async () => fsp.rm(temp, { force: true }),
    };
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<WrittenObject> {
    const staged = await this.putStaged(key, Buffer.isBuffer(body) ? Readable.from([body]) : body, options);
    await staged.commit();
    return { size: staged.size, sha256: staged.sha256 };
  }

  async getRange(key: string, start?: number, end?: number): Promise<Readable> {
    const file = this.localPath(key);
    // Open first so a missing file is an error now, not an 'error' event mid-response.
    const handle = await fsp.open(file, 'r').catch((error: unknown) => {
      throw isMissing(error) ? new ObjectNotFoundError(key) : error;
    });
    return handle.createReadStream({ start, end, highWaterMark: CHUNK, autoClose: true });
  }

  async stat(key: string): Promise<ObjectStat | undefined> {
    try {
      const s = await fsp.stat(this.localPath(key));
      return { size: s.size, lastModified: s.mtime };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.localPath(key), { force: true });
  }

  async adoptFile(file: string, key: string): Promise<void> {
    const target = this.localPath(key);
    // The bytes of a resumable upload were written without fsync: make them durable before they count.
    const handle = await fsp.open(file, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(file, target);
    await syncDir(path.dirname(target));
  }

  async deleteMany(keys: string[]): Promise<void> {
    for (const key of keys) await this.delete(key);
  }

  async copy(sourceKey: string, targetKey: string): Promise<void> {
    const source = this.localPath(sourceKey);
    const target = this.localPath(targetKey);
    const temp = path.join(this.staging, randomUUID());
    // A reflink where the file system has them (btrfs, xfs), a plain copy elsewhere; then an atomic rename.
    await fsp.copyFile(source, temp, fs.constants.COPYFILE_FICLONE).catch((error: unknown) => {
      throw isMissing(error) ? new ObjectNotFoundError(sourceKey) : error;
    });
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(temp, target);
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    const start = path.join(this.root, prefix);
    if (!start.startsWith(this.root + path.sep) && start !== this.root)
      throw new Error('prefix escapes the storage root');
    yield* this.walk(start);
  }

  async sweepStaging(olderThanMs: number): Promise<number> {
    let removed = 0;
    const cutoff = Date.now() - olderThanMs;
    for (const name of await fsp.readdir(this.staging)) {
      const file = path.join(this.staging, name);
      const s = await fsp.stat(file).catch(() => undefined);
      if (s && s.mtimeMs < cutoff) {
        await fsp.rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  private async *walk(dir: string): AsyncIterable<ListedObject> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== this.staging) yield* this.walk(full);
      } else if (entry.isFile()) {
        const s = await fsp.stat(full).catch(() => undefined);
        if (s)
          yield { key: path.relative(this.root, full).split(path.sep).join('/'), size: s.size, lastModified: s.mtime };
      }
    }
  }

  private async writeFile(file: string, body: Readable, maxBytes?: number): Promise<WrittenObject> {
    const hasher = new HashingStream(maxBytes);
    try {
      // flush: fsync before close, so a rename after it publishes bytes that are on disk.
      await pipeline(body, hasher, fs.createWriteStream(file, { flags: 'wx', highWaterMark: CHUNK, flush: true }));
    } catch (error) {
      await fsp.rm(file, { force: true });
      throw error;
    }
    return { size: hasher.byteCount, sha256: hasher.sha256 };
  }
}
