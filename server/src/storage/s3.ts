import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetBucketCorsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  type ObjectCannedACL,
  PutBucketCorsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { isMissingObject } from '../http/driver-errors.ts';
import { HashingStream } from './hashing-stream.ts';
import { assertValidKey } from './keys.ts';
import { answered } from './s3-answer.ts';
import { StagedMultipartUpload } from './s3-multipart.ts';
import { allowsUploads, type CorsRule, withUploadOrigin } from './s3-cors.ts';
import {
  ObjectNotFoundError,
  type ListedObject,
  type ObjectStat,
  type PresignOptions,
  type PutOptions,
  type StagedObject,
  type StorageDriver,
  type UploadedPart,
  type KeepKeys,
  type WrittenObject,
} from './storage-driver.ts';

export type S3DriverOptions = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

const GIB = 1024 ** 3;
/** Largest object one CopyObject may copy; bigger ones are copied part by part. */
const MAX_SINGLE_COPY = 5 * GIB;
const COPY_PART = GIB;
const DELETE_CONCURRENCY = 8;

/** Any S3-compatible store (AWS, MinIO, Ceph RGW, R2): one bucket, objects named by generated keys. */
export class S3StorageDriver implements StorageDriver {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(options: S3DriverOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Stores other than AWS (RGW among them) reject or mis-handle the SDK's default CRC32 trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async putStaged(key: string, body: Readable, options: PutOptions = {}): Promise<StagedObject> {
    assertValidKey(key);
    const hasher = new HashingStream(options.maxBytes);
    const upload = new StagedMultipartUpload(this.client, this.bucket, key);
    try {
      // pipeline tears both streams down on an error anywhere (maxBytes, S3, a broken client).
      await pipeline(body, hasher, (source: AsyncIterable<Buffer>) => upload.write(source, options));
    } catch (error) {
      await upload.abort().catch(() => undefined);
      throw error;
    }
    return {
      key,
      size: hasher.byteCount,
      sha256: hasher.sha256,
      commit: () => upload.complete(),
      discard: () => upload.abort(),
    };
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<WrittenObject> {
    assertValidKey(key);
    const hasher = new HashingStream(options.maxBytes);
    const size = Buffer.isBuffer(body) ? body.length : options.size;
    const input = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    input.once('error', (error) => hasher.destroy(error));
    const source = input.pipe(hasher);
    if (size !== undefined && size <= MAX_SINGLE_COPY) {
      // RGW needs a ContentLength on stream bodies (DESIGN.md).
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: source,
          ContentLength: size,
          ContentType: options.contentType,
        }),
      );
    } else {
      const upload = new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: key, Body: source, ContentType: options.contentType },
        partSize: 16 * 1024 ** 2,
        queueSize: 3,
      });
      await upload.done();
    }
    return { size: hasher.byteCount, sha256: hasher.sha256 };
  }

  async getRange(key: string, start?: number, end?: number): Promise<Readable> {
    assertValidKey(key);
    const range = start === undefined && end === undefined ? undefined : `bytes=${start ?? 0}-${end ?? ''}`;
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range }));
      return res.Body as Readable;
    } catch (error) {
      throw isMissingObject(error) ? new ObjectNotFoundError(key) : error;
    }
  }

  async stat(key: string): Promise<ObjectStat | undefined> {
    assertValidKey(key);
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: res.ContentLength ?? 0, lastModified: res.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * Single deletes, several at a time: DeleteObjects needs a Content-MD5 that not every store
   * accepts in place of CRC32.
   */
  async deleteMany(keys: string[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < keys.length) await this.delete(keys[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, keys.length) }, worker));
  }

  async copy(sourceKey: string, targetKey: string): Promise<void> {
    assertValidKey(sourceKey);
    assertValidKey(targetKey);
    const stat = await this.stat(sourceKey);
    if (!stat) throw new ObjectNotFoundError(sourceKey);
    const source = `${this.bucket}/${sourceKey}`;
    if (stat.size <= MAX_SINGLE_COPY) {
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: targetKey, CopySource: source }));
      return;
    }
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: targetKey }),
    );
    try {
      const parts: Array<{ PartNumber: number; ETag: string }> = [];
      for (let start = 0, n = 1; start < stat.size; start += COPY_PART, n++) {
        const end = Math.min(start + COPY_PART, stat.size) - 1;
        const res = await this.client.send(
          new UploadPartCopyCommand({
            Bucket: this.bucket,
            Key: targetKey,
            UploadId,
            PartNumber: n,
            CopySource: source,
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        parts.push({ PartNumber: n, ETag: answered(res.CopyPartResult?.ETag, 'the ETag of a copied part') });
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: targetKey,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: targetKey, UploadId }))
        .catch(() => undefined);
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of res.Contents ?? [])
        yield {
          key: answered(o.Key, 'the key of a listed object'),
          size: o.Size ?? 0,
          lastModified: o.LastModified ?? new Date(0),
        };
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * Aborts multipart uploads (staged writes) that were never committed or discarded; those of
   * uploads still in flight (direct and tus uploads, named by `keep`) stay.
   */
  async sweepStaging(olderThanMs: number, keep?: KeepKeys): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const res = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
      );
      const uploads = (res.Uploads ?? []).map((u) => ({ ...u, Key: answered(u.Key, 'the key of a multipart upload') }));
      const kept = keep ? await keep(uploads.map((u) => u.Key)) : new Set<string>();
      for (const u of uploads) {
        if (!u.Initiated || u.Initiated.getTime() >= cutoff || kept.has(u.Key)) continue;
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId }))
          .catch(() => undefined);
        removed++;
      }
      keyMarker = res.IsTruncated ? res.NextKeyMarker : undefined;
      uploadIdMarker = res.IsTruncated ? res.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return removed;
  }

  async presignGet(key: string, options: PresignOptions = {}): Promise<string> {
    assertValidKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.contentDisposition,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds ?? 900 });
  }

  async browserUploadOrigins(): Promise<string[]> {
    const rules = await this.corsRules();
    return [...new Set(rules.flatMap((r) => r.AllowedOrigins.filter((o) => allowsUploads(r, o))))];
  }

  async allowBrowserUploads(origin: string): Promise<void> {
    const rules = withUploadOrigin(await this.corsRules(), origin);
    await this.client.send(new PutBucketCorsCommand({ Bucket: this.bucket, CORSConfiguration: { CORSRules: rules } }));
  }

  /** The bucket's CORS rules; a bucket without any answers NoSuchCORSConfiguration. */
  private async corsRules(): Promise<CorsRule[]> {
    try {
      const answer = await this.client.send(new GetBucketCorsCommand({ Bucket: this.bucket }));
      return (answer.CORSRules ?? []).map((r) => ({
        ...r,
        AllowedOrigins: r.AllowedOrigins ?? [],
        AllowedMethods: r.AllowedMethods ?? [],
      }));
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchCORSConfiguration') return [];
      throw error;
    }
  }

  async presignPut(key: string, options: PresignOptions = {}): Promise<string> {
    assertValidKey(key);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: options.contentType,
      ContentLength: options.contentLength,
      ACL: options.acl as ObjectCannedACL | undefined,
    });
    return getSignedUrl(this.client, command, {
      expiresIn: options.expiresInSeconds ?? 900,
      // Signed headers: the store refuses a PUT whose length, type or ACL differ from these.
      signableHeaders: new Set([
        ...(options.contentType ? ['content-type'] : []),
        ...(options.contentLength !== undefined ? ['content-length'] : []),
      ]),
      unhoistableHeaders: new Set(options.acl ? ['x-amz-acl'] : []),
    });
  }

  async createMultipartUpload(key: string, options: { contentType?: string } = {}): Promise<string> {
    assertValidKey(key);
    const res = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: options.contentType }),
    );
    return answered(res.UploadId, 'the id of a new multipart upload');
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    assertValidKey(key);
    const parts: UploadedPart[] = [];
    let marker: string | undefined;
    try {
      do {
        const res = await this.client.send(
          new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
        );
        for (const p of res.Parts ?? [])
          parts.push({
            PartNumber: answered(p.PartNumber, 'the number of a listed part'),
            ETag: answered(p.ETag, 'the ETag of a listed part'),
            Size: p.Size ?? 0,
          });
        marker = res.IsTruncated ? res.NextPartNumberMarker : undefined;
      } while (marker);
    } catch (error) {
      throw isMissingObject(error) ? new ObjectNotFoundError(key) : error;
    }
    return parts.sort((a, b) => a.PartNumber - b.PartNumber);
  }

  async presignUploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    options: { expiresInSeconds?: number } = {},
  ): Promise<string> {
    assertValidKey(key);
    const command = new UploadPartCommand({
      Bucket: this.bucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: partNumber,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds ?? 3600 });
  }

  async completeMultipartUpload(
    key: string,
    uploadId: string,
    parts: Array<{ PartNumber: number; ETag: string }>,
  ): Promise<void> {
    assertValidKey(key);
    const sorted = [...parts].sort((a, b) => a.PartNumber - b.PartNumber);
    // RGW answers an empty ETag here (DESIGN.md): callers read the object back with stat().
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: sorted },
      }),
    );
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      // RGW answers an unknown upload id with 404 NoSuchKey: already gone is what was wanted.
      if (!isMissingObject(error)) throw error;
    }
  }
}
