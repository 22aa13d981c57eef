// The upload queue's numbers (spec part 2, 9) as plain values: the web app's first load reads
// them without the zod schemas of uploads.ts.

const MB = 1024 ** 2;

/** Uploads running at once; 1 in the cases of part 2, 4 (part 2, 9). */
export const UPLOAD_CONCURRENCY = 3;
/** Delays between resumable retries (part 2, 9). */
export const RESUMABLE_RETRY_DELAYS_MS = [3000, 5000, 10_000, 30_000] as const;
/** Files from this size go resumable unless disabled (part 2, 4 and 9). */
export const RESUMABLE_MIN_BYTES = 2 * MB;
/** Direct uploads from this size go multipart (part 2, 4 and 9). */
export const MULTIPART_MIN_BYTES = 100 * MB;
/** Smallest multipart part (part 2, 9); larger files use ceil(size / MULTIPART_MAX_PARTS). */
export const MULTIPART_MIN_PART_BYTES = 20 * MB;
/** S3's limit of parts in one multipart upload. */
export const MULTIPART_MAX_PARTS = 10_000;
/** Part addresses signed per batch-sign call (part 2, 9). */
export const MULTIPART_SIGN_BATCH = 10;
/** Parts uploaded in parallel (part 2, 9). */
export const MULTIPART_PARTS_IN_FLIGHT = 5;
/** Tries per chunk or part request (part 2, 9). */
export const UPLOAD_CHUNK_TRIES = 3;
/** Progress-idle timeout (part 2, 9) and its message (part 2, 8). */
export const UPLOAD_IDLE_TIMEOUT_MS = 300_000_000;
export const UPLOAD_TIMEOUT_MESSAGE = 'Upload timed out';
/** Default resumable chunk (the setting uploads.chunk_size): a multiple of the tus S3 store's 8 MiB parts. */
export const DEFAULT_RESUMABLE_CHUNK_BYTES = 64 * MB;
/** The resumable endpoint, under the api/v1 prefix (part 2, 7). */
export const TUS_ENDPOINT_PATH = 'tus/upload';

/** Part size of a direct multipart upload of `size` bytes (part 2, 9). */
export function multipartPartSize(size: number): number {
  return Math.max(MULTIPART_MIN_PART_BYTES, Math.ceil(size / MULTIPART_MAX_PARTS));
}
