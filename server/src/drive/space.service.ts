import { Permission, formatBytes, UPLOAD_MESSAGES, type SpaceUsage } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { FileEntriesRepository } from './file-entries.repository.ts';

/** 413 with the spec's wording for a full drive. */
export const noSpaceError = (limit: number) => new AppError(413, UPLOAD_MESSAGES.noSpace(formatBytes(limit)), { code: 'quota_exceeded', errors: { file: [UPLOAD_MESSAGES.noSpace(formatBytes(limit))] } });

/** Storage used and allowed (spec part 1, 3 and part 2, 3). */
export class SpaceService {
  private readonly entries: FileEntriesRepository;
  private readonly settings: SettingsService;
  constructor(entries: FileEntriesRepository, settings: SettingsService) {
    this.entries = entries;
    this.settings = settings;
  }

  /**
   * Bytes the user may store, or null for no limit: the files.create restriction
   * max_space_bytes when the user's roles carry one (a null value there means unlimited),
   * else the drive.default_space_bytes setting. Admins are not limited.
   */
  async limitFor(actor: Actor): Promise<number | null> {
    if (actor.isAdmin) return null;
    const restriction = actor.permissions.get(Permission.filesCreate)?.restrictions.find((r) => r.name === 'max_space_bytes');
    if (restriction) return restriction.value;
    return Number(await this.settings.get<number>('drive.default_space_bytes'));
  }

  /** used counts every file the user owns, trash included. */
  async usage(actor: Actor): Promise<SpaceUsage> {
    const user = actor.requireUser();
    const [used, available] = await Promise.all([this.entries.spaceUsed(user.id), this.limitFor(actor)]);
    return { used, available };
  }

  /** Bytes still free, or null for no limit. */
  async remaining(actor: Actor): Promise<number | null> {
    const limit = await this.limitFor(actor);
    if (limit === null) return null;
    return Math.max(0, limit - (await this.entries.spaceUsed(actor.requireUser().id)));
  }

  /** Refuses adding `bytes` when they do not fit. */
  async assertFits(actor: Actor, bytes: number): Promise<void> {
    await this.assertFitsUnder(await this.limitFor(actor), actor.requireUser().id, bytes);
  }

  /**
   * The same with a limit read beforehand, inside a transaction (`db`): it must not touch
   * another connection while the transaction holds SQLite's only one.
   */
  async assertFitsUnder(limit: number | null, ownerId: number, bytes: number, db?: Database): Promise<void> {
    if (limit === null) return;
    const used = await this.entries.spaceUsed(ownerId, db);
    if (used + bytes > limit) throw noSpaceError(limit);
  }
}
