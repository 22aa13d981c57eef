import { describe, expect, it } from 'vitest';
import { findTypeAheadMatch, TypeAheadBuffer } from './type-ahead.ts';

const labels = ['Profile', 'Billing', 'Dark mode', 'Log out', 'Dashboard'];

describe('findTypeAheadMatch', () => {
  it('finds the next item starting with the typed text', () => {
    expect(findTypeAheadMatch(labels, 'd', -1)).toBe(2);
    expect(findTypeAheadMatch(labels, 'd', 2)).toBe(4);
    expect(findTypeAheadMatch(labels, 'da', 2)).toBe(2);
    expect(findTypeAheadMatch(labels, 'das', 2)).toBe(4);
  });

  it('cycles when one character is repeated', () => {
    expect(findTypeAheadMatch(labels, 'dd', 2)).toBe(4);
    expect(findTypeAheadMatch(labels, 'ddd', 4)).toBe(2);
  });

  it('returns -1 without a match', () => {
    expect(findTypeAheadMatch(labels, 'z', 0)).toBe(-1);
    expect(findTypeAheadMatch([], 'a', 0)).toBe(-1);
  });
});

describe('TypeAheadBuffer', () => {
  it('forgets the typed text 500 ms after the last key', () => {
    const scheduled: Array<{ fn: () => void; ms: number }> = [];
    const sut = new TypeAheadBuffer({ setTimeout: (fn, ms) => scheduled.push({ fn, ms }), clearTimeout: () => {} });
    expect(sut.push('d')).toBe('d');
    expect(sut.push('a')).toBe('da');
    expect(scheduled.at(-1)?.ms).toBe(500);
    scheduled.at(-1)?.fn();
    expect(sut.value).toBe('');
  });
});
