import type { Actor } from '../auth/actor.ts';
import { forbidden, notFound } from '../http/app-error.ts';
import type { DriveScope, EntryRow, FileEntriesRepository } from './file-entries.repository.ts';

/** What a caller may do to an entry: their own (owner), or what a person share grants. */
export type AccessLevel = 'view' | 'download' | 'edit' | 'owner';
const RANK: Record<AccessLevel, number> = { view: 1, download: 2, edit: 3, owner: 4 };
export const atLeast = (level: AccessLevel | undefined | null, need: AccessLevel) =>
  level ? RANK[level] >= RANK[need] : false;

/** A caller's access to an entry, and for a shared entry the top of the share that reaches it. */
export type Access = { level: AccessLevel; root: EntryRow | null };

/** The person shares a user holds on entries (the sharing area's repository answers it). */
export interface ShareGrants {
  grantsOn(
    userId: number,
    entryIds: number[],
  ): Promise<Array<{ file_entry_id: number; permission: 'view' | 'download' | 'edit' }>>;
}
const NO_GRANTS: ShareGrants = { grantsOn: async () => [] };

/** A user's role in workspaces (the workspaces area's repository answers it). */
export type WorkspaceRoleName = 'owner' | 'admin' | 'editor' | 'viewer';
export interface WorkspaceRoles {
  roleOf(userId: number, workspaceId: number): Promise<{ role: WorkspaceRoleName; owner_id: number } | undefined>;
  rolesIn(userId: number, workspaceIds: number[]): Promise<Map<number, WorkspaceRoleName>>;
}
const NO_WORKSPACES: WorkspaceRoles = { roleOf: async () => undefined, rolesIn: async () => new Map() };
/** What a role may do to a workspace's entries: viewers view and download; editors and up do everything files allow. */
const ROLE_LEVEL: Record<WorkspaceRoleName, AccessLevel> = {
  owner: 'owner',
  admin: 'owner',
  editor: 'owner',
  viewer: 'download',
};

type Options = { allowTrashed?: boolean; need?: AccessLevel };

const idsOfPath = (path: string) => path.split('/').filter(Boolean).map(Number);

export const FORBIDDEN_SHARED = 'You do not have permission to do this to an item shared with you.';
export const FORBIDDEN_WORKSPACE = 'Your role in this workspace does not allow this.';
export const NO_WORKSPACE = 'The workspace does not exist.';

/**
 * Who may reach which entries. The personal drive (workspace 0) belongs to its owner; people
 * the owner shared an entry with reach it and, for a folder, everything inside it (the
 * materialized path names every ancestor), as far as their permission goes. A caller who can
 * see an entry but may not do what they ask gets 403; one who cannot see it gets 404, exactly
 * like an entry that does not exist. A workspace's entries are reached by its members as far
 * as their role goes; to anyone else a workspace, and everything in it, does not exist (404).
 */
export class DrivePolicy {
  private readonly entries: FileEntriesRepository;
  private readonly grants: ShareGrants;
  private readonly actorOf: ((userId: number) => Promise<Actor>) | undefined;
  private readonly workspaces: WorkspaceRoles;
  constructor(
    entries: FileEntriesRepository,
    deps: { grants?: ShareGrants; actorOf?: (userId: number) => Promise<Actor>; workspaces?: WorkspaceRoles } = {},
  ) {
    this.entries = entries;
    this.grants = deps.grants ?? NO_GRANTS;
    this.actorOf = deps.actorOf;
    this.workspaces = deps.workspaces ?? NO_WORKSPACES;
  }

  /**
   * The drive a call works in, from its workspaceId (spec part 1, 7.1): 0 is the caller's own;
   * a workspace's entries belong to its owner (their space counts them). Non-members get 404;
   * a viewer asking to write gets 403.
   */
  async scopeFor(actor: Actor, workspaceId: number, need: 'view' | 'edit' = 'view'): Promise<DriveScope> {
    const user = actor.requireUser();
    if (workspaceId === 0) return { ownerId: user.id, workspaceId: null };
    const member = await this.workspaces.roleOf(user.id, workspaceId);
    if (!member) throw notFound(NO_WORKSPACE);
    if (need === 'edit' && !atLeast(ROLE_LEVEL[member.role], 'edit')) throw forbidden(FORBIDDEN_WORKSPACE);
    return { ownerId: member.owner_id, workspaceId };
  }

