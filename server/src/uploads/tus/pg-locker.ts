import pg from 'pg';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Logger } from 'pino';

/** The first key of every upload lock (entry-writer.ts uses 1 to 3), the second is hashtext(upload id). */
const LOCK_SPACE = 4;
/** Where a request that waits for an upload asks the process holding it to let go. */
const RELEASE_CHANNEL = 'kosh_tus_release';
/** How often a waiting request tries the lock again. */
const RETRY_MS = 50;
/** How often it asks again (another request of the holder's process may have taken the upload meanwhile). */
const ASK_AGAIN_MS = 1000;

/** A lock of this process: taken (with `client`) or being taken (without). */
type Held = { requestRelease: RequestRelease; askedToRelease: boolean; client?: pg.Client };

/**
 * tus upload locks shared by every server process on one PostgreSQL database (@tus/server's
 * MemoryLocker only sees its own process). A lock is a session advisory lock on one connection
 * of this process's own (not the pool's: a PATCH may hold its lock for hours), plus a map of the
 * locks this process holds, since one session may take the same advisory lock twice.
 * As tus asks, a request that finds its upload locked asks the holder to stop (a NOTIFY the
 * holder's process listens for; within one process, a direct call): the holder's PATCH ends
 * with the bytes that arrived, unlocks, and the waiter gets the lock. One that does not get it
 * before its signal aborts (30 s) is refused with 500, as @tus/server does.
 */
export class PgLocker implements Locker {
  private readonly connectionString: string;
  private readonly logger: Logger;
  private readonly held = new Map<string, Held>();
  private client: Promise<pg.Client> | undefined;
  constructor(options: { connectionString: string; logger: Logger }) {
    this.connectionString = options.connectionString;
    this.logger = options.logger;
  }

  newLock(id: string): Lock {
    return {
      lock: (signal, requestRelease) => this.acquire(id, signal, requestRelease),
      unlock: () => this.release(id),
    };
  }

  /** Ends this process's lock connection (its advisory locks go with it). */
  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) await (await client).end().catch(() => {});
  }

  private async acquire(id: string, signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    let askedAt = Number.NEGATIVE_INFINITY;
    while (!signal.aborted) {
      const holder = this.held.get(id);
      if (!holder) {
        // Taken here first, so a second request of this process cannot take the same advisory lock too.
        const mine: Held = { requestRelease, askedToRelease: false };
        this.held.set(id, mine);
        try {
          const client = await this.connect();
          const { rows } = await client.query<{ locked: boolean }>(
            'select pg_try_advisory_lock($1, hashtext($2)) as locked',
            [LOCK_SPACE, id],
          );
          if (rows[0].locked) {
            mine.client = client;
            return;
          }
          this.held.delete(id);
          if (Date.now() - askedAt >= ASK_AGAIN_MS) {
            askedAt = Date.now();
            await client.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, id]);
          }
        } catch (error) {
          this.held.delete(id);
          throw error;
        }
      } else if (!holder.askedToRelease) {
        holder.askedToRelease = true;
        await holder.requestRelease();
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, RETRY_MS);
        function done() {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        }
        signal.addEventListener('abort', done);
      });
    }
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  private async release(id: string): Promise<void> {
    const held = this.held.get(id);
    if (!held?.client) throw new Error('Releasing an unlocked lock!');
    this.held.delete(id);
    // A connection that was lost took its locks with it.
    if (held.client !== (await this.client?.catch(() => undefined))) return;
    await held.client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, id]).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'could not release an upload lock');
    });
  }

  private connect(): Promise<pg.Client> {
    this.client ??= this.open().catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
    return this.client;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client && error) this.logger.warn({ err: error }, 'upload lock connection lost');
      this.client = undefined;
      // Its advisory locks are gone: the writes holding them stop (and unlock), their clients resume.
      for (const holder of this.held.values()) {
        if (holder.client !== client || holder.askedToRelease) continue;
        holder.askedToRelease = true;
        void Promise.resolve(holder.requestRelease()).catch(() => {});
      }
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      const holder =
        message.channel === RELEASE_CHANNEL && message.payload ? this.held.get(message.payload) : undefined;
      if (!holder || holder.askedToRelease) return;
      holder.askedToRelease = true;
      void Promise.resolve(holder.requestRelease()).catch(() => {});
    });
    await client.connect();
    await client.query(`listen ${RELEASE_CHANNEL}`);
    return client;
  }
}
