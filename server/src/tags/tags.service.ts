import {
  Permission,
  tagSlug,
  type AttachTagsBody,
  type DetachTagsBody,
  type FileEntry,
  type TagSuggestionsQuery,
  type TagSuggestionsResponse,
} from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { DrivePolicy } from '../drive/drive.policy.ts';
import { isForeignKeyViolation } from '../http/driver-errors.ts';
import type { DriveListingService } from '../drive/listing.service.ts';
import type { TagsRepository } from './tags.repository.ts';

type Deps = {
  db: Database;
  tags: TagsRepository;
  policy: DrivePolicy;
  listing: Pick<DriveListingService, 'present'>;
  clock: Clock;
};

/**
 * Tagging in the drive. Whoever may edit an entry (its owner, a workspace editor, someone it was
 * shared with for editing) may put tags on it and take them off; whoever sees it sees its tags.
 * Tags are the site's: the same name is one tag whoever typed it.
 */
export class DriveTagsService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  /** Adds the named tags (created when missing) to every entry; answers the entries with their tags. */
  async attach(actor: Actor, body: AttachTagsBody): Promise<FileEntry[]> {
    actor.authorize(Permission.filesCreate);
    const rows = await this.deps.policy.getManyByIds(actor, body.entryIds, { need: 'edit' });
    const wanted = new Map<string, string>();
    for (const display of body.tags) {
      const name = tagSlug(display);
      if (!wanted.has(name)) wanted.set(name, display.trim());
    }
    const at = this.deps.clock().toISOString();
    const userId = actor.requireUser().id;
    const link = () =>
      this.deps.db.transaction().execute(async (trx) => {
        const tags = await this.deps.tags.ensure(
          [...wanted].map(([name, display_name]) => ({ name, display_name })),
          at,
          trx,
        );
        await this.deps.tags.attach(
          tags.map((t) => t.id),
          rows.map((r) => r.id),
          userId,
          at,
          trx,
        );
      });
    try {
      await link();
    } catch (error) {
      // A merge or delete removed a tag between reading and linking it: once more makes it anew.
      if (!isForeignKeyViolation(error)) throw error;
      await link();
    }
    return this.deps.listing.present(actor, rows);
  }

  /** Takes the tags off every entry (tags not on an entry are skipped); answers the entries. */
  async detach(actor: Actor, body: DetachTagsBody): Promise<FileEntry[]> {
    actor.authorize(Permission.filesCreate);
    const rows = await this.deps.policy.getManyByIds(actor, body.entryIds, { need: 'edit' });
    await this.deps.tags.detach(
      [...new Set(body.tagIds)],
      rows.map((r) => r.id),
    );
    return this.deps.listing.present(actor, rows);
  }

  /** Tags for the tag input of the drive the caller is in (workspaceId 0: their own). */
  async suggest(actor: Actor, workspaceId: number, query: TagSuggestionsQuery): Promise<TagSuggestionsResponse> {
    actor.authorize(Permission.filesView);
    const scope = await this.deps.policy.scopeFor(actor, workspaceId);
    const data = await this.deps.tags.suggest(scope, actor.requireUser().id, query.query ?? '', query.perPage);
    return { data };
  }
}
