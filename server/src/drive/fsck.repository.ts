import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

export type TreeRow = { id: number; parent_id: number | null; owner_id: number; workspace_id: number | null };
export type FileRow = { id: number; file_name: string; file_size: number; sha256: string | null };
export type DuplicateRow = {
  id: number;
  name: string;
  parent_id: number | null;
  owner_id: number;
  workspace_id: number | null;
};

/** The path an entry must have: its parent's path plus its id (a root entry: /id/). */
const EXPECTED_PATH = sql<string>`coalesce(
  (select p.path from file_entries p where p.id = file_entries.parent_id), '/'
) || cast(file_entries.id as text) || '/'`;

/** Queries of the consistency check (fsck): whole-table reads an operator runs, and their repairs. */
export class FsckRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Ready files (bytes stored), by id from `afterId`, a page at a time. */
  listFiles(afterId: number, limit: number): Promise<FileRow[]> {
    return this.db
      .selectFrom('file_entries')
      .select(['id', 'file_name', 'file_size', 'sha256'])
      .where('is_folder', '=', 0)
      .where('file_name', 'is not', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute() as Promise<FileRow[]>;
  }

  /** Entries no walk down from a drive's root reaches: in a cycle of parents, or below one. */
  async listUnreachable(): Promise<TreeRow[]> {
    const { rows } = await sql<TreeRow>`
      with recursive reach(id) as (
        select id from file_entries where parent_id is null
        union all
        select e.id from file_entries e join reach r on e.parent_id = r.id
      )
      select id, parent_id, owner_id, workspace_id from file_entries
      where id not in (select id from reach) order by id`.execute(this.db);
    return rows;
  }

  /** Live entries whose folder is in trash (the tops only: their live children follow them). */
  async listLiveInTrash(): Promise<TreeRow[]> {
    const { rows } = await sql<TreeRow>`
      select e.id, e.parent_id, e.owner_id, e.workspace_id from file_entries e
      join file_entries p on p.id = e.parent_id
      where e.deleted_at is null and p.deleted_at is not null order by e.id`.execute(this.db);
    return rows;
  }

  /** Entries whose path is not their parent's path plus their id. */
  async listBadPaths(limit: number): Promise<Array<{ id: number; path: string; expected: string | null }>> {
    const { rows } = await sql<{ id: number; path: string; expected: string | null }>`
      select id, path, ${EXPECTED_PATH} as expected from file_entries
      where path <> ${EXPECTED_PATH} order by id limit ${limit}`.execute(this.db);
    return rows;
  }

  /**
   * Sets every wrong path from its parent's, one tree level per statement, until none changes
   * (at most `maxPasses`). Answers how many rows changed.
   */
  async recomputePaths(db: Database = this.db, maxPasses = 10_000): Promise<number> {
    let changed = 0;
    for (let pass = 0; pass < maxPasses; pass++) {
      const res = await sql`update file_entries set path = ${EXPECTED_PATH} where path <> ${EXPECTED_PATH}`.execute(db);
      const n = Number(res.numAffectedRows ?? 0);
      if (!n) break;
      changed += n;
    }
    return changed;
  }

  /** Live entries sharing a name (compared as the drive compares) with an older live sibling. */
  async listDuplicateNames(): Promise<DuplicateRow[]> {
    const { rows } = await sql<DuplicateRow>`
      select e.id, e.name, e.parent_id, e.owner_id, e.workspace_id from file_entries e
      where e.deleted_at is null and exists (
        select 1 from file_entries o
        where o.deleted_at is null and o.id < e.id and lower(o.name) = lower(e.name)
          and coalesce(o.parent_id, 0) = coalesce(e.parent_id, 0)
          and (e.parent_id is not null
            or coalesce(o.workspace_id, -o.owner_id) = coalesce(e.workspace_id, -e.owner_id))
      )
      order by e.id`.execute(this.db);
    return rows;
  }

  /** Bytes stored (trash included) and reserved by uploads in flight, per user that has either. */
  async spaceByUser(at: string): Promise<Array<{ user_id: number; used: number; reserved: number }>> {
    const { rows } = await sql<{ user_id: number; used: number | string; reserved: number | string }>`
      select u.id as user_id,
        coalesce((select sum(f.file_size) from file_entries f where f.owner_id = u.id), 0) as used,
        coalesce((select sum(r.bytes) from space_reservations r where r.user_id = u.id and r.expires_at > ${at}), 0)
          as reserved
      from users u
      where exists (select 1 from file_entries f where f.owner_id = u.id)
        or exists (select 1 from space_reservations r where r.user_id = u.id)
      order by u.id`.execute(this.db);
    return rows.map((r) => ({ user_id: Number(r.user_id), used: Number(r.used), reserved: Number(r.reserved) }));
  }

  /** Reservations that expired and no upload names: space still counted nowhere, but rows left behind. */
  async listStaleReservations(at: string): Promise<Array<{ id: number; user_id: number; bytes: number }>> {
    return this.db
      .selectFrom('space_reservations')
      .select(['id', 'user_id', 'bytes'])
      .where('expires_at', '<', at)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('pending_uploads')
              .select('pending_uploads.id')
              .whereRef('pending_uploads.reservation_id', '=', 'space_reservations.id'),
          ),
        ),
      )
      .orderBy('id')
      .execute();
  }

  /** Uploads not finished that expired before `cutoff` (the uploads maintenance should have ended them). */
  listStaleUploads(cutoff: string): Promise<Array<{ id: number; key: string; kind: string; expires_at: string }>> {
    return this.db
      .selectFrom('pending_uploads')
      .select(['id', 'key', 'kind', 'expires_at'])
      .where('state', '!=', 'done')
      .where('expires_at', '<', cutoff)
      .orderBy('id')
      .execute();
  }

  async deleteReservations(ids: number[]): Promise<void> {
    if (ids.length) await this.db.deleteFrom('space_reservations').where('id', 'in', ids).execute();
  }
}
