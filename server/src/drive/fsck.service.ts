import { createHash } from 'node:crypto';
import type { Actor } from '../auth/actor.ts';
import type { Clock } from '../clock.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { scopeOf } from './drive.policy.ts';
import { childrenOf, type EntryWriter } from './entry-writer.ts';
import type { DriveScope, EntryRow, FileEntriesRepository } from './file-entries.repository.ts';
import type { DuplicateRow, FsckRepository, TreeRow } from './fsck.repository.ts';
import { ORPHAN_GRACE_MS, type DriveMaintenance } from './maintenance.service.ts';
import { numberedName } from './names.ts';
import type { SpaceService } from './space.service.ts';

export const RECOVERED_FOLDER = 'Recovered items';
const PAGE = 500;
const SHOWN_PATHS = 1000;

export type FsckKind =
  | 'missing_bytes'
  | 'size_mismatch'
  | 'hash_mismatch'
  | 'orphan_bytes'
  | 'stale_upload'
  | 'cycle'
  | 'live_in_trash'
  | 'bad_path'
  | 'duplicate_name'
  | 'over_limit'
  | 'stale_reservation';

export type FsckFinding = { kind: FsckKind; message: string; repaired: boolean };
export type FsckOptions = { hashes?: boolean; repair?: boolean; graceMs?: number };

/**
 * The consistency check an operator runs (`kosh fsck`): bytes of every ready file, orphaned bytes
 * and uploads, the tree's invariants (no cycles, paths from parents, unique live names), space
 * within limits. With `repair` it fixes what is safe to fix: cycles are cut into a recovered folder
 * at the owner's root, paths recomputed, duplicate names numbered, stale reservations released,
 * orphaned bytes (older than the grace period) deleted.
 */
export class DriveFsck {
  private readonly fsck: FsckRepository;
  private readonly entries: FileEntriesRepository;
  private readonly writer: EntryWriter;
  private readonly storage: StorageDriver;
  private readonly maintenance: DriveMaintenance;
  private readonly space: Pick<SpaceService, 'limitFor'>;
  private readonly actorOf: (userId: number) => Promise<Actor>;
  private readonly clock: Clock;
  /** The recovered folder of each drive (by scope key) made during this run. */
  private recovered = new Map<number, EntryRow>();
  constructor(deps: {
    fsck: FsckRepository;
    entries: FileEntriesRepository;
    writer: EntryWriter;
    storage: StorageDriver;
    maintenance: DriveMaintenance;
    space: Pick<SpaceService, 'limitFor'>;
    actorOf: (userId: number) => Promise<Actor>;
    clock: Clock;
  }) {
    this.fsck = deps.fsck;
    this.entries = deps.entries;
    this.writer = deps.writer;
    this.storage = deps.storage;
    this.maintenance = deps.maintenance;
    this.space = deps.space;
    this.actorOf = deps.actorOf;
    this.clock = deps.clock;
  }

  async run(options: FsckOptions = {}): Promise<FsckFinding[]> {
    this.recovered = new Map();
    const repair = Boolean(options.repair);
    const graceMs = options.graceMs ?? ORPHAN_GRACE_MS;
    return [
      ...(await this.checkFiles(Boolean(options.hashes))),
      ...(await this.checkOrphans(graceMs, repair)),
      ...(await this.checkUploads(graceMs)),
      // Cycles first: paths are recomputed from parents, which needs every entry under a root.
      ...(await this.checkCycles(repair)),
      ...(await this.checkLiveInTrash(repair)),
      ...(await this.checkPaths(repair)),
      ...(await this.checkNames(repair)),
      ...(await this.checkReservations(repair)),
      ...(await this.checkSpace()),
    ];
  }

  private async checkFiles(hashes: boolean): Promise<FsckFinding[]> {
    const found: FsckFinding[] = [];
    for (let after = 0; ; ) {
      const page = await this.fsck.listFiles(after, PAGE);
      if (!page.length) return found;
      after = page[page.length - 1].id;
      for (const file of page) {
        const stat = await this.storage.stat(file.file_name);
        const what = `entry ${file.id} (${file.file_name})`;
        if (!stat) found.push(finding('missing_bytes', `${what}: no stored bytes`));
        else if (stat.size !== Number(file.file_size))
          found.push(finding('size_mismatch', `${what}: ${stat.size} bytes stored, ${file.file_size} recorded`));
        else if (hashes && file.sha256) {
          const actual = await this.sha256Of(file.file_name);
          if (actual !== file.sha256) found.push(finding('hash_mismatch', `${what}: SHA-256 ${actual} stored`));
        }
      }
    }
  }

  private async checkOrphans(graceMs: number, repair: boolean): Promise<FsckFinding[]> {
    const orphans = await this.maintenance.listOrphans(graceMs);
    // No row names them and they are older than any upload in flight: the sweep would delete them too.
    if (repair) await this.storage.deleteMany(orphans);
    return orphans.map((key) => finding('orphan_bytes', `${key}: stored bytes no entry names`, repair));
  }

  private async checkUploads(graceMs: number): Promise<FsckFinding[]> {
    const cutoff = new Date(this.clock().getTime() - graceMs).toISOString();
    const stale = await this.fsck.listStaleUploads(cutoff);
    return stale.map((u) =>
      finding('stale_upload', `upload ${u.id} (${u.kind}, ${u.key}) expired at ${u.expires_at}, not ended`),
    );
  }

  private async checkCycles(repair: boolean): Promise<FsckFinding[]> {
    const cycles = cyclesAmong(await this.fsck.listUnreachable());
    const found: FsckFinding[] = [];
    for (const cycle of cycles) {
      const ids = cycle.map((r) => r.id).join(' -> ');
      // Moving the lowest entry of a cycle into the owner's recovered folder ends the cycle.
      if (repair) await this.recover(cycle.reduce((a, b) => (a.id < b.id ? a : b)));
      found.push(finding('cycle', `entries ${ids} are each other's parents`, repair));
    }
    if (repair && cycles.length) await this.fsck.recomputePaths();
    return found;
  }

