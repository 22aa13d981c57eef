import { sql, type Selectable } from 'kysely';
import { tagSlug, type EntryTag } from '@kosh/contracts';
import type { Database } from '../db/database.ts';
import type { TagsTable } from '../db/schema.ts';
import type { DriveScope } from '../drive/file-entries.repository.ts';
import { conflict } from '../http/app-error.ts';

export type TagRow = Selectable<TagsTable>;

/** Tries at making the named tags exist while staff rename, merge or delete them at the same moment. */
const ENSURE_ATTEMPTS = 3;

/** Escapes LIKE wildcards; the pattern is then used with ESCAPE '\'. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Tags and their links to entries, as the drive reads and writes them. */
export class TagsRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  getById(id: number, db: Database = this.db): Promise<TagRow | undefined> {
    return db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
  }

  getByName(name: string, db: Database = this.db): Promise<TagRow | undefined> {
    return db.selectFrom('tags').selectAll().where('name', '=', name).executeTakeFirst();
  }

  /**
   * The tags of these names, the missing ones created (type custom) with their display names;
   * a name another call created meanwhile is taken as it is (the unique name decides). A tag the
   * insert found but that was renamed, merged or deleted before the read (PostgreSQL reads what
   * committed in between) is created again, so no name asked for is silently left out.
   */
  async ensure(wanted: { name: string; display_name: string }[], at: string, db: Database = this.db) {
    if (!wanted.length) return [];
    const names = new Set(wanted.map((t) => t.name));
    for (let attempt = 1; ; attempt++) {
      await db
        .insertInto('tags')
        .values(wanted.map((t) => ({ ...t, type: 'custom', created_at: at, updated_at: at })))
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const rows = await db
        .selectFrom('tags')
        .selectAll()
        .where('name', 'in', [...names])
        .execute();
      if (rows.length >= names.size) return rows;
      if (attempt === ENSURE_ATTEMPTS) throw conflict('The tags were changed at the same time elsewhere. Try again.');
    }
  }

  /** Links every tag to every entry; links already there stay as they are. */
  async attach(tagIds: number[], entryIds: number[], userId: number, at: string, db: Database = this.db) {
    const rows = tagIds.flatMap((tag_id) =>
      entryIds.map((entry_id) => ({ tag_id, entry_id, tagged_by: userId, created_at: at })),
    );
    // Large selections go in slices: SQLite binds at most 32,766 values per statement.
    for (let i = 0; i < rows.length; i += 1000)
      await db
        .insertInto('entry_tags')
        .values(rows.slice(i, i + 1000))
        .onConflict((oc) => oc.columns(['tag_id', 'entry_id']).doNothing())
        .execute();
  }

  async detach(tagIds: number[], entryIds: number[], db: Database = this.db): Promise<number> {
    const res = await db
      .deleteFrom('entry_tags')
      .where('tag_id', 'in', tagIds)
      .where('entry_id', 'in', entryIds)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** The tags of a page of entries, in one query, each entry's by display name. */
  async tagsOf(entryIds: number[]): Promise<Map<number, EntryTag[]>> {
    const byEntry = new Map<number, EntryTag[]>();
    if (!entryIds.length) return byEntry;
    const rows = await this.db
      .selectFrom('entry_tags')
      .innerJoin('tags', 'tags.id', 'entry_tags.tag_id')
      .select(['entry_tags.entry_id', 'tags.id', 'tags.name', 'tags.display_name'])
      .where('entry_tags.entry_id', 'in', entryIds)
      .orderBy('tags.display_name')
      .orderBy('tags.id')
      .execute();
    for (const { entry_id, ...tag } of rows) {
      const list = byEntry.get(entry_id) ?? [];
      list.push(tag);
      byEntry.set(entry_id, list);
    }
    return byEntry;
  }

  /**
   * Tags for the tag input: those on entries of the drive (scope) or that the user put on
   * anything, whose name or display name starts with the text, plus the tag of exactly that name
   * (listed first).
   */
  async suggest(scope: DriveScope, userId: number, text: string, limit: number): Promise<EntryTag[]> {
    const prefix = `${likeEscape(text.toLowerCase())}%`;
    const near = this.db
      .selectFrom('entry_tags')
      .innerJoin('file_entries', 'file_entries.id', 'entry_tags.entry_id')
      .select('entry_tags.tag_id')
      .where((eb) =>
        eb.or([
          eb('entry_tags.tagged_by', '=', userId),
          scope.workspaceId === null
            ? eb.and([eb('file_entries.owner_id', '=', scope.ownerId), eb('file_entries.workspace_id', 'is', null)])
            : eb('file_entries.workspace_id', '=', scope.workspaceId),
        ]),
      );
    let q = this.db
      .selectFrom('tags')
      .select(['id', 'name', 'display_name'])
      .where((eb) => eb.or([eb('id', 'in', near), ...(tagSlug(text) ? [eb('name', '=', tagSlug(text))] : [])]));
    if (text)
      q = q.where((eb) =>
        eb.or([
          sql<boolean>`${eb.ref('name')} like ${prefix} escape '\\'`,
          sql<boolean>`lower(${eb.ref('display_name')}) like ${prefix} escape '\\'`,
        ]),
      );
    // The tag of exactly that name first: the filter chip looks its display name up this way.
    const exact = tagSlug(text);
    if (exact) q = q.orderBy(sql`case when ${sql.ref('name')} = ${exact} then 0 else 1 end`);
    return q.orderBy('display_name').orderBy('id').limit(limit).execute();
  }
}
