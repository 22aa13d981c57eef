import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline, Transform, type Readable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { S3Store, type Options } from '@tus/s3-store';
import { ERRORS } from '@tus/server';
import { isMissingObject as isMissing } from '../../http/driver-errors.ts';
import type { RunningHashes } from './running-hashes.ts';
import { tusContext, tusError, type UploadChecksum } from './tus-context.ts';

/** The most a PATCH with Upload-Checksum may carry on S3: it is held on local disk until verified. */
export const S3_CHECKSUM_MAX_BYTES = 64 * 1024 * 1024;
/** 460 is the tus checksum extension's answer to a body whose checksum differs. */
const CHECKSUM_MISMATCH = 460;

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
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration', 'checksum'];
  }

  protected override infoKey(id: string): string {
    return `${TUS_S3_PREFIX}${uuidOf(id)}.info`;
  }

  protected override partKey(id: string, isIncomplete = false): string {
    return isIncomplete ? `${TUS_S3_PREFIX}${uuidOf(id)}.part` : id;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const checksum = tusContext.getStore()?.checksum;
    return checksum ? this.writeChecked(readable, id, offset, checksum) : this.writeParts(readable, id, offset);
  }

  /**
   * The checksum extension. @tus/s3-store uploads each part of a PATCH while its body is still
   * arriving, completes the object with the last one, and counts the offset from the parts S3
   * lists; a part cannot be taken back out of a multipart upload. So a PATCH that carries
   * Upload-Checksum is held in a temp file (at most S3_CHECKSUM_MAX_BYTES, else 413) and
   * checked first: nothing of a body whose checksum differs reaches S3 (460).
   */
  private async writeChecked(
    readable: Readable,
    id: string,
    offset: number,
    checksum: UploadChecksum,
  ): Promise<number> {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'kosh-tus-checksum-'));
    const file = path.join(dir, 'body');
    try {
      const hash = createHash(checksum.algorithm);
      let size = 0;
      const checking = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > S3_CHECKSUM_MAX_BYTES)
            return callback(
              Object.assign(
                new Error('Upload-Checksum body too large'),
                tusError(413, `A PATCH with Upload-Checksum may carry at most ${S3_CHECKSUM_MAX_BYTES} bytes here.\n`),
              ),
            );
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      await pipelineAsync(readable, checking, fs.createWriteStream(file));
      if (hash.digest('base64') !== checksum.digest) throw tusError(CHECKSUM_MISMATCH, 'Checksum Mismatch\n');
      return await this.writeParts(fs.createReadStream(file), id, offset);
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  private async writeParts(readable: Readable, id: string, offset: number): Promise<number> {
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
      await this.client
        .abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId })
        .catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        });
    }
    await this.forget(id);
    await tusContext.getStore()?.onRemoved?.();
  }

  /** Deletes the store's own objects of an upload (its bytes stay under the key). */
  async forget(id: string): Promise<void> {
    this.hashes.forget(id);
    for (const key of [this.infoKey(id), this.partKey(id, true)])
      await this.client.deleteObject({ Bucket: this.bucket, Key: key });
    await this.clearCache(id);
  }

  /** Upload ids (uuids) of info objects with their last change, for the sweep of leftovers. */
  async *listUploads(): AsyncIterable<{ id: string; modified: Date }> {
    let token: string | undefined;
    do {
      const res = await this.client.listObjectsV2({
        Bucket: this.bucket,
        Prefix: TUS_S3_PREFIX,
        ContinuationToken: token,
      });
      for (const o of res.Contents ?? []) {
        if (o.Key?.endsWith('.info'))
          yield { id: o.Key.slice(TUS_S3_PREFIX.length, -'.info'.length), modified: o.LastModified ?? new Date(0) };
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }
}
