import { describe, expect, it } from 'vitest';
import { readDroppedSources, type EntryLike } from './dropped-files.ts';

const fileEntry = (fullPath: string): EntryLike => ({
  isFile: true,
  isDirectory: false,
  fullPath,
  file: (ok) => ok(new File(['x'], fullPath.split('/').pop()!)),
});
/** A directory whose reader answers in batches of two, like Chromium's batches of 100. */
const dirEntry = (fullPath: string, children: EntryLike[]): EntryLike => ({
  isFile: false,
  isDirectory: true,
  fullPath,
  createReader: () => {
    let at = 0;
    return {
      readEntries: (ok) => {
        at += 2;
        ok(children.slice(at - 2, at));
      },
    };
  },
});
const item = (entry: EntryLike | null, file: File | null = null) => ({
  kind: 'file',
  webkitGetAsEntry: () => entry,
  getAsFile: () => file,
});

describe('readDroppedSources', () => {
  it('reads dropped folders recursively, each file with its path inside the folder', async () => {
    const tree = dirEntry('/Trip', [
      fileEntry('/Trip/a.jpg'),
      fileEntry('/Trip/b.jpg'),
      dirEntry('/Trip/Day 2', [fileEntry('/Trip/Day 2/c.jpg')]),
      fileEntry('/Trip/.DS_Store'),
    ]);
    const sources = await readDroppedSources({ items: [item(fileEntry('/loose.txt')), item(tree)], files: [] });
    expect(sources.map((s) => [s.file.name, s.relativePath])).toEqual([
      ['loose.txt', undefined],
      ['a.jpg', 'Trip/a.jpg'],
      ['b.jpg', 'Trip/b.jpg'],
      ['c.jpg', 'Trip/Day 2/c.jpg'],
      ['.DS_Store', 'Trip/.DS_Store'],
    ]);
  });

  it('takes the files of a drop without entries (a data transfer built by a script)', async () => {
    const f = new File(['y'], 'y.txt');
    expect(
      (await readDroppedSources({ items: [item(null, f), { kind: 'string', getAsFile: () => null }], files: [f] })).map(
        (s) => s.file,
      ),
    ).toEqual([f]);
    expect((await readDroppedSources({ items: null, files: [f] })).map((s) => s.file)).toEqual([f]);
  });
});
