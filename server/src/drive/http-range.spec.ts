import { describe, expect, it } from 'vitest';
import { etagMatches, ifRangeHolds, isNotModified, parseRange } from './http-range.ts';

describe('parseRange', () => {
  it('reads a closed, an open and a suffix range', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
  });

  it('clips an end past the file and a suffix longer than it', () => {
    expect(parseRange('bytes=10-5000', 1000)).toEqual({ start: 10, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('says unsatisfiable for a start past the end or an empty suffix', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-4', 1000)).toBe('unsatisfiable');
  });

  it('serves the whole file for several ranges, other units or garbage', () => {
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeUndefined();
    expect(parseRange('items=0-1', 1000)).toBeUndefined();
    expect(parseRange('bytes=-', 1000)).toBeUndefined();
    expect(parseRange(undefined, 1000)).toBeUndefined();
  });
});

describe('conditional requests', () => {
  const date = new Date('2026-01-02T03:04:05.678Z');
  it('matches ETags weakly for If-None-Match', () => {
    expect(etagMatches('"a", W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"x"')).toBe(true);
    expect(etagMatches('"a"', '"b"')).toBe(false);
  });

  it('prefers If-None-Match over If-Modified-Since', () => {
    expect(isNotModified({ ifNoneMatch: '"x"', ifModifiedSince: date.toUTCString() }, '"y"', date)).toBe(false);
    expect(isNotModified({ ifModifiedSince: date.toUTCString() }, '"y"', date)).toBe(true);
    expect(isNotModified({ ifModifiedSince: new Date(date.getTime() - 2000).toUTCString() }, '"y"', date)).toBe(false);
  });

  it('keeps a range only while If-Range still holds', () => {
    expect(ifRangeHolds('"x"', '"x"', date)).toBe(true);
    expect(ifRangeHolds('"old"', '"x"', date)).toBe(false);
    expect(ifRangeHolds(date.toUTCString(), '"x"', date)).toBe(true);
    expect(ifRangeHolds(undefined, '"x"', date)).toBe(true);
  });
});
