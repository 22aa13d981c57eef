import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/server';
import { FileHashes } from './file-hashes.ts';
import { tusContext, tusError } from './tus-context.ts';
import { UploadFileSink } from './upload-file-sink.ts';

/** 460 is the tus checksum extension's answer to a body whose checksum differs. */
const CHECKSUM_MISMATCH = 460;

/**
 * @tus/file-store under DATA_DIR/files/.tus (one file system with the drive's files, so a
 * finished upload becomes an entry by a rename), plus: the running SHA-256 of each upload, and
 * the checksum extension (a PATCH whose Upload-Checksum differs is cut back off the file).
 * Expiry is the uploads service's (from the last activity, with the space reserved): the store's
 * own clock stays off.
 */
export class LocalTusStore extends FileStore {
  private readonly hashes = new FileHashes();
  constructor(directory: string) {
    fs.mkdirSync(directory, { recursive: true });
    super({ directory });
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration', 'checksum'];
  }

  filePath(id: string): string {
    return path.join(this.directory, id);
  }

  override write(readable: Readable, id: string, offset: number): Promise<number> {
    // @tus/server's own writes (creation-with-upload) come through its size limiter already.
    return this.writeBody(id, offset, Number.POSITIVE_INFINITY, (sink) => pipeline(readable, sink));
  }

  /**
   * Writes the bytes `feed` sends into the sink to upload `id` at `offset`, at most `limit`,
   * keeping its running SHA-256 and checking the request's Upload-Checksum; answers the new offset.
   */
  async writeBody(
    id: string,
    offset: number,
    limit: number,
    feed: (sink: UploadFileSink) => Promise<void>,
  ): Promise<number> {
    const context = tusContext.getStore();
    const wanted = context?.checksum;
    const checksum: Hash | undefined = wanted ? createHash(wanted.algorithm) : undefined;
    const file = this.filePath(id);
    const run = this.hashes.track(id, offset, file);
    const sink = new UploadFileSink({
      file,
      offset,
      limit,
      tooLarge: ERRORS.ERR_SIZE_EXCEEDED,
      hashes: checksum ? [checksum] : [],
      onChunk: context?.onActivity,
      onWritten: run.wrote,
    });
    let newOffset: number;
    try {
      await feed(sink);
      newOffset = offset + sink.bytesWritten;
    } catch (error) {
      run.settle(null);
      throw (error as { status_code?: number }).status_code ? error : ERRORS.FILE_WRITE_ERROR;
    }
    if (checksum && wanted && checksum.digest('base64') !== wanted.digest) {
      run.settle(null);
      await fsp.truncate(file, offset);
      throw tusError(CHECKSUM_MISMATCH, 'Checksum Mismatch\n');
    }
    run.settle(newOffset);
    return newOffset;
  }

  /** The SHA-256 of a finished upload when every byte was written through this process, else undefined. */
  digest(id: string, size: number): Promise<string | undefined> {
    return this.hashes.digest(id, size);
  }

  /** Stops the hashing worker. */
  close(): Promise<void> {
    return this.hashes.close();
  }

  override async remove(id: string): Promise<void> {
    this.hashes.forget(id);
    await super.remove(id);
    await tusContext.getStore()?.onRemoved?.();
  }

  /** Drops the upload's info file once its bytes became an entry. */
  async forget(id: string): Promise<void> {
    this.hashes.forget(id);
    await this.configstore.delete(id);
  }

  /** Ids of uploads in the directory with their last change, for the sweep of leftovers. */
  async *listUploads(): AsyncIterable<{ id: string; modified: Date }> {
    for (const name of await fsp.readdir(this.directory).catch(() => [] as string[])) {
      if (name.endsWith('.json')) continue;
      const stat = await fsp.stat(this.filePath(name)).catch(() => undefined);
      if (stat?.isFile()) yield { id: name, modified: stat.mtime };
    }
  }
}
