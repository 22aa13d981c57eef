import { Permission, formatBytes, UPLOAD_MESSAGES, type SpaceUsage } from '@kosh/contracts';
import type { Clock } from '../clock.ts';
import type { Actor } from '../auth/actor.ts';
import type { Database, Dialect } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { EntryWriter } from './entry-writer.ts';
import type { FileEntriesRepository } from './file-entries.repository.ts';
import { immediateTransaction } from './owner-transaction.ts';
import type { SpaceReservationsRepository } from './space-reservations.repository.ts';

/** 413 with the spec's wording for a full drive. */
export const noSpaceError = (limit: number) =>
  new AppError(413, UPLOAD_MESSAGES.noSpace(formatBytes(limit)), {
    code: 'quota_exceeded',
    errors: { file: [UPLOAD_MESSAGES.noSpace(formatBytes(limit))] },
  });

export type Reservation = { id: number; bytes: number };

/** The files.create restriction that caps a user's storage. */
export const MAX_SPACE = 'max_space_bytes';

/** The space plans grant (billing): a valid subscription's plan, and the free plan while billing is on. */
export type PlanAllowance = {
  planSpaceOf(userId: number): Promise<number | null>;
  freePlanSpace(): Promise<number | null>;
};

/**
 * Bytes a user may store, or null for no limit. Admins are not limited; then a staff-set
 * allowance on the user (users.available_space) wins; then the plan of a valid subscription;
 * then the files.create restriction max_space_bytes of their roles or their own grants (a null
 * value there means unlimited); then the free plan; else the default space. The admin users list
 * applies the same rule to many users at once (without the plans).
 */
export async function allowedSpace(
  of: {
    isAdmin: boolean;
    override: number | null;
    restriction: { value: number | null } | undefined;
    plan?: () => Promise<number | null>;
    freePlan?: () => Promise<number | null>;
  },
  defaultSpace: () => Promise<number>,
): Promise<number | null> {
  if (of.isAdmin) return null;
  if (of.override !== null) return of.override;
  const plan = of.plan ? await of.plan() : null;
  if (plan !== null) return plan;
  if (of.restriction) return of.restriction.value;
  const free = of.freePlan ? await of.freePlan() : null;
  return free ?? defaultSpace();
}

/**
 * Storage used and allowed (spec part 1, 3 and part 2, 3), and the space promised to uploads
 * in flight: "used + reserved + size <= limit" is checked and the reservation written in one
 * transaction that holds the owner's lock, so parallel uploads cannot overshoot a quota.
 */
export class SpaceService {
  private readonly entries: Pick<FileEntriesRepository, 'spaceUsed'>;
  private readonly settings: Pick<SettingsService, 'get'>;
  private readonly reservations: Pick<SpaceReservationsRepository, 'reservedBytes' | 'insert' | 'delete' | 'renew'>;
  private readonly db: Database;
  private readonly dialect: Dialect;
  private readonly writer: Pick<EntryWriter, 'lockOwner'>;
  private readonly clock: Clock;
  private plans: PlanAllowance | undefined;
  constructor(deps: {
    entries: Pick<FileEntriesRepository, 'spaceUsed'>;
    settings: Pick<SettingsService, 'get'>;
    reservations: Pick<SpaceReservationsRepository, 'reservedBytes' | 'insert' | 'delete' | 'renew'>;
    db: Database;
    dialect: Dialect;
    writer: Pick<EntryWriter, 'lockOwner'>;
    clock: Clock;
  }) {
    this.entries = deps.entries;
    this.settings = deps.settings;
    this.reservations = deps.reservations;
    this.db = deps.db;
    this.dialect = deps.dialect;
    this.writer = deps.writer;
    this.clock = deps.clock;
  }

  /** Plans join the rule through billing (wired in modules.ts). */
  grantPlansWith(plans: PlanAllowance): void {
    this.plans = plans;
  }

  /**
   * Bytes the user may store, or null for no limit (allowedSpace): the staff's override, else a
   * valid subscription's plan, else the files.create restriction max_space_bytes, else the free
   * plan, else the drive.default_space_bytes setting.
   */
  async limitFor(actor: Actor): Promise<number | null> {
    const plans = this.plans;
    const userId = actor.user?.id;
    return allowedSpace(
      {
        isAdmin: actor.isAdmin,
        override: actor.availableSpace,
        restriction: actor.permissions.get(Permission.filesCreate)?.restrictions.find((r) => r.name === MAX_SPACE),
        plan: plans && userId !== undefined ? () => plans.planSpaceOf(userId) : undefined,
        freePlan: plans ? () => plans.freePlanSpace() : undefined,
      },
      () => this.defaultSpace(),
    );
  }

