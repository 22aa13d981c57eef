import { pipeline, type Readable } from 'node:stream';
import { S3Store, type Options } from '@tus/s3-store';
import { ERRORS } from '@tus/server';
import type { RunningHashes } from './running-hashes.ts';
import { tusContext } from './tus-context.ts';

const isMissing = (error: unknown) => ['NoSuchKey', 'NoSuchUpload', 'NotFound'].includes((error as { name?: string })?.name ?? '');
/** The prefix of the store's own objects (upload info, incomplete part): never under entries/. */
export const TUS_S3_PREFIX = 'tus/';
const uuidOf = (id: string) => id.slice(id.lastIndexOf('/') + 1);

/**
 * @tus/s3-store writing each upload as a multipart upload straight under the entry key the
 * server minted (entries/xx/uuid): the object is completed in place, so finishing the upload
 * copies nothing. Its info and incomplete-part objects live under tus/. Plus the running
 * SHA-256 of each upload; single deletes (RGW does not take DeleteObjects with CRC32 checksums).
 */
export class S3TusStore extends S3Store {
  private readonly hashes: RunningHashes;
  constructor(options: Options, hashes: RunningHashes) {
    super(options);
    this.hashes = hashes;
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  protected override infoKey(id: string): string {
    return `${TUS_S3_PREFIX}${uuidOf(id)}.info`;
  }

  protected override partKey(id: string, isIncomplete = false): string {
    return isIncomplete ? `${TUS_S3_PREFIX}${uuidOf(id)}.part` : id;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const run = this.hashes.begin(id, offset, [], tusContext.getStore()?.onActivity);
    const source = pipeline(readable, run.stream, () => undefined);
    try {
      const newOffset = await super.write(source, id, offset);
      run.settle(newOffset);
      return newOffset;
    } catch (error) {
      run.settle(null);
      throw error;
    }
  }

  override async remove(id: string): Promise<void> {
    this.hashes.forget(id);
    let uploadId: string | undefined;
    try {
      uploadId = (await this.getMetadata(id))['upload-id'];
    } catch (error) {
      if (isMissing(error)) throw ERRORS.FILE_NOT_FOUND;
      throw error;
    }
    if (uploadId) {
      await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId }).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    }
    await this.forget(id);
    await tusContext.getStore()?.onRemoved?.();
  }

  /** Deletes the store's own objects of an upload (its bytes stay under the key). */
  async forget(id: string): Promise<void> {
    this.hashes.forget(id);
    for (const key of [this.infoKey(id), this.partKey(id, true)]) await this.client.deleteObject({ Bucket: this.bucket, Key: key });
    await this.clearCache(id);
  }

  /** Upload ids (uuids) of info objects with their last change, for the sweep of leftovers. */
  async *listUploads(): AsyncIterable<{ id: string; modified: Date }> {
    let token: string | undefined;
    do {
      const res = await this.client.listObjectsV2({ Bucket: this.bucket, Prefix: TUS_S3_PREFIX, ContinuationToken: token });
      for (const o of res.Contents ?? []) {
        if (o.Key?.endsWith('.info')) yield { id: o.Key.slice(TUS_S3_PREFIX.length, -'.info'.length), modified: o.LastModified ?? new Date(0) };
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }
}
