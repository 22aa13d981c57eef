import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { HashingStream } from './hashing-stream.ts';
import { assertValidKey } from './keys.ts';
import { StagedMultipartUpload } from './s3-multipart.ts';
import {
  ObjectNotFoundError,
  type ListedObject,
  type ObjectStat,
  type PresignOptions,
  type PutOptions,
  type StagedObject,
  type StorageDriver,
  type WrittenObject,
} from './storage-driver.ts';

export type S3DriverOptions = { endpoint?: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };

const GIB = 1024 ** 3;
/** Largest object one CopyObject may copy; bigger ones are copied part by part. */
const MAX_SINGLE_COPY = 5 * GIB;
const COPY_PART = GIB;
const DELETE_CONCURRENCY = 8;

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

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
    return { key, size: hasher.byteCount, sha256: hasher.sha256, commit: () => upload.complete(), discard: () => upload.abort() };
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
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: source, ContentLength: size, ContentType: options.contentType }));
    } else {
      const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key: key, Body: source, ContentType: options.contentType }, partSize: 16 * 1024 ** 2, queueSize: 3 });
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
      throw isMissing(error) ? new ObjectNotFoundError(key) : error;
    }
  }

  async stat(key: string): Promise<ObjectStat | undefined> {
    assertValidKey(key);
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: res.ContentLength ?? 0, lastModified: res.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Single deletes, several at a time: DeleteObjects needs a Content-MD5 that not every store accepts in place of CRC32. */
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
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: targetKey }));
    try {
      const parts: Array<{ PartNumber: number; ETag: string }> = [];
      for (let start = 0, n = 1; start < stat.size; start += COPY_PART, n++) {
        const end = Math.min(start + COPY_PART, stat.size) - 1;
        const res = await this.client.send(
          new UploadPartCopyCommand({ Bucket: this.bucket, Key: targetKey, UploadId, PartNumber: n, CopySource: source, CopySourceRange: `bytes=${start}-${end}` }),
        );
        parts.push({ PartNumber: n, ETag: res.CopyPartResult!.ETag! });
      }
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: targetKey, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: targetKey, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const res = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of res.Contents ?? []) yield { key: o.Key!, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) };
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  /** Aborts multipart uploads (staged writes) that were never committed or discarded. */
  async sweepStaging(olderThanMs: number): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const res = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }));
      for (const u of res.Uploads ?? []) {
        if (!u.Initiated || u.Initiated.getTime() >= cutoff) continue;
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId })).catch(() => undefined);
        removed++;
      }
      keyMarker = res.IsTruncated ? res.NextKeyMarker : undefined;
      uploadIdMarker = res.IsTruncated ? res.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return removed;
  }

  async presignGet(key: string, options: PresignOptions = {}): Promise<string> {
    assertValidKey(key);
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentType: options.contentType, ResponseContentDisposition: options.contentDisposition });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds ?? 900 });
  }

  async presignPut(key: string, options: PresignOptions = {}): Promise<string> {
    assertValidKey(key);
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: options.contentType });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds ?? 900 });
  }
}