  /** The caller's access to the root of a drive: their own is theirs; in a workspace, what their role allows. */
  async rootAccess(actor: Actor, workspaceId: number): Promise<{ scope: DriveScope; level: AccessLevel }> {
    const user = actor.requireUser();
    if (workspaceId === 0) return { scope: { ownerId: user.id, workspaceId: null }, level: 'owner' };
    const member = await this.workspaces.roleOf(user.id, workspaceId);
    if (!member) throw notFound(NO_WORKSPACE);
    return { scope: { ownerId: member.owner_id, workspaceId }, level: ROLE_LEVEL[member.role] };
  }

  /**
   * A place whose entries a select-all names, with the caller's access to it: a live folder they
   * can see (404 otherwise, like one that does not exist), or the root of the drive of workspaceId.
   */
  async placeAccess(
    actor: Actor,
    workspaceId: number,
    folderId: number | null | undefined,
  ): Promise<{ scope: DriveScope; folder: EntryRow | null; level: AccessLevel }> {
    if (folderId === null || folderId === undefined)
      return { ...(await this.rootAccess(actor, workspaceId)), folder: null };
    const folder = await this.getById(actor, folderId);
    const access = await this.accessTo(actor, folder);
    if (folder.is_folder !== 1 || !access) throw notFound('The folder does not exist.');
    return { scope: scopeOf(folder), folder, level: access.level };
  }

  /** Is the entry in the caller's own drive? */
  canAccess(actor: Actor, row: EntryRow): boolean {
    const user = actor.user;
    if (!user) return false;
    return row.workspace_id === null && row.owner_id === user.id;
  }

  /** The caller's access to one entry, or null when they may not see it at all. */
  async accessTo(actor: Actor, row: EntryRow): Promise<Access | null> {
    return (await this.accessToMany(actor, [row])).get(row.id) ?? null;
  }

  /**
   * Access to each row in one query of grants: a share on the row or any ancestor counts, the
   * highest permission wins, and the top-most shared ancestor is the root the caller sees.
   */
  async accessToMany(actor: Actor, rows: EntryRow[]): Promise<Map<number, Access>> {
    const out = new Map<number, Access>();
    const user = actor.user;
    if (!user) return out;
    const shared: EntryRow[] = [];
    const workspaceIds = [...new Set(rows.flatMap((r) => (r.workspace_id === null ? [] : [r.workspace_id])))];
    const roles = await this.workspaces.rolesIn(user.id, workspaceIds);
    for (const row of rows) {
      const role = row.workspace_id === null ? undefined : roles.get(row.workspace_id);
      if (this.canAccess(actor, row)) out.set(row.id, { level: 'owner', root: null });
      else if (role) out.set(row.id, { level: ROLE_LEVEL[role], root: null });
      else shared.push(row);
    }
    if (!shared.length) return out;
    const ids = [...new Set(shared.flatMap((r) => idsOfPath(r.path)))];
    const grants = await this.grants.grantsOn(user.id, ids);
    if (!grants.length) return out;
    const byEntry = new Map<number, AccessLevel>();
    for (const g of grants)
      if (!atLeast(byEntry.get(g.file_entry_id), g.permission)) byEntry.set(g.file_entry_id, g.permission);
    const roots = new Map<number, EntryRow>();
    for (const row of shared) {
      const path = idsOfPath(row.path);
      let level: AccessLevel | undefined;
      let rootId: number | undefined;
      for (const id of path) {
        const granted = byEntry.get(id);
        if (!granted) continue;
        rootId ??= id;
        if (!atLeast(level, granted)) level = granted;
      }
      if (!level || rootId === undefined) continue;
      let root = rootId === row.id ? row : roots.get(rootId);
      if (!root) {
        root = await this.entries.getById(rootId);
        // An ancestor deleted for good since the row was read takes its subtree, and the share, with it.
        if (!root) continue;
        roots.set(rootId, root);
      }
      out.set(row.id, { level, root });
    }
    return out;
  }

  /**
   * The entry, or 404 when it does not exist or the caller cannot see it (both look the same);
   * 403 when seen but `need` is not met.
   */
  async getById(actor: Actor, id: number, options: Options = {}): Promise<EntryRow> {
    return this.check(actor, await this.entries.getById(id), options);
  }

