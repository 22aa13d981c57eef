import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { StreamLimiter } from '@tus/server';
import type { Config } from '../../config.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import { entryKeyOf } from '../../storage/keys.ts';
import type { StorageDriver } from '../../storage/storage-driver.ts';
import type { PendingUploadRow } from '../pending-uploads.repository.ts';
import type { FinishedBytes } from '../upload-finalizer.ts';
import { RunningHashes } from './running-hashes.ts';
import { S3TusStore } from './s3-tus-store.ts';
import { removeUpload, type StopWrite, type TusBackend, uploadExists } from './tus-backend.ts';

/**
 * Uploads on S3 through @tus/s3-store, each a multipart upload completed in place under its
 * entry key: a PATCH body is split into parts as it arrives, and finishing copies nothing.
 */
export class S3TusBackend implements TusBackend {
  readonly store: S3TusStore;
  private readonly storage: StorageDriver;
  private readonly hashes = new RunningHashes();
  constructor(deps: { s3: Config['s3']; storage: StorageDriver }) {
    const { bucket, accessKeyId, secretAccessKey, endpoint, region, forcePathStyle } = deps.s3;
    if (!bucket || !accessKeyId || !secretAccessKey)
      throw new Error('Resumable uploads to S3 need S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.');
    this.store = new S3TusStore(
      {
        partSize: 8 * 1024 * 1024,
        maxConcurrentPartUploads: 4,
        useTags: false,
        s3ClientConfig: {
          bucket,
          endpoint,
          region,
          forcePathStyle,
          credentials: { accessKeyId, secretAccessKey },
          // RGW and other non-AWS stores (DESIGN.md).
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        },
      },
      this.hashes,
    );
    this.storage = deps.storage;
  }

  storeIdOf(uuid: string): string {
    return entryKeyOf(uuid);
  }

  writeBody(
    req: IncomingMessage,
    storeId: string,
    offset: number,
    limit: number,
    onStop: (stop: StopWrite) => void,
  ): Promise<number> {
    const body = new PassThrough({ highWaterMark: 1024 * 1024 });
    req.pipe(body);
    onStop(() => {
      req.unpipe(body);
      if (!body.writableEnded) body.end();
    });
    return this.store.write(body.pipe(new StreamLimiter(limit)), storeId, offset);
  }

  /** The object was completed in place under its key; drop the store's own objects. */
  async place(row: PendingUploadRow): Promise<FinishedBytes> {
    const upload = await this.store.getUpload(row.key).catch(() => undefined);
    if (upload && upload.offset !== row.size)
      throw conflict(`The upload is not complete: ${upload.offset} of ${row.size} bytes arrived.`);
    const stat = await this.storage.stat(row.key);
    if (!stat)
      throw upload ? conflict('The upload is not complete yet.') : notFound('The bytes of this upload are gone.');
    if (stat.size !== row.size)
      throw conflict(`The stored object has ${stat.size} bytes, not the ${row.size} declared.`);
    const sha256 = this.hashes.digest(row.key, row.size) ?? null;
    if (upload) await this.store.forget(row.key);
    return { size: stat.size, sha256 };
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

  async close(): Promise<void> {}
}