  /**
   * Live entries in a trashed folder: the drive shows them nowhere, and restoring the folder could
   * bring back a second entry of their name. They go to the owner's recovered folder.
   */
  private async checkLiveInTrash(repair: boolean): Promise<FsckFinding[]> {
    const rows = await this.fsck.listLiveInTrash();
    for (const row of rows) if (repair) await this.recover(row);
    if (repair && rows.length) await this.fsck.recomputePaths();
    return rows.map((r) =>
      finding('live_in_trash', `entry ${r.id}: not in trash, inside folder ${r.parent_id} which is`, repair),
    );
  }

  /** Moves an entry into a "Recovered items" folder at its owner's root, made once per drive and run. */
  private async recover(cut: TreeRow): Promise<void> {
    const recovered = this.recovered;
    const scope: DriveScope = { ownerId: cut.owner_id, workspaceId: cut.workspace_id };
    await this.writer.transaction(async (trx) => {
      await this.writer.lockTree(trx, scope);
      const key = scope.workspaceId ?? -scope.ownerId;
      let folder = recovered.get(key);
      if (!folder) {
        const of = childrenOf(null, scope);
        await this.writer.lockFolder(trx, of);
        const name = await this.writer.freeName(trx, of, RECOVERED_FOLDER);
        folder = await this.writer.insertFolder(trx, { name, parent: null, scope, at: this.clock().toISOString() });
        recovered.set(key, folder);
      }
      const of = childrenOf(folder, scope);
      const row = await this.entries.getById(cut.id, trx);
      const name = row ? await this.writer.freeName(trx, of, row.name, row.id) : undefined;
      await this.entries.update(cut.id, { parent_id: folder.id, ...(name ? { name } : {}) }, trx);
    });
  }

  private async checkPaths(repair: boolean): Promise<FsckFinding[]> {
    const bad = await this.fsck.listBadPaths(SHOWN_PATHS);
    if (repair && bad.length) await this.fsck.recomputePaths();
    return bad.map((r) =>
      finding('bad_path', `entry ${r.id}: path ${r.path}, its parent's path gives ${r.expected ?? '?'}`, repair),
    );
  }

  private async checkNames(repair: boolean): Promise<FsckFinding[]> {
    const found: FsckFinding[] = [];
    for (const dup of await this.fsck.listDuplicateNames()) {
      const renamed = repair ? await this.renameDuplicate(dup) : undefined;
      const where = dup.parent_id === null ? 'the root' : `folder ${dup.parent_id}`;
      const fix = renamed ? `, renamed "${renamed}"` : '';
      found.push(finding('duplicate_name', `entry ${dup.id}: "${dup.name}" taken twice in ${where}${fix}`, repair));
    }
    return found;
  }

  private async renameDuplicate(dup: DuplicateRow): Promise<string> {
    const scope: DriveScope = { ownerId: dup.owner_id, workspaceId: dup.workspace_id };
    return this.writer.transaction(async (trx) => {
      await this.writer.holdTree(trx, scope);
      const parent = dup.parent_id === null ? null : ((await this.entries.getById(dup.parent_id, trx)) ?? null);
      const of = childrenOf(parent, parent ? scopeOf(parent) : scope);
      await this.writer.lockFolder(trx, of);
      for (let n = 2; ; n++) {
        const name = numberedName(dup.name, n);
        if (await this.entries.findChildByName(of, name, trx)) continue;
        await this.entries.update(dup.id, { name }, trx);
        return name;
      }
    });
  }

  private async checkReservations(repair: boolean): Promise<FsckFinding[]> {
    const stale = await this.fsck.listStaleReservations(this.clock().toISOString());
    if (repair) await this.fsck.deleteReservations(stale.map((r) => r.id));
    return stale.map((r) =>
      finding('stale_reservation', `reservation ${r.id} of user ${r.user_id} (${r.bytes} bytes) expired`, repair),
    );
  }

  private async checkSpace(): Promise<FsckFinding[]> {
    const found: FsckFinding[] = [];
    for (const row of await this.fsck.spaceByUser(this.clock().toISOString())) {
      const limit = await this.space.limitFor(await this.actorOf(row.user_id));
      if (limit !== null && row.used + row.reserved > limit)
        found.push(
          finding(
            'over_limit',
            `user ${row.user_id}: ${row.used} bytes used + ${row.reserved} reserved, over the limit of ${limit}`,
          ),
        );
    }
    return found;
  }

  private async sha256Of(key: string): Promise<string> {
    const hash = createHash('sha256');
    for await (const chunk of await this.storage.getRange(key)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }
}

const finding = (kind: FsckKind, message: string, repaired = false): FsckFinding => ({ kind, message, repaired });

/** The cycles of parents among entries no root reaches (the rest hang below a cycle). */
export function cyclesAmong(rows: TreeRow[]): TreeRow[][] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const done = new Set<number>();
  const cycles: TreeRow[][] = [];
  for (const start of rows) {
    const trail: TreeRow[] = [];
    const onTrail = new Set<number>();
    let row: TreeRow | undefined = start;
    while (row && !done.has(row.id) && !onTrail.has(row.id)) {
      trail.push(row);
      onTrail.add(row.id);
      row = row.parent_id === null ? undefined : byId.get(row.parent_id);
    }
    if (row && onTrail.has(row.id)) cycles.push(trail.slice(trail.indexOf(row)));
    for (const r of trail) done.add(r.id);
  }
  return cycles;
}
