import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { PendingUploadsTable } from '../db/schema.ts';

export type PendingUploadRow = Selectable<PendingUploadsTable>;
export type NewPendingUpload = Omit<Insertable<PendingUploadsTable>, 'id'>;

/** Queries of pending_uploads: uploads in flight and the keys the server minted for them. */
export class PendingUploadsRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async insert(row: NewPendingUpload, db: Database = this.db): Promise<PendingUploadRow> {
    return db.insertInto('pending_uploads').values(row).returningAll().executeTakeFirstOrThrow();
  }

  getById(id: number, db: Database = this.db): Promise<PendingUploadRow | undefined> {
    return db.selectFrom('pending_uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  getByKey(key: string, db: Database = this.db): Promise<PendingUploadRow | undefined> {
    return db.selectFrom('pending_uploads').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /** Which of these storage keys an upload in flight (or just finished) names. */
  async keysIn(keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await this.db.selectFrom('pending_uploads').select('key').where('key', 'in', keys).execute();
    return new Set(rows.map((r) => r.key));
  }

  /**
   * Takes the upload for finalizing for `holder`: true when this caller got it (open, or a claim
   * older than `staleBefore`), false when another caller holds it or it is done.
   */
  async claim(id: number, holder: string, at: string, staleBefore: string): Promise<boolean> {
    const res = await this.db
      .updateTable('pending_uploads')
      .set({ state: 'finalizing', claimed_at: at, claimed_by: holder, updated_at: at })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([eb('state', '=', 'open'), eb.and([eb('state', '=', 'finalizing'), eb('claimed_at', '<', staleBefore)])]),
      )
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Takes over a claim still held by `from` (a process that is gone): true when this caller got it. */
  async takeOver(id: number, from: string | null, holder: string, at: string): Promise<boolean> {
    const res = await this.db
      .updateTable('pending_uploads')
      .set({ claimed_at: at, claimed_by: holder, updated_at: at })
      .where('id', '=', id)
      .where('state', '=', 'finalizing')
      .where((eb) => (from === null ? eb('claimed_by', 'is', null) : eb('claimed_by', '=', from)))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Gives a claim of `holder` back: the upload is open again (bytes may arrive, another call may finish it). */
  async unclaim(id: number, holder: string | null, at: string): Promise<void> {
    await this.db
      .updateTable('pending_uploads')
      .set({ state: 'open', claimed_at: null, claimed_by: null, updated_at: at })
      .where('id', '=', id)
      .where('state', '=', 'finalizing')
      .where((eb) => (holder === null ? eb('claimed_by', 'is', null) : eb('claimed_by', '=', holder)))
      .execute();
  }

  /** Marks the upload done if `holder` still holds its claim; false when another process took it over. */
  async markDone(id: number, holder: string, entryId: number, at: string, db: Database = this.db): Promise<boolean> {
    const res = await db
      .updateTable('pending_uploads')
      .set({
        state: 'done',
        entry_id: entryId,
        reservation_id: null,
        claimed_at: null,
        claimed_by: null,
        updated_at: at,
      })
      .where('id', '=', id)
      .where('state', '=', 'finalizing')
      .where('claimed_by', '=', holder)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Records activity: the upload (and its reservation, by the caller) lives on until `expiresAt`. */
  async touch(id: number, expiresAt: string, at: string): Promise<void> {
    await this.db
      .updateTable('pending_uploads')
      .set({ expires_at: expiresAt, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async setUploadId(id: number, uploadId: string): Promise<void> {
    await this.db.updateTable('pending_uploads').set({ upload_id: uploadId }).where('id', '=', id).execute();
  }

  async delete(id: number, db: Database = this.db): Promise<void> {
    await db.deleteFrom('pending_uploads').where('id', '=', id).execute();
  }

  /** Unfinished uploads whose time ran out (a finalizing claim counts until it is stale). */
  listExpired(at: string, staleBefore: string, limit: number): Promise<PendingUploadRow[]> {
    return this.db
      .selectFrom('pending_uploads')
      .selectAll()
      .where('expires_at', '<', at)
      .where((eb) =>
        eb.or([eb('state', '=', 'open'), eb.and([eb('state', '=', 'finalizing'), eb('claimed_at', '<', staleBefore)])]),
      )
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  }

  /** Forgets finished uploads after the window in which finishing again answers the same entry. */
  async deleteDoneBefore(before: string): Promise<number> {
    const res = await this.db
      .deleteFrom('pending_uploads')
      .where('state', '=', 'done')
      .where('updated_at', '<', before)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
