import { describe, expect, it } from 'vitest';
import { auditDiff, formatAuditValue } from './audit-diff.ts';

describe('auditDiff', () => {
  it('lines up the fields of both sides and marks those that changed', () => {
    const rows = auditDiff(
      { first_name: 'Asha', banned_at: null, roles: ['users'] },
      { first_name: 'Asha', banned_at: '2026-01-02T00:00:00.000Z', roles: ['users', 'editors'] },
    );
    expect(rows).toEqual([
      { key: 'first_name', before: 'Asha', after: 'Asha', isChanged: false },
      { key: 'banned_at', before: 'null', after: '2026-01-02T00:00:00.000Z', isChanged: true },
      { key: 'roles', before: '[\n  "users"\n]', after: '[\n  "users",\n  "editors"\n]', isChanged: true },
    ]);
  });

  it('shows a created record as fields with nothing before', () => {
    expect(auditDiff(null, { email: 'a@x.in' })).toEqual([{ key: 'email', after: 'a@x.in', isChanged: true }]);
  });

  it('shows a deleted record as fields with nothing after', () => {
    expect(auditDiff({ email: 'a@x.in' }, null)).toEqual([{ key: 'email', before: 'a@x.in', isChanged: true }]);
  });

  it('tells a field that appeared from one that was null', () => {
    expect(auditDiff({}, { reason: null })).toEqual([{ key: 'reason', after: 'null', isChanged: true }]);
  });

  it('reads a side that is not an object as one unnamed field', () => {
    expect(auditDiff('old text', 'new text')).toEqual([
      { key: '', before: 'old text', after: 'new text', isChanged: true },
    ]);
  });

  it('opens nested objects into dotted fields, an absent object meaning none of its fields', () => {
    expect(auditDiff({ suspension: null }, { suspension: { until: '2031-03-15', reason: 'spam' } })).toEqual([
      { key: 'suspension.until', after: '2031-03-15', isChanged: true },
      { key: 'suspension.reason', after: 'spam', isChanged: true },
    ]);
    expect(auditDiff({ s: { until: 'a', reason: 'r' } }, { s: { until: 'b', reason: 'r' } })).toEqual([
      { key: 's.until', before: 'a', after: 'b', isChanged: true },
      { key: 's.reason', before: 'r', after: 'r', isChanged: false },
    ]);
  });

  it('keeps a field whole when one side is an object and the other a value', () => {
    expect(auditDiff({ limit: 5 }, { limit: { bytes: 5 } })).toEqual([
      { key: 'limit', before: '5', after: '{\n  "bytes": 5\n}', isChanged: true },
    ]);
  });

  it('has no fields when neither side has any', () => {
    expect(auditDiff(null, null)).toEqual([]);
  });
});

describe('formatAuditValue', () => {
  it('keeps text as it is and writes the rest as JSON', () => {
    expect(formatAuditValue('Asha')).toBe('Asha');
    expect(formatAuditValue(5)).toBe('5');
    expect(formatAuditValue(false)).toBe('false');
    expect(formatAuditValue({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});
