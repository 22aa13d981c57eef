import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream/promises';
import { conflict, notFound } from '../../http/app-error.ts';
import type { StorageDriver } from '../../storage/storage-driver.ts';
import type { PendingUploadRow } from '../pending-uploads.repository.ts';
import type { FinishedBytes } from '../upload-finalizer.ts';
import { LocalTusStore } from './local-tus-store.ts';
import { removeUpload, type StopWrite, type TusBackend, uploadExists } from './tus-backend.ts';
import { uuidOfRow } from './upload-id.ts';

const HASH_CHUNK = 1024 * 1024;

/**
 * Uploads on local disk, under DATA_DIR/files/.tus: one file system with the drive's files, so
 * finishing is a rename. A PATCH body is piped from the socket straight into the upload's file
 * (the raw PUT's path plus the hashes).
 */
export class LocalTusBackend implements TusBackend {
  readonly store: LocalTusStore;
  private readonly storage: StorageDriver;
  constructor(deps: { directory: string; storage: StorageDriver }) {
    this.store = new LocalTusStore(deps.directory);
    this.storage = deps.storage;
  }

  storeIdOf(uuid: string): string {
    return uuid;
  }

  writeBody(
    req: IncomingMessage,
    storeId: string,
    offset: number,
    limit: number,
    onStop: (stop: StopWrite) => void,
  ): Promise<number> {
    return this.store.writeBody(storeId, offset, limit, (sink) => {
      req.pipe(sink);
      onStop(() => {
        req.unpipe(sink);
        if (!sink.writableEnded) sink.end();
      });
      return finished(sink);
    });
  }

  /** fsync and rename the finished file under its key (no copy); hash it here if the running hash was lost. */
  async place(row: PendingUploadRow): Promise<FinishedBytes> {
    const id = uuidOfRow(row);
    const upload = await this.store.getUpload(id).catch(() => undefined);
    if (upload) {
      if (upload.offset !== row.size)
        throw conflict(`The upload is not complete: ${upload.offset} of ${row.size} bytes arrived.`);
      if (!this.storage.adoptFile) throw new Error('Local uploads need a storage driver that adopts files.');
      const file = this.store.filePath(id);
      const sha256 =
        (await this.store.digest(id, row.size)) ??
        (await hashStream(fs.createReadStream(file, { highWaterMark: HASH_CHUNK })));
      await this.storage.adoptFile(file, row.key);
      await this.store.forget(id);
      return { size: row.size, sha256 };
    }
    // Moved by an earlier call that stopped before its entry was written.
    const stat = await this.storage.stat(row.key);
    if (!stat || stat.size !== row.size) throw notFound('The bytes of this upload are gone.');
    return { size: stat.size, sha256: await hashStream(await this.storage.getRange(row.key)) };
  }

  remove(storeId: string): Promise<void> {
    return removeUpload(this.store, storeId);
  }

  exists(storeId: string): Promise<boolean> {
    return uploadExists(this.store, storeId);
  }

  listUploads(): AsyncIterable<{ id: string; modified: Date }> {
    return this.store.listUploads();
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

async function hashStream(stream: AsyncIterable<unknown>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