  async getByHash(actor: Actor, hash: string, options: Options = {}): Promise<EntryRow> {
    return this.check(actor, await this.entries.getByHash(hash), options);
  }

  /** Every entry named, or 404 if any one is missing or unseen, 403 if any one falls short of `need`. */
  async getManyByIds(actor: Actor, ids: number[], options: Options = {}): Promise<EntryRow[]> {
    const unique = [...new Set(ids)];
    const rows = await this.entries.getManyByIds(unique);
    const ordered = unique.flatMap((id) => rows.find((r) => r.id === id) ?? []);
    if (ordered.length !== unique.length) throw notFound();
    const access = await this.accessToMany(actor, ordered);
    // Every 404 before any 403: a caller learns nothing of an entry they may not see.
    const seen = ordered.map((row) => this.visible(row, access.get(row.id), options));
    for (const { row, access } of seen) this.assertEnough(row, access, options);
    return ordered;
  }

  /** A folder of the caller's own drive (live), or null for the root; others' folders answer 404 or 403. */
  async getFolder(actor: Actor, id: number | null | undefined): Promise<EntryRow | null> {
    if (id === null || id === undefined) return null;
    const row = await this.getById(actor, id, { need: 'owner' });
    if (row.is_folder !== 1) throw notFound('The folder does not exist.');
    return row;
  }

  /**
   * Where new entries go: a folder the caller may put things in (their own, or one shared with
   * them with edit) with the drive it belongs to, or the root of the caller's drive for null.
   */
  async getWritableFolder(
    actor: Actor,
    workspaceId: number,
    id: number | null | undefined,
  ): Promise<{ folder: EntryRow | null; scope: DriveScope }> {
    if (id === null || id === undefined)
      return { folder: null, scope: await this.scopeFor(actor, workspaceId, 'edit') };
    actor.requireUser();
    const folder = await this.getById(actor, id, { need: 'edit' });
    if (folder.is_folder !== 1) throw notFound('The folder does not exist.');
    return { folder, scope: scopeOf(folder) };
  }

  /** Whom writing into a drive counts against: the caller for their own, else the owner (shared folders). */
  async quotaHolder(actor: Actor, scope: DriveScope): Promise<Actor> {
    if (actor.user?.id === scope.ownerId || !this.actorOf) return actor;
    return this.actorOf(scope.ownerId);
  }

  /**
   * For a change that takes an entry out of its folder (move, trash): a caller who does not own
   * it must be able to edit the folder it is in, so the top of a share stays where its owner put it.
   */
  async assertCanDetach(actor: Actor, row: EntryRow): Promise<void> {
    if (this.canAccess(actor, row) || (await this.accessTo(actor, row))?.level === 'owner') return;
    const parent = row.parent_id ? await this.entries.getById(row.parent_id) : undefined;
    if (!parent || !atLeast((await this.accessTo(actor, parent))?.level, 'edit')) throw forbidden(FORBIDDEN_SHARED);
  }

  private async check(actor: Actor, row: EntryRow | undefined, options: Options): Promise<EntryRow> {
    const access = row ? await this.accessTo(actor, row) : null;
    const seen = this.visible(row, access ?? undefined, options);
    this.assertEnough(seen.row, seen.access, options);
    return seen.row;
  }

  /** The row with the caller's access to it, or 404 when they may not see it. */
  private visible(
    row: EntryRow | undefined,
    access: Access | undefined,
    options: Options,
  ): { row: EntryRow; access: Access } {
    if (!row || !access) throw notFound();
    // Trash belongs to the owner: what is in it is gone for everyone the entry was shared with.
    if (row.deleted_at && !(options.allowTrashed && access.level === 'owner')) throw notFound();
    return { row, access };
  }

  private assertEnough(row: EntryRow, access: Access, options: Options): void {
    if (!atLeast(access.level, options.need ?? 'view'))
      throw forbidden(row.workspace_id !== null && !access.root ? FORBIDDEN_WORKSPACE : FORBIDDEN_SHARED);
  }
}

/** The drive an entry belongs to. */
export const scopeOf = (row: EntryRow): DriveScope => ({ ownerId: row.owner_id, workspaceId: row.workspace_id });
