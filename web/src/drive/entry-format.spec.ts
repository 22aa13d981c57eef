import { describe, expect, it } from 'vitest';
import { entrySizeText, meterState, ownerLabel, splitExtension } from './entry-format.ts';

describe('entrySizeText', () => {
  it('shows a dash for folders and steps of 1024 for files', () => {
    expect(entrySizeText({ type: 'folder', file_size: 0 })).toBe('—');
    expect(entrySizeText({ type: 'image', file_size: 0 })).toBe('0 B');
    expect(entrySizeText({ type: 'image', file_size: 1023 })).toBe('1023 B');
    expect(entrySizeText({ type: 'pdf', file_size: 1536 })).toBe('1.5 KB');
    expect(entrySizeText({ type: 'video', file_size: 3.2 * 1024 ** 3 })).toBe('3.2 GB');
  });
});

describe('meterState', () => {
  it('reads "3.2 GB of 25 GB" with the share used', () => {
    const sut = meterState({ used: Math.round(3.2 * 1024 ** 3), available: 25 * 1024 ** 3 });
    expect([sut.used, sut.available, sut.isNearlyFull]).toEqual(['3.2 GB', '25 GB', false]);
    expect(sut.ratio).toBeCloseTo(0.128, 3);
  });

  it('turns danger above 90 percent, not at it, and caps the bar when over', () => {
    expect(meterState({ used: 90, available: 100 }).isNearlyFull).toBe(false);
    expect(meterState({ used: 91, available: 100 }).isNearlyFull).toBe(true);
    expect(meterState({ used: 150, available: 100 }).ratio).toBe(1);
    expect(meterState({ used: 0, available: 0 }).ratio).toBe(1);
  });

  it('has no bar for an unlimited allowance', () => {
    expect(meterState({ used: 2048, available: null })).toEqual({
      ratio: 0,
      isNearlyFull: false,
      used: '2 KB',
      available: null,
    });
  });
});

describe('splitExtension', () => {
  it('keeps the last extension apart for files only', () => {
    expect(splitExtension('report.final.pdf', false)).toEqual(['report.final', '.pdf']);
    expect(splitExtension('archive.v2', true)).toEqual(['archive.v2', '']);
    expect(splitExtension('.env', false)).toEqual(['.env', '']);
    expect(splitExtension('README', false)).toEqual(['README', '']);
    expect(splitExtension('odd.', false)).toEqual(['odd.', '']);
  });
});

describe('ownerLabel', () => {
  const trans = (text: string) => `[${text}]`;
  it('names the caller "me" and others by name, else email', () => {
    expect(ownerLabel({ owner_id: 7 }, 7, trans)).toBe('[me]');
    expect(ownerLabel({ owner_id: 8, owner: { id: 8, name: 'Ravi', email: 'r@x.in', image: null } }, 7, trans)).toBe(
      'Ravi',
    );
    expect(ownerLabel({ owner_id: 8, owner: { id: 8, name: '', email: 'r@x.in', image: null } }, 7, trans)).toBe(
      'r@x.in',
    );
    expect(ownerLabel({ owner_id: 8 }, 7, trans)).toBe('—');
  });
});