  /** The drive.default_space_bytes setting: the allowance of users with no override and no restriction. */
  async defaultSpace(): Promise<number> {
    return Number(await this.settings.get<number>('drive.default_space_bytes'));
  }

  /** used counts every file the user owns, trash included (not what uploads in flight reserved). */
  async usage(actor: Actor): Promise<SpaceUsage> {
    const user = actor.requireUser();
    const [used, available] = await Promise.all([this.entries.spaceUsed(user.id), this.limitFor(actor)]);
    return { used, available };
  }

  /** Bytes still free (reservations of uploads in flight deducted), or null for no limit. */
  async remaining(actor: Actor): Promise<number | null> {
    const limit = await this.limitFor(actor);
    if (limit === null) return null;
    const ownerId = actor.requireUser().id;
    const [used, reserved] = await Promise.all([
      this.entries.spaceUsed(ownerId),
      this.reservations.reservedBytes(ownerId, this.now()),
    ]);
    return Math.max(0, limit - used - reserved);
  }

  /** Refuses adding `bytes` when they do not fit. */
  async assertFits(actor: Actor, bytes: number): Promise<void> {
    await this.assertFitsUnder(await this.limitFor(actor), actor.requireUser().id, bytes);
  }

  /**
   * The same with a limit read beforehand, inside a transaction (`db`): it must not touch
   * another connection while the transaction holds SQLite's only one. Space reserved by
   * uploads in flight counts, except the reservation the caller is turning into an entry.
   */
  async assertFitsUnder(
    limit: number | null,
    ownerId: number,
    bytes: number,
    db?: Database,
    exceptReservation?: number | null,
  ): Promise<void> {
    if (limit === null) return;
    const used = await this.entries.spaceUsed(ownerId, db);
    const reserved = await this.reservations.reservedBytes(ownerId, this.now(), { except: exceptReservation, db });
    if (used + reserved + bytes > limit) throw noSpaceError(limit);
  }

  /**
   * Reserves `bytes` for an upload about to start, until `expiresAt`: atomically refuses with
   * 413 when used + reserved + bytes passes the limit. With `upTo`, reserves what is free when
   * less (a plain upload whose Content-Length only bounds the file), refusing only when nothing is.
   * `work` runs in the same transaction, so a row naming the reservation commits with it.
   */
  async reserve<T = undefined>(
    actor: Actor,
    bytes: number,
    options: { expiresAt: Date; upTo?: boolean; work?: (trx: Database, reservation: Reservation) => Promise<T> },
  ): Promise<{ reservation: Reservation; result: T }> {
    const ownerId = actor.requireUser().id;
    const limit = await this.limitFor(actor);
    return immediateTransaction(this.db, this.dialect, async (trx) => {
      await this.writer.lockOwner(trx, ownerId);
      let granted = bytes;
      if (limit !== null) {
        const now = this.now();
        const free =
          limit -
          (await this.entries.spaceUsed(ownerId, trx)) -
          (await this.reservations.reservedBytes(ownerId, now, { db: trx }));
        if (options.upTo) granted = Math.max(0, Math.min(bytes, free));
        if (bytes > free && !(options.upTo && free > 0)) throw noSpaceError(limit);
      }
      const at = this.now();
      const id = await this.reservations.insert(
        { user_id: ownerId, bytes: granted, expires_at: options.expiresAt.toISOString(), created_at: at },
        trx,
      );
      const reservation = { id, bytes: granted };
      const result = options.work ? await options.work(trx, reservation) : (undefined as T);
      return { reservation, result };
    });
  }

  /** Gives reserved space back (upload finished, refused or abandoned). */
  async release(reservationId: number | null | undefined, db?: Database): Promise<void> {
    if (reservationId) await this.reservations.delete(reservationId, db);
  }

  async renew(reservationId: number | null | undefined, expiresAt: Date, db?: Database): Promise<void> {
    if (reservationId) await this.reservations.renew(reservationId, expiresAt.toISOString(), db);
  }

  private now(): string {
    return this.clock().toISOString();
  }
}
