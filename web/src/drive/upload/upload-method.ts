import { MULTIPART_MIN_BYTES, RESUMABLE_MIN_BYTES, type UploadSettings } from '@kosh/contracts';

export type UploadMethod = 'plain' | 'resumable' | 's3Simple' | 's3Multipart';

/**
 * The method choice of spec part 2, 4: resumable from 2 MB unless turned off; straight to S3
 * when the driver is S3 and direct upload is on (bootstrap answers direct_upload true only
 * then), multipart from 100 MB; otherwise the plain form upload.
 */
export function chooseUploadMethod(
  size: number,
  settings: Pick<UploadSettings, 'resumable' | 'direct_upload'>,
): UploadMethod {
  if (settings.resumable && size >= RESUMABLE_MIN_BYTES) return 'resumable';
  if (settings.direct_upload) return size >= MULTIPART_MIN_BYTES ? 's3Multipart' : 's3Simple';
  return 'plain';
}

/** Uploads that run alone (part 2, 4): a folder's file, a direct upload, a resumable one over one chunk. */
export function isExclusiveUpload(
  item: { method: UploadMethod; relativePath: string; size: number },
  chunkSize: number,
): boolean {
  if (item.relativePath) return true;
  if (item.method === 's3Simple' || item.method === 's3Multipart') return true;
  return item.method === 'resumable' && chunkSize > 0 && item.size > chunkSize;
}
