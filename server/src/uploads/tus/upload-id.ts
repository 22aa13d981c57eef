import type { PendingUploadRow } from '../pending-uploads.repository.ts';

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The upload id (a UUID) at the end of an upload URL, or the id itself. */
export function uploadIdOf(value: string): string | undefined {
  const last = value.split('?')[0].replace(/\/+$/, '').split('/').pop() ?? '';
  return UUID_RE.test(last) ? last : undefined;
}

/** The UUID of a pending tus upload: its upload id, which also ends its entry key. */
export const uuidOfRow = (row: Pick<PendingUploadRow, 'upload_id' | 'key'>): string =>
  row.upload_id ?? row.key.slice(row.key.lastIndexOf('/') + 1);
