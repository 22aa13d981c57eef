import {
  Permission,
  TAG_NAME_MIN,
  tagSlug,
  type AdminBulkIds,
  type AdminTag,
  type AdminTagsPage,
  type AdminTagsQuery,
  type SaveTagBody,
  type TagType,
} from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import { immediateTransaction } from '../../drive/owner-transaction.ts';
import { notFound, validation } from '../../http/app-error.ts';
import { isUniqueViolation } from '../../http/driver-errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AdminTagRow, TagsAdminRepository } from './tags-admin.repository.ts';

type Source = { actor: Actor; ip: string };
type Deps = { db: Database; dialect: Dialect; repo: TagsAdminRepository; audit: AuditService; clock: Clock };

export const TAG_NAME_TAKEN = 'Another tag already has this name.';
export const MERGE_INTO_ITSELF = 'A tag cannot be merged into itself.';

const present = (row: AdminTagRow): AdminTag => ({
  id: row.id,
  name: row.name,
  display_name: row.display_name,
  type: row.type as TagType,
  entries_count: row.entries_count,
  created_at: row.created_at,
  updated_at: row.updated_at,
});
/**
 * The name check runs before the write, so a tag given the name meanwhile (by staff in another
 * process, or by someone attaching a new tag) surfaces as the unique index refusing the row: the
 * same answer as the check's.
 */
async function claimingName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw validation({ name: [TAG_NAME_TAKEN] });
    throw error;
  }
}

const fields = (row: Pick<AdminTagRow, 'name' | 'display_name' | 'type'>) => ({
  name: row.name,
  display_name: row.display_name,
  type: row.type,
});

/**
 * The admin area's tags (permission tags.update, checked here): the list with how many entries
 * carry each, create, rename, merge one into another, delete. Every change writes its audit row
 * in its own transaction.
 */
export class TagsAdminService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  async list(actor: Actor, query: AdminTagsQuery): Promise<AdminTagsPage> {
    actor.authorize(Permission.tagsUpdate);
    const { rows, page } = await this.deps.repo.list(query);
    return { pagination: { ...page, data: rows.map(present) } };
  }

  async create(source: Source, body: SaveTagBody): Promise<AdminTag> {
    source.actor.authorize(Permission.tagsUpdate);
    const tag = this.normalised(body);
    const at = this.deps.clock().toISOString();
    const id = await claimingName(() =>
      this.write(async (trx) => {
        if (await this.deps.repo.nameTaken(tag.name, null, trx)) throw validation({ name: [TAG_NAME_TAKEN] });
        const id = await this.deps.repo.create(tag, at, trx);
        await this.deps.audit.record(
          source,
          { action: 'tag.create', targetType: 'tag', targetId: id, targetLabel: tag.name, before: null, after: tag },
          trx,
        );
        return id;
      }),
    );
    return this.get(id);
  }

  /** Rename: name, display name and type; the entries keep the tag. */
  async update(source: Source, id: number, body: SaveTagBody): Promise<AdminTag> {
    source.actor.authorize(Permission.tagsUpdate);
    const tag = this.normalised(body);
    await claimingName(() =>
      this.write(async (trx) => {
        const before = await this.deps.repo.getById(id, trx);
        if (!before) throw notFound('There is no such tag.');
        if (await this.deps.repo.nameTaken(tag.name, id, trx)) throw validation({ name: [TAG_NAME_TAKEN] });
        await this.deps.repo.update(id, { ...tag, updated_at: this.deps.clock().toISOString() }, trx);
        await this.deps.audit.record(
          source,
          {
            action: 'tag.update',
            targetType: 'tag',
            targetId: id,
            targetLabel: tag.name,
            before: fields(before),
            after: tag,
          },
          trx,
        );
      }),
    );
    return this.get(id);
  }

  /**
   * Moves every link of the tag onto another (an entry carrying both keeps one) and removes it,
   * in one transaction with both tags locked, so an attach racing it lands on one side or the other.
   */
  async merge(source: Source, id: number, into: number): Promise<AdminTag> {
    source.actor.authorize(Permission.tagsUpdate);
    if (id === into) throw validation({ into: [MERGE_INTO_ITSELF] });
    await this.write(async (trx) => {
      await this.deps.repo.lock([id, into], trx);
      const [from, target] = [await this.deps.repo.getById(id, trx), await this.deps.repo.getById(into, trx)];
      if (!from) throw notFound('There is no such tag.');
      if (!target) throw validation({ into: ['The tag to merge into does not exist.'] });
      const moved = await this.deps.repo.merge(id, into, this.deps.clock().toISOString(), trx);
      await this.deps.audit.record(
        source,
        {
          action: 'tag.merge',
          targetType: 'tag',
          targetId: into,
          targetLabel: target.name,
          before: { merged: { id, ...fields(from), entries_count: from.entries_count } },
          after: { into: { id: into, name: target.name }, links_moved: moved },
        },
        trx,
      );
    });
    return this.get(into);
  }

  /** Deletes the tags; the entries lose them. Ids that are already gone are skipped. */
  async delete(source: Source, body: AdminBulkIds): Promise<{ deleted: number }> {
    source.actor.authorize(Permission.tagsUpdate);
    const ids = [...new Set(body.ids)];
    return this.write(async (trx) => {
      const rows = await this.deps.repo.getManyByIds(ids, trx);
      if (!rows.length) return { deleted: 0 };
      await this.deps.repo.deleteMany(
        rows.map((r) => r.id),
        trx,
      );
      for (const row of rows)
        await this.deps.audit.record(
          source,
          {
            action: 'tag.delete',
            targetType: 'tag',
            targetId: row.id,
            targetLabel: row.name,
            before: { name: row.name, display_name: row.display_name },
            after: null,
          },
          trx,
        );
      return { deleted: rows.length };
    });
  }

  /**
   * Every change reads (the name check, the row before) and then writes: on SQLite the write lock
   * is taken at BEGIN, else a write committed by another process in between fails the transaction
   * (SQLITE_BUSY_SNAPSHOT, a 500). PostgreSQL's checks are backed by the unique name and the locks.
   */
  private write<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    return immediateTransaction(this.deps.db, this.deps.dialect, work);
  }

  private async get(id: number): Promise<AdminTag> {
    const row = await this.deps.repo.getById(id);
    if (!row) throw notFound('There is no such tag.');
    return present(row);
  }

  /** The name as stored: the given one made a slug, else the display name's. */
  private normalised(body: SaveTagBody) {
    const name = tagSlug(body.name || body.display_name);
    if (name.length < TAG_NAME_MIN)
      throw validation({ name: [`The name needs at least ${TAG_NAME_MIN} letters or digits.`] });
    return { name, display_name: body.display_name, type: body.type };
  }
}
