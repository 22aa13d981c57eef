/** A satisfiable byte range, inclusive at both ends. */
export type ByteRange = { start: number; end: number };

/**
 * Reads a Range header for one range (RFC 9110 14.2): "bytes=0-99", "bytes=100-", "bytes=-100".
 * Answers undefined to serve the whole file (no header, several ranges, other units, garbage)
 * and 'unsatisfiable' when the range lies outside the file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Does If-None-Match name this ETag (weak comparison, as for GET)? */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/**
 * Should the conditional GET answer 304? If-None-Match wins over If-Modified-Since
 * (RFC 9110 13.2.2); dates compare at one-second precision, as HTTP dates carry.
 */
export function isNotModified(
  headers: { ifNoneMatch?: string; ifModifiedSince?: string },
  etag: string,
  lastModified: Date,
): boolean {
  if (headers.ifNoneMatch) return etagMatches(headers.ifNoneMatch, etag);
  if (!headers.ifModifiedSince) return false;
  const since = Date.parse(headers.ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

/** If-Range: the range applies only while the validator still matches (strong ETag or exact date). */
export function ifRangeHolds(header: string | undefined, etag: string, lastModified: Date): boolean {
  if (!header) return true;
  if (header.startsWith('"') || header.startsWith('W/')) return header === etag && !etag.startsWith('W/');
  const date = Date.parse(header);
  return !Number.isNaN(date) && Math.floor(date / 1000) === Math.floor(lastModified.getTime() / 1000);
}
