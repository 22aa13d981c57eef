import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { FileEntry, FileEntryPage } from '@kosh/contracts';
import { cachedFolder, driveKeys } from './drive.api.ts';

const folder = (id: number, name: string) => ({ id, name, hash: `h${id}`, type: 'folder' }) as FileEntry;
const page = (entries: FileEntry[]): FileEntryPage => ({
  data: entries,
  current_page: 1,
  last_page: 1,
  per_page: 100,
  total: entries.length,
  folder: null,
});

describe('cachedFolder', () => {
  it('finds a folder in any loaded listing page, or among the ancestors of a loaded path', () => {
    const client = new QueryClient();
    client.setQueryData(driveKeys.list({ section: 'home', orderBy: 'name', orderDir: 'asc' }), {
      pages: [page([folder(1, 'Photos')]), page([folder(2, 'Taxes')])],
      pageParams: [1, 2],
    });
    client.setQueryData(driveKeys.folderPath('h9'), { folder: folder(9, 'Deep'), path: [folder(8, 'Shared plans')] });
    expect(cachedFolder(client, 'h2')?.name).toBe('Taxes');
    expect(cachedFolder(client, 'h8')?.name).toBe('Shared plans');
    expect(cachedFolder(client, 'h404')).toBeUndefined();
    expect(cachedFolder(new QueryClient(), 'h1')).toBeUndefined();
  });
});
