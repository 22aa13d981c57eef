import {
  FILE_TYPES,
  Permission,
  tagSlug,
  type EntryTag,
  type FileEntry,
  type FileEntryPage,
  type ListFileEntriesQuery,
} from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import { notFound, validation } from '../http/app-error.ts';
import type { DrivePolicy } from './drive.policy.ts';
import type { DriveViewsRepository, Page, Reach } from './drive-views.repository.ts';
import { ownerField, presentEntry, presentShared } from './entry.presenter.ts';
import type { ChildrenOf, DriveScope, EntryRow, FileEntriesRepository, Sort } from './file-entries.repository.ts';
import type { StarsRepository } from './stars.repository.ts';

/** What the listing reads of people shares: the shared-with-me section and owners' names. */
export interface SharedEntries {
  sharedWith(userId: number, sort: Sort, page: Page): Promise<{ rows: EntryRow[]; total: number }>;
  people(
    userIds: number[],
  ): Promise<
    Map<
      number,
      { id: number; email: string; first_name: string | null; last_name: string | null; image: string | null }
    >
  >;
  /** Does anyone share anything with the user? (Sections skip the wider query when not.) */
  hasSharesWith(userId: number): Promise<boolean>;
  /** Which of these entries are shared with people or by an enabled link (the owner's "shared" mark). */
  sharedAmong(entryIds: number[]): Promise<Set<number>>;
}
/** What the listing reads of tags: each entry's, and a tag by name for the ?tag= filter. */
export interface EntryTags {
  tagsOf(entryIds: number[]): Promise<Map<number, EntryTag[]>>;
  getByName(name: string): Promise<{ id: number } | undefined>;
}
const NO_TAGS: EntryTags = { tagsOf: async () => new Map(), getByName: async () => undefined };
const NOTHING_SHARED: SharedEntries = {
  sharedWith: async () => ({ rows: [], total: 0 }),
  people: async () => new Map(),
  hasSharesWith: async () => false,
  sharedAmong: async () => new Set(),
};

/** Browsing: folder and root listings, the shared-with-me, recent, starred, trash and search sections, breadcrumbs. */
export class DriveListingService {
  private readonly entries: FileEntriesRepository;
  private readonly views: DriveViewsRepository;
  private readonly stars: StarsRepository;
  private readonly policy: DrivePolicy;
  private readonly shared: SharedEntries;
  private readonly tags: EntryTags;
  constructor(deps: {
    entries: FileEntriesRepository;
    views: DriveViewsRepository;
    stars: StarsRepository;
    policy: DrivePolicy;
    shared?: SharedEntries;
    tags?: EntryTags;
  }) {
    this.entries = deps.entries;
    this.views = deps.views;
    this.stars = deps.stars;
    this.policy = deps.policy;
    this.shared = deps.shared ?? NOTHING_SHARED;
    this.tags = deps.tags ?? NO_TAGS;
  }

