import { API_PREFIX, type FileEntry, type FileType } from '@kosh/contracts';
import type { EntryRow } from './file-entries.repository.ts';

/** The part of a path from `root` down, as if root were at the top: the ancestors above stay unseen. */
export function pathFrom(root: Pick<EntryRow, 'path'>, path: string): string {
  const above = root.path.slice(0, root.path.slice(0, -1).lastIndexOf('/') + 1);
  return `/${path.slice(above.length)}`;
}

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

type Person = { id: number; email: string; first_name: string | null; last_name: string | null; image: string | null };

/** The owner as an entry carries it: name (or the address's local part), email and avatar. */
export const ownerField = (owner: Person | undefined): Pick<FileEntry, 'owner'> =>
  owner
    ? {
        owner: {
          id: owner.id,
          email: owner.email,
          image: owner.image,
          name: [owner.first_name, owner.last_name].filter(Boolean).join(' ') || owner.email.split('@')[0],
        },
      }
    : {};

/**
 * An entry someone shared with the caller: their permission, the owner's name and avatar, and
 * the path from the top of the share (what is above it, and the top's parent, stay unseen).
 */
export function presentShared(
  row: EntryRow,
  starred: ReadonlySet<number>,
  shared: { level: 'view' | 'download' | 'edit'; root: EntryRow; owner: Person | undefined },
): FileEntry {
  const entry = presentEntry(row, starred);
  const { owner } = shared;
  return {
    ...entry,
    path: pathFrom(shared.root, row.path),
    parent_id: row.id === shared.root.id ? null : row.parent_id,
    permission: shared.level,
    ...ownerField(owner),
  };
}
