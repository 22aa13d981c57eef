import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { ShareableLinksTable } from '../db/schema.ts';
import type { SuspensionColumns } from '../users/suspension.ts';

export type LinkRow = Selectable<ShareableLinksTable>;

/** Queries of shareable_links: one link per entry. */
export class LinksRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  getByHash(hash: string): Promise<LinkRow | undefined> {
    return this.db.selectFrom('shareable_links').selectAll().where('hash', '=', hash).executeTakeFirst();
  }

  getByEntryId(entryId: number): Promise<LinkRow | undefined> {
    return this.db.selectFrom('shareable_links').selectAll().where('file_entry_id', '=', entryId).executeTakeFirst();
  }

  async insert(row: Insertable<ShareableLinksTable>): Promise<LinkRow> {
    return this.db.insertInto('shareable_links').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, patch: Updateable<ShareableLinksTable>): Promise<void> {
    await this.db.updateTable('shareable_links').set(patch).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('shareable_links').where('id', '=', id).execute();
  }

  /** The name of a link's owner (no email: visitors of the link page see it). */
  getOwnerName(userId: number): Promise<{ first_name: string | null; last_name: string | null } | undefined> {
    return this.db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
  }

  /** The suspension columns of a link's maker: a suspended user's links answer like unknown ones. */
  suspensionOf(userId: number): Promise<SuspensionColumns | undefined> {
    return this.db
      .selectFrom('users')
      .select(['banned_at', 'banned_until'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** Links a user has made (the links.create count restriction). */
  async countOfUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('shareable_links')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
