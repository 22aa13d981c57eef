/** The multipart upload state kept locally (part 2, 3). */
export type MultipartState = { createdAt: number; fileKey: string; uploadId: string };

/** Where the state is kept: a key built from the file's fingerprint. */
export const multipartStateKey = (fingerprint: string) => `kosh.s3-multipart.${fingerprint}`;

/** The saved state under `key`, or null when there is none or it is not one. */
export function readState(storage: Pick<Storage, 'getItem'>, key: string): MultipartState | null {
  try {
    const state = JSON.parse(storage.getItem(key) ?? 'null') as Partial<MultipartState> | null;
    return state && typeof state.fileKey === 'string' && typeof state.uploadId === 'string'
      ? (state as MultipartState)
      : null;
  } catch {
    return null;
  }
}
