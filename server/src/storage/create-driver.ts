import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { LocalStorageDriver } from './local.ts';
import type { S3DriverOptions, S3StorageDriver } from './s3.ts';
import type { KeepKeys, PresignOptions, PutOptions, StorageDriver } from './storage-driver.ts';

/**
 * The S3 driver, loaded on first use: the AWS SDK costs some 35 MB of memory, which a
 * server on the local driver should not carry (DESIGN.md keeps the server under 200 MB).
 */
class LazyS3Driver implements StorageDriver {
  readonly kind = 's3' as const;
  private readonly options: S3DriverOptions;
  private driver: Promise<S3StorageDriver> | undefined;
  constructor(options: S3DriverOptions) {
    this.options = options;
  }

  private load(): Promise<S3StorageDriver> {
    this.driver ??= import('./s3.ts').then((m) => new m.S3StorageDriver(this.options));
    return this.driver;
  }

  async putStaged(key: string, body: Readable, options?: PutOptions) {
    return (await this.load()).putStaged(key, body, options);
  }
  async put(key: string, body: Readable | Buffer, options?: PutOptions) {
    return (await this.load()).put(key, body, options);
  }
  async getRange(key: string, start?: number, end?: number) {
    return (await this.load()).getRange(key, start, end);
  }
  async stat(key: string) {
    return (await this.load()).stat(key);
  }
  async delete(key: string) {
    return (await this.load()).delete(key);
  }
  async deleteMany(keys: string[]) {
    return (await this.load()).deleteMany(keys);
  }
  async copy(sourceKey: string, targetKey: string) {
    return (await this.load()).copy(sourceKey, targetKey);
  }
  async *list(prefix: string) {
    yield* (await this.load()).list(prefix);
  }
  async sweepStaging(olderThanMs: number, keep?: KeepKeys) {
    return (await this.load()).sweepStaging(olderThanMs, keep);
  }
  async createMultipartUpload(key: string, options?: { contentType?: string }) {
    return (await this.load()).createMultipartUpload(key, options);
  }
  async listParts(key: string, uploadId: string) {
    return (await this.load()).listParts(key, uploadId);
  }
  async presignUploadPart(key: string, uploadId: string, partNumber: number, options?: { expiresInSeconds?: number }) {
    return (await this.load()).presignUploadPart(key, uploadId, partNumber, options);
  }
  async completeMultipartUpload(key: string, uploadId: string, parts: Array<{ PartNumber: number; ETag: string }>) {
    return (await this.load()).completeMultipartUpload(key, uploadId, parts);
  }
  async abortMultipartUpload(key: string, uploadId: string) {
    return (await this.load()).abortMultipartUpload(key, uploadId);
  }
  async browserUploadOrigins() {
    return (await this.load()).browserUploadOrigins();
  }
  async allowBrowserUploads(origin: string) {
    return (await this.load()).allowBrowserUploads(origin);
  }
  async presignGet(key: string, options?: PresignOptions) {
    return (await this.load()).presignGet(key, options);
  }
  async presignPut(key: string, options?: PresignOptions) {
    return (await this.load()).presignPut(key, options);
  }
}

/** The driver STORAGE_DRIVER names: local disk under DATA_DIR/files, or the S3_* bucket. */
export function createStorageDriver(config: Config): StorageDriver {
  if (config.storageDriver === 's3') {
    const s3 = config.s3;
    return new LazyS3Driver({
      endpoint: s3.endpoint,
      region: s3.region,
      bucket: requiredForS3(s3.bucket, 'S3_BUCKET'),
      accessKeyId: requiredForS3(s3.accessKeyId, 'S3_ACCESS_KEY_ID'),
      secretAccessKey: requiredForS3(s3.secretAccessKey, 'S3_SECRET_ACCESS_KEY'),
      forcePathStyle: s3.forcePathStyle,
    });
  }
  return new LocalStorageDriver(path.join(config.dataDir, 'files'));
}

/** A variable STORAGE_DRIVER=s3 needs; loadConfig already refuses to start without it. */
export function requiredForS3(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} is required when STORAGE_DRIVER=s3`);
  return value;
}
