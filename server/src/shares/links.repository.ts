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

  /**
   * A link with its maker's suspension columns, read together: every visit to a link asks both
   * (a suspended user's links answer like unknown ones).
   */
  getByHash(hash: string): Promise<(LinkRow & { maker: SuspensionColumns }) | undefined> {
    return this.db
      .selectFrom('shareable_links')
      .innerJoin('users', 'users.id', 'shareable_links.user_id')
      .selectAll('shareable_links')
      .select(['users.banned_at', 'users.banned_until'])
      .where('shareable_links.hash', '=', hash)
      .executeTakeFirst()
      .then((row) => {
        if (!row) return undefined;
        const { banned_at, banned_until, ...link } = row;
        return { ...link, maker: { banned_at, banned_until } };
      });
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
