import { sql } from 'kysely';
import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { FileEntrySharesTable } from '../db/schema.ts';
import type { Page } from '../drive/drive-views.repository.ts';
import type { EntryRow, Sort } from '../drive/file-entries.repository.ts';

export type ShareRow = Selectable<FileEntrySharesTable>;
export type ShareGrant = { file_entry_id: number; permission: ShareRow['permission'] };
export type PersonRow = {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  image: string | null;
};

/** Queries of file_entry_shares: who an entry is shared with, and what is shared with whom. */
export class SharesRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /**
   * People the user is connected to, whose address or name starts with `prefix` (lower-case, its
   * LIKE wildcards escaped): those they share with or who share with them, the members of their
   * workspaces, and addresses they invited without an account. Never anyone else.
   */
  async contactsOf(
    userId: number,
    prefix: string,
    limit: number,
  ): Promise<Array<{ email: string; name: string | null }>> {
    const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const starts = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${like} escape '\\'`;
    const people = await this.db
      .selectFrom('users as u')
      .select(['u.email', 'u.first_name', 'u.last_name'])
      .where('u.id', '!=', userId)
      .where((eb) =>
        eb.or([
          eb('u.id', 'in', eb.selectFrom('file_entry_shares').select('user_id').where('owner_id', '=', userId)),
          eb('u.id', 'in', eb.selectFrom('file_entry_shares').select('owner_id').where('user_id', '=', userId)),
          eb(
            'u.id',
            'in',
            eb
              .selectFrom('workspace_members as mine')
              .innerJoin('workspace_members as other', 'other.workspace_id', 'mine.workspace_id')
              .select('other.user_id')
              .where('mine.user_id', '=', userId),
          ),
        ]),
      )
      .where((eb) => eb.or([starts('u.email'), starts('u.first_name'), starts('u.last_name')]))
      .orderBy('u.email')
      .limit(limit)
      .execute();
    const invited = await this.db
      .selectFrom('file_entry_shares')
      .select('email')
      .distinct()
      .where('owner_id', '=', userId)
      .where('user_id', 'is', null)
      .where(starts('email'))
      .orderBy('email')
      .limit(limit)
      .execute();
    const byEmail = new Map<string, string | null>();
    for (const p of people) {
      const name = [p.first_name, p.last_name].filter(Boolean).join(' ');
      byEmail.set(p.email.toLowerCase(), name || null);
    }
    for (const { email } of invited) if (!byEmail.has(email)) byEmail.set(email, null);
    return [...byEmail]
      .sort(([a], [b]) => a.localeCompare(b))
      .slice(0, limit)
      .map(([email, name]) => ({ email, name }));
  }

  /** The user's shares on any of these entries (the permission check passes an entry's ancestors and itself). */
  async grantsOn(userId: number, entryIds: number[]): Promise<ShareGrant[]> {
    if (!entryIds.length) return [];
    return this.db
      .selectFrom('file_entry_shares')
      .select(['file_entry_id', 'permission'])
      .where('user_id', '=', userId)
      .where('file_entry_id', 'in', entryIds)
      .execute();
  }

  /** Live entries shared with the user directly (the tops of what they may reach), folders first. */
  async sharedWith(userId: number, sort: Sort, page: Page): Promise<{ rows: EntryRow[]; total: number }> {
    const base = this.db
      .selectFrom('file_entries')
      .innerJoin('file_entry_shares as s', 's.file_entry_id', 'file_entries.id')
      .where('s.user_id', '=', userId)
      .where('file_entries.deleted_at', 'is', null);
    const rows = await base
      .selectAll('file_entries')
      .orderBy('file_entries.is_folder', 'desc')
      .orderBy(`file_entries.${sort.column}`, sort.direction)
      .orderBy('file_entries.id', sort.direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { rows, total: Number(n) };
  }

  /** Does any share name the user? (An index probe on fes_user_entry_idx.) */
  async hasSharesWith(userId: number): Promise<boolean> {
    return Boolean(
      await this.db
        .selectFrom('file_entry_shares')
        .select('id')
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst(),
    );
  }

  /** Which of these entries are shared with someone (invitations too) or have an enabled shareable link. */
  async sharedAmong(entryIds: number[]): Promise<Set<number>> {
    if (!entryIds.length) return new Set();
    const [people, links] = await Promise.all([
      this.db
        .selectFrom('file_entry_shares')
        .select('file_entry_id')
        .distinct()
        .where('file_entry_id', 'in', entryIds)
        .execute(),
      this.db
        .selectFrom('shareable_links')
        .select('file_entry_id')
        .where('file_entry_id', 'in', entryIds)
        .where('enabled', '=', 1)
        .execute(),
    ]);
    return new Set([...people, ...links].map((r) => r.file_entry_id));
  }

  getById(id: number): Promise<ShareRow | undefined> {
    return this.db.selectFrom('file_entry_shares').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Shares on any of these entries, oldest first. */
  async listOnEntries(entryIds: number[]): Promise<ShareRow[]> {
    if (!entryIds.length) return [];
    return this.db
      .selectFrom('file_entry_shares')
      .selectAll()
      .where('file_entry_id', 'in', entryIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  findOnEntry(entryId: number, email: string): Promise<ShareRow | undefined> {
    return this.db
      .selectFrom('file_entry_shares')
      .selectAll()
      .where('file_entry_id', '=', entryId)
      .where('email', '=', email)
      .executeTakeFirst();
  }

  async insert(row: Insertable<FileEntrySharesTable>): Promise<ShareRow> {
    return this.db.insertInto('file_entry_shares').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(
    id: number,
    patch: Partial<Pick<ShareRow, 'permission' | 'user_id' | 'invite_token_hash' | 'updated_at'>>,
  ): Promise<void> {
    await this.db.updateTable('file_entry_shares').set(patch).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('file_entry_shares').where('id', '=', id).execute();
  }

  /** Removes the user's own shares of these entries; answers the entry ids that had one. */
  async deleteOfUser(userId: number, entryIds: number[]): Promise<number[]> {
    if (!entryIds.length) return [];
    const rows = await this.db
      .deleteFrom('file_entry_shares')
      .where('user_id', '=', userId)
      .where('file_entry_id', 'in', entryIds)
      .returning('file_entry_id')
      .execute();
    return rows.map((r) => r.file_entry_id);
  }

  /** Pending invitations of an address. */
  listPending(email: string): Promise<ShareRow[]> {
    return this.db
      .selectFrom('file_entry_shares')
      .selectAll()
      .where('user_id', 'is', null)
      .where('email', '=', email.toLowerCase())
      .execute();
  }

  /** Does a pending invitation of this address carry this token hash? */
  async hasPendingToken(email: string, tokenHash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('file_entry_shares')
      .select('id')
      .where('user_id', 'is', null)
      .where('email', '=', email.toLowerCase())
      .where('invite_token_hash', '=', tokenHash)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** Gives an address's pending invitations to the account that now has it; answers them. */
  async claimPending(email: string, userId: number, at: string): Promise<ShareRow[]> {
    return this.db
      .updateTable('file_entry_shares')
      .set({ user_id: userId, invite_token_hash: null, updated_at: at })
      .where('user_id', 'is', null)
      .where('email', '=', email.toLowerCase())
      .returningAll()
      .execute();
  }

  /** Names and avatars of users (owners and recipients). */
  async people(userIds: number[]): Promise<Map<number, PersonRow>> {
    const unique = [...new Set(userIds)];
    if (!unique.length) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'image'])
      .where('id', 'in', unique)
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  getUserByEmail(email: string): Promise<PersonRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'image'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }
}

/** The name the client shows for a user (as the user presenter makes it). */
export const displayName = (p: Pick<PersonRow, 'first_name' | 'last_name' | 'email'>) =>
  [p.first_name, p.last_name].filter(Boolean).join(' ') || p.email.split('@')[0];
