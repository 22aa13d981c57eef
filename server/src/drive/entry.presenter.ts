import { API_PREFIX, type FileEntry, type FileType } from '@kosh/contracts';
import type { EntryRow } from './file-entries.repository.ts';

/** Where an entry's bytes download from: the address the client reads as `url` (spec part 2, 3). */
export const downloadUrlOf = (hash: string) => `/${API_PREFIX}/file-entries/${hash}/download`;

/** The answer shape of an entry; `starred` says which entries the caller starred. */
export function presentEntry(row: EntryRow, starred: ReadonlySet<number> = new Set()): FileEntry {
  const isFolder = row.is_folder === 1;
  return {
    id: row.id,
    hash: row.hash,
    name: row.name,
    type: row.type as FileType,
    mime: row.mime,
    extension: row.extension,
    file_size: Number(row.file_size),
    url: isFolder ? null : downloadUrlOf(row.hash),
    thumbnail_url: row.thumbnail ? `/${API_PREFIX}/file-entries/${row.hash}/thumbnail` : null,
    parent_id: row.parent_id,
    path: row.path,
    sha256: row.sha256,
    owner_id: row.owner_id,
    workspace_id: row.workspace_id ?? 0,
    is_starred: starred.has(row.id),
    deleted_at: row.deleted_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
