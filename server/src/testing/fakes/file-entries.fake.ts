import type { ChildrenOf, EntryRow, FileEntriesRepository, NewEntry } from '../../drive/file-entries.repository.ts';

type Used = 'getById' | 'getByHash' | 'getManyByHashes' | 'findChildByName' | 'insert' | 'spaceUsed';

/** file_entries over an array, with the repository's semantics for the methods services call. */
export class FakeFileEntries implements Pick<FileEntriesRepository, Used> {
  readonly rows: EntryRow[];
  private nextId: number;
  constructor(rows: EntryRow[] = []) {
    this.rows = [...rows];
    this.nextId = Math.max(0, ...rows.map((r) => r.id)) + 1;
  }

  async getById(id: number): Promise<EntryRow | undefined> {
    return this.rows.find((r) => r.id === id);
  }

  async getByHash(hash: string): Promise<EntryRow | undefined> {
    return this.rows.find((r) => r.hash === hash);
  }

  async getManyByHashes(hashes: string[]): Promise<EntryRow[]> {
    return this.rows.filter((r) => hashes.includes(r.hash));
  }

  /** A live child with that name, compared case-insensitively. */
  async findChildByName(of: ChildrenOf, name: string): Promise<EntryRow | undefined> {
    return this.rows.find((r) => isChildOf(r, of) && !r.deleted_at && r.name.toLowerCase() === name.toLowerCase());
  }

  async insert(entry: NewEntry, parentPath: string | null): Promise<EntryRow> {
    const id = this.nextId++;
    const row: EntryRow = {
      ...entry,
      id,
      path: `${parentPath ?? '/'}${id}/`,
      file_name: entry.file_name ?? null,
      mime: entry.mime ?? null,
      extension: entry.extension ?? null,
      parent_id: entry.parent_id ?? null,
      workspace_id: entry.workspace_id ?? null,
      sha256: entry.sha256 ?? null,
      thumbnail: entry.thumbnail ?? null,
      trash_root_id: entry.trash_root_id ?? null,
      deleted_at: entry.deleted_at ?? null,
    };
    this.rows.push(row);
    return row;
  }

  /** Bytes of every file the owner has, trash included. */
  async spaceUsed(ownerId: number): Promise<number> {
    return this.rows.filter((r) => r.owner_id === ownerId).reduce((sum, r) => sum + r.file_size, 0);
  }
}

const isChildOf = (row: EntryRow, of: ChildrenOf) =>
  'parentId' in of
    ? row.parent_id === of.parentId
    : row.parent_id === null &&
      (of.root.workspaceId === null
        ? row.owner_id === of.root.ownerId && row.workspace_id === null
        : row.workspace_id === of.root.workspaceId);
