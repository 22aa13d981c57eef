import { describe, expect, it } from 'vitest';
import { extensionOf, foldersOfRelativePath, nameError, numberedName, zipSegment } from './names.ts';
import { isTypeAllowed } from './upload-rules.ts';

describe('nameError', () => {
  it('accepts ordinary names, spaces and unicode', () => {
    expect(nameError('Report 2024.pdf')).toBeUndefined();
    expect(nameError('फ़ाइल.txt')).toBeUndefined();
  });

  it('refuses slashes, control characters, dot names, blanks and names over 255 bytes', () => {
    expect(nameError('a/b')).toMatch(/slashes/);
    expect(nameError('a\\b')).toMatch(/slashes/);
    expect(nameError('a\u0000b')).toMatch(/control/);
    expect(nameError('a\nb')).toMatch(/control/);
    expect(nameError('..')).toMatch(/"\."/);
    expect(nameError('   ')).toMatch(/required/);
    expect(nameError('é'.repeat(128))).toMatch(/255 bytes/);
    expect(nameError('a'.repeat(255))).toBeUndefined();
  });

  it('refuses text direction overrides, isolates and marks', () => {
    for (const c of ['\u202e', '\u202a', '\u2066', '\u2069', '\u200e', '\u200f'])
      expect(nameError(`photo${c}gnp.exe`)).toMatch(/direction/);
  });
});

describe('zipSegment', () => {
  it('keeps ordinary names and makes dot names, separators and direction marks safe', () => {
    expect(zipSegment('Report 2024.pdf')).toBe('Report 2024.pdf');
    expect(zipSegment('.. ')).toBe('_');
    expect(zipSegment(' . ')).toBe('_');
    expect(zipSegment('..\\evil')).toBe('.._evil');
    expect(zipSegment('a\u202eb')).toBe('ab');
  });
});

describe('numberedName and extensionOf', () => {
  it('numbers before the extension', () => {
    expect(numberedName('report.pdf', 2)).toBe('report (2).pdf');
    expect(numberedName('folder', 1)).toBe('folder (1)');
    expect(extensionOf('archive.tar.GZ')).toBe('gz');
    expect(extensionOf('.bashrc')).toBeNull();
    expect(extensionOf('noext')).toBeNull();
  });
});

describe('foldersOfRelativePath', () => {
  it('answers the folders before the file name', () => {
    expect(foldersOfRelativePath('a/b/file.txt')).toEqual(['a', 'b']);
    expect(foldersOfRelativePath('file.txt')).toEqual([]);
    expect(foldersOfRelativePath(undefined)).toEqual([]);
    expect(foldersOfRelativePath(' a / b /file.txt')).toEqual(['a', 'b']);
  });

  it.each([
    ['../x.txt'],
    ['a/../../x.txt'],
    ['./x'],
    ['.. /x.txt'],
    [' ../x.txt'],
    ['a/ . /x.txt'],
    ['a/\u202eb/x.txt'],
    ['/etc/passwd'],
    ['C:/x.txt'],
    ['a\\b.txt'],
    ['a\u0000/b.txt'],
    ['a//b.txt'],
    [`${'a/'.repeat(3000)}x`],
  ])('refuses %j', (p) => {
    expect(() => foldersOfRelativePath(p)).toThrow(/relative path is not valid/);
  });
});

describe('isTypeAllowed', () => {
  const file = (extension: string | null, mime: string) => ({ extension, mimes: [mime] });
  it('blocks by extension and by MIME pattern with a wildcard', () => {
    const rules = { maxSize: 0, allowedTypes: [], blockedTypes: ['exe', 'video/*'] };
    expect(isTypeAllowed(rules, file('exe', 'application/x-msdownload'))).toBe(false);
    expect(isTypeAllowed(rules, file('mp4', 'video/mp4'))).toBe(false);
    expect(isTypeAllowed(rules, file('pdf', 'application/pdf'))).toBe(true);
  });

  it('allows only what an allow list names', () => {
    const rules = { maxSize: 0, allowedTypes: ['image/*', '.pdf'], blockedTypes: [] };
    expect(isTypeAllowed(rules, file('png', 'image/png'))).toBe(true);
    expect(isTypeAllowed(rules, file('pdf', 'application/pdf'))).toBe(true);
    expect(isTypeAllowed(rules, file('txt', 'text/plain'))).toBe(false);
  });
});
