import { describe, expect, it } from 'vitest';
import { expiredLogFiles } from './log-settings.ts';

describe('expiredLogFiles', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const names = [
    'kosh.log',
    'error.log',
    'kosh-2026-11-26-0.log',
    'kosh-2026-11-13-0.log',
    'kosh-2026-11-12-2.log',
    'error-2026-10-01-0.log',
    'notes.txt',
    'kosh-latest.log',
  ];

  it('picks the rotated files whose day is older than the retention', () => {
    expect(expiredLogFiles(names, now, 14)).toEqual(['kosh-2026-11-12-2.log', 'error-2026-10-01-0.log']);
    expect(expiredLogFiles(names, now, 1)).toEqual([
      'kosh-2026-11-13-0.log',
      'kosh-2026-11-12-2.log',
      'error-2026-10-01-0.log',
    ]);
  });

  it('never touches the live files or files of another shape', () => {
    expect(expiredLogFiles(names, now, 1)).not.toContain('kosh.log');
    expect(expiredLogFiles(['notes.txt', 'kosh-latest.log'], now, 1)).toEqual([]);
  });
});
