import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { isMissingObject } from '../http/driver-errors.ts';
import { answered } from './s3-answer.ts';

const MIB = 1024 * 1024;
/** S3's floor for every part but the last. */
const MIN_PART = 8 * MIB;
const MAX_PARTS = 10_000;
/** Parts in flight at once: memory is about (CONCURRENCY + 1) x part size. */
const CONCURRENCY = 3;

/** Part size for a known length; unknown lengths grow the size as parts accumulate. */
function partSizeFor(partNumber: number, knownSize?: number): number {
  if (knownSize !== undefined) return Math.max(MIN_PART, Math.ceil(knownSize / (MAX_PARTS - 1)));
  // 8 MiB for the first 1,000 parts (8 GB), then doubling every 1,000: reaches terabytes within 10,000 parts.
  return MIN_PART * 2 ** Math.floor((partNumber - 1) / 1000);
}

/**
 * A multipart upload left open: the parts are stored but no object exists until
 * complete(). That is the S3 staging place: nothing is readable under the key before
 * the caller commits, and an abandoned upload is aborted by the staging sweep.
 */
export class StagedMultipartUpload {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly key: string;
  private uploadId: string | undefined;
  private readonly parts: Array<{ PartNumber: number; ETag: string }> = [];

  constructor(client: S3Client, bucket: string, key: string) {
    this.client = client;
    this.bucket = bucket;
    this.key = key;
  }

  /** Reads the stream into parts and uploads them, a few at a time. */
  async write(body: AsyncIterable<Buffer>, options: { size?: number; contentType?: string }): Promise<void> {
    const created = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, ContentType: options.contentType }),
    );
    this.uploadId = answered(created.UploadId, 'the id of a new multipart upload');
    const inFlight = new Set<Promise<void>>();
    let failure: unknown;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let partNumber = 1;
    const flush = async () => {
      const buffer = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const number = partNumber++;
      const task = this.uploadPart(number, buffer).then(
        () => void inFlight.delete(task),
        (error: unknown) => {
          failure ??= error;
          inFlight.delete(task);
        },
      );
      inFlight.add(task);
      if (inFlight.size >= CONCURRENCY) await Promise.race(inFlight);
      if (failure) throw failure;
    };
    try {
      for await (const chunk of body) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= partSizeFor(partNumber, options.size)) await flush();
      }
      // An empty stream still needs one (empty) part: S3 refuses to complete with none.
      if (pendingBytes > 0 || partNumber === 1) await flush();
    } finally {
      // Let parts in flight settle before the caller completes or aborts.
      await Promise.all(inFlight);
    }
    if (failure) throw failure;
  }

  async complete(): Promise<void> {
    const parts = [...this.parts].sort((a, b) => a.PartNumber - b.PartNumber);
    // RGW answers an empty ETag here (DESIGN.md); nothing reads it.
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: this.key,
        UploadId: this.uploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
  }

  async abort(): Promise<void> {
    if (!this.uploadId) return;
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId }),
      );
    } catch (error) {
      // RGW answers an unknown upload id with 404 NoSuchKey: already gone is what we wanted.
      if (!isMissingObject(error)) throw error;
    }
  }

  private async uploadPart(partNumber: number, body: Buffer): Promise<void> {
    const res = await this.client.send(
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: this.key,
        UploadId: this.uploadId,
        PartNumber: partNumber,
        Body: body,
        ContentLength: body.length,
      }),
    );
    this.parts.push({ PartNumber: partNumber, ETag: answered(res.ETag, 'the ETag of an uploaded part') });
  }
}
