import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database, Dialect } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { immediateTransaction } from './owner-transaction.ts';

/** Who asks for a ZIP: the signed-in user (if any), the shareable link it goes through (if any), the client address. */
export type ZipClient = { userId: number | null; linkId: number | null; address: string };

/** How many archives may stream at once (settings, 0 = no cap). */
export type ZipConcurrency = { perUser: number; perLink: number; perAddress: number };

/** The key of the advisory lock that serialises slot takers on PostgreSQL (entry-writer.ts uses 1 to 3). */
const SLOTS_LOCK = 6;
/** A running archive renews its row this often. */
const ALIVE_EVERY_MS = 20_000;
/** A row not renewed for this long belongs to a process that stopped: it no longer counts. */
const STALE_AFTER_MS = 90_000;
/** What a refused client is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 30;

/**
 * Concurrency caps of ZIP downloads, shared by every server process: one row per archive being
 * streamed in zip_downloads, taken before the first byte and deleted when the stream closes. The
 * count and the insert run in one transaction that SQLite serialises (BEGIN IMMEDIATE) and
 * PostgreSQL serialises with an advisory transaction lock, so parallel requests cannot all pass.
 * A process that dies leaves rows that stop being renewed and stop counting after 90 s.
 */
export class ZipSlots {
  private readonly db: Database;
  private readonly dialect: Dialect;
  private readonly logger: Logger;
  private readonly clock: () => Date;
  private readonly holder = randomUUID();
  private readonly open = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  constructor(deps: { db: Database; dialect: Dialect; logger: Logger; clock?: () => Date }) {
    this.db = deps.db;
    this.dialect = deps.dialect;
    this.logger = deps.logger;
    this.clock = deps.clock ?? (() => new Date());
  }

  /** Reads the caps from the settings. */
  static async limitsOf(settings: SettingsService): Promise<ZipConcurrency> {
    const [perUser, perLink, perAddress] = await Promise.all([
      settings.get<number>('downloads.zip_per_user'),
      settings.get<number>('downloads.zip_per_link'),
      settings.get<number>('downloads.zip_per_address'),
    ]);
    return { perUser, perLink, perAddress };
  }

  /** Takes a slot for `client`, or answers 429 when one of its caps is reached; answers the release. */
  async acquire(client: ZipClient, limits: ZipConcurrency): Promise<() => Promise<void>> {
    const now = this.clock();
    const at = now.toISOString();
    const staleBefore = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
    const id = await immediateTransaction(this.db, this.dialect, async (trx) => {
      if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SLOTS_LOCK}, 0)`.execute(trx);
      await trx.deleteFrom('zip_downloads').where('alive_at', '<', staleBefore).execute();
      const count = async (column: 'user_id' | 'link_id' | 'address', value: number | string) => {
        const row = await trx
          .selectFrom('zip_downloads')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where(column, '=', value)
          .executeTakeFirst();
        return Number(row?.n ?? 0);
      };
      const checks: Array<[number, 'user_id' | 'link_id' | 'address', number | string | null, string]> = [
        [limits.perUser, 'user_id', client.userId, 'your account'],
        [limits.perLink, 'link_id', client.linkId, 'this link'],
        [limits.perAddress, 'address', client.address, 'your network address'],
      ];
      for (const [limit, column, value, whose] of checks) {
        if (limit <= 0 || value === null) continue;
        if ((await count(column, value)) >= limit)
          throw new AppError(
            429,
            `Too many ZIP downloads are running for ${whose} (at most ${limit} at once). ` +
              'Wait for one to finish, then try again.',
            { code: 'too_many_requests', headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } },
          );
      }
      const row = await trx
        .insertInto('zip_downloads')
        .values({
          holder: this.holder,
          user_id: client.userId,
          link_id: client.linkId,
          address: client.address,
          started_at: at,
          alive_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    this.open.add(id);
    this.keepAlive();
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      this.open.delete(id);
      if (!this.open.size) this.stopKeepingAlive();
      await this.db
        .deleteFrom('zip_downloads')
        .where('id', '=', id)
        .execute()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'could not release a ZIP slot; it goes stale'));
    };
  }

  private keepAlive(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      const ids = [...this.open];
      if (!ids.length) return;
      void this.db
        .updateTable('zip_downloads')
        .set({ alive_at: this.clock().toISOString() })
        .where('id', 'in', ids)
        .execute()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'could not renew ZIP slots'));
    }, ALIVE_EVERY_MS);
    this.timer.unref();
  }

  private stopKeepingAlive(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