  /** One page of a section, folders first, in the {data, current_page, last_page} shape of spec part 2, 3. */
  async list(actor: Actor, workspaceId: number, query: ListFileEntriesQuery): Promise<FileEntryPage> {
    actor.authorize(Permission.filesView);
    const scope = await this.policy.scopeFor(actor, workspaceId);
    const sort: Sort = { column: query.orderBy, direction: query.orderDir };
    const page = { limit: query.perPage, offset: (query.page - 1) * query.perPage };
    let folder: EntryRow | null = null;
    let result: { rows: EntryRow[]; total: number };
    // ?tag= keeps the entries carrying it; a tag nobody has leaves the listing empty.
    const tagged = query.tag ? ((await this.tags.getByName(tagSlug(query.tag)))?.id ?? 0) : undefined;
    if (tagged !== undefined && (query.section === 'trash' || query.section === 'shares'))
      throw validation({ tag: ['Tags filter folders, recent, starred and search.'] });
    // Recent, starred and search also hold what others shared with the caller (shared with me).
    const reachOf = async (): Promise<Reach> => {
      const userId = actor.requireUser().id;
      return (await this.shared.hasSharesWith(userId)) ? { sharedWith: userId, tagged } : { tagged };
    };
    switch (query.section) {
      case 'home':
        result = await this.childrenPage({ root: scope, tagged }, sort, page);
        break;
      case 'folder': {
        if (!query.folderHash) throw validation({ folderHash: ['The folder is required.'] });
        folder = await this.policy.getByHash(actor, query.folderHash);
        if (folder.is_folder !== 1) throw notFound('The folder does not exist.');
        result = await this.childrenPage({ parentId: folder.id, tagged }, sort, page);
        break;
      }
      case 'shares':
        result = await this.shared.sharedWith(actor.requireUser().id, sort, page);
        break;
      case 'recent':
        result = await this.views.recent(scope, page, await reachOf());
        break;
      case 'starred':
        result = await this.views.starred(actor.requireUser().id, scope, sort, page, await reachOf());
        break;
      case 'trash':
        result = await this.views.trash(scope, sort, page);
        break;
      case 'search': {
        const types = query.type
          ? query.type
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean)
          : undefined;
        const unknown = types?.filter((t) => !(FILE_TYPES as readonly string[]).includes(t));
        if (unknown?.length) throw validation({ type: [`Unknown file type: ${unknown.join(', ')}.`] });
        const hasFilter = Boolean(
          query.query?.trim() || types?.length || query.modifiedAfter || query.modifiedBefore || tagged !== undefined,
        );
        result = hasFilter
          ? await this.views.search(
              scope,
              {
                query: query.query,
                // A query that is a tag's name also finds the entries carrying it.
                queryTag: query.query ? tagSlug(query.query) || undefined : undefined,
                types,
                modifiedAfter: toIso(query.modifiedAfter),
                modifiedBefore: toIso(query.modifiedBefore),
              },
              sort,
              page,
              await reachOf(),
            )
          : { rows: [], total: 0 };
        break;
      }
    }
    const presented = await this.present(actor, result.rows);
    const data =
      query.section === 'trash' || query.section === 'search' ? await this.withLocations(presented, scope) : presented;
    return {
      data,
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(result.total / query.perPage)),
      per_page: query.perPage,
      total: result.total,
      folder: folder ? (await this.present(actor, [folder]))[0] : null,
    };
  }

  /**
   * Entries with the folder each is in (in the trash: was trashed from), read in one query for the
   * page, so the user knows where a search result lives or where a restore puts it; null at the
   * root of the drive. The top of something shared with the caller says nothing: its folder is the
   * owner's, not the caller's to see.
   */
  private async withLocations(data: FileEntry[], scope: DriveScope): Promise<FileEntry[]> {
    const parentIds = [...new Set(data.flatMap((e) => (e.parent_id === null ? [] : [e.parent_id])))];
    const parents = new Map((await this.entries.getManyByIds(parentIds)).map((p) => [p.id, p]));
    const inScope = (e: FileEntry) =>
      scope.workspaceId === null
        ? e.workspace_id === 0 && e.owner_id === scope.ownerId
        : e.workspace_id === scope.workspaceId;
    return data.map((entry) => {
      if (entry.parent_id === null) return inScope(entry) ? { ...entry, original_location: null } : entry;
      const parent = parents.get(entry.parent_id);
      return { ...entry, original_location: parent ? { hash: parent.hash, name: parent.name } : null };
    });
  }

  /** An entry by hash (trashed ones too, so the trash view can show details). */
  async get(actor: Actor, hash: string): Promise<FileEntry> {
    actor.authorize(Permission.filesView);
    return (await this.present(actor, [await this.policy.getByHash(actor, hash, { allowTrashed: true })]))[0];
  }

  /** A folder and its ancestors from the root down, for breadcrumbs. */
  async folderPath(actor: Actor, hash: string): Promise<{ folder: FileEntry; path: FileEntry[] }> {
    actor.authorize(Permission.filesView);
    const folder = await this.policy.getByHash(actor, hash);
    if (folder.is_folder !== 1) throw notFound('The folder does not exist.');
    // Someone a folder was shared with sees the path from the top of the share down, nothing above it.
    const root = (await this.policy.accessTo(actor, folder))?.root;
    const ancestors = (await this.entries.getAncestors(folder.path)).filter(
      (a) => !root || a.path.startsWith(root.path),
    );
    const rows = [...ancestors, folder];
    const path = await this.present(actor, rows);
    const answer = path.at(-1);
    if (!answer) throw new Error(`Presenting the path of folder ${folder.id} answered no entries`);
    return { folder: answer, path };
  }

  /**
   * Rows as answers, each with the caller's star; the caller's own entries say whether they are
   * shared; entries shared with the caller carry their permission and owner, and a path that
   * starts at the top of the share.
   */
  async present(actor: Actor, rows: EntryRow[]): Promise<FileEntry[]> {
    const starred = actor.user
      ? await this.stars.starredAmong(
          actor.user.id,
          rows.map((r) => r.id),
        )
      : new Set<number>();
    const own = rows.filter((r) => this.policy.canAccess(actor, r));
    const others = rows.filter((r) => !this.policy.canAccess(actor, r));
    // The page's tags in one query, like its stars.
    const [shared, tags] = await Promise.all([
      this.shared.sharedAmong(own.map((r) => r.id)),
      this.tags.tagsOf(rows.map((r) => r.id)),
    ]);
    const tagsOf = (r: EntryRow) => ({ tags: tags.get(r.id) ?? [] });
    const mine = (r: EntryRow) => ({
      ...presentEntry(r, starred),
      ...(this.policy.canAccess(actor, r) ? { is_shared: shared.has(r.id) } : {}),
      ...tagsOf(r),
    });
    if (!others.length) return rows.map(mine);
    const [access, owners] = await Promise.all([
      this.policy.accessToMany(actor, others),
      this.shared.people(others.map((r) => r.owner_id)),
    ]);
    return rows.map((r) => {
      const granted = access.get(r.id);
      // Workspace entries name the workspace's owner, whose space they use.
      const workspaceOwner = r.workspace_id !== null ? ownerField(owners.get(r.owner_id)) : {};
      if (!granted || granted.level === 'owner') return { ...mine(r), ...workspaceOwner };
      // A workspace member below editor: the entry as it is, with what their role allows.
      if (!granted.root)
        return { ...presentEntry(r, starred), permission: granted.level, ...workspaceOwner, ...tagsOf(r) };
      return {
        ...presentShared(r, starred, { level: granted.level, root: granted.root, owner: owners.get(r.owner_id) }),
        ...tagsOf(r),
      };
    });
  }

  /**
   * Folders first: the page is cut from the folders' run, then the files' run, each read in index
   * order (also a shareable link's folders).
   */
  async childrenPage(of: ChildrenOf, sort: Sort, page: { limit: number; offset: number }) {
    const counts = await this.entries.countChildren(of);
    const rows: EntryRow[] = [];
    if (page.offset < counts.folders)
      rows.push(...(await this.entries.listChildren(of, true, sort, page.limit, page.offset)));
    const left = page.limit - rows.length;
    if (left > 0 && counts.files > 0)
      rows.push(...(await this.entries.listChildren(of, false, sort, left, Math.max(0, page.offset - counts.folders))));
    return { rows, total: counts.folders + counts.files };
  }
}

const toIso = (value: string | undefined) => (value ? new Date(value).toISOString() : undefined);
