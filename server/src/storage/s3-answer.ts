/**
 * A field the S3 API always answers (an upload id, a part's ETag, a listed object's key): its
 * absence means the store broke the protocol, and the call fails saying which field was missing.
 */
export function answered<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw new Error(`The S3 store answered without ${field}`);
  return value;
}
