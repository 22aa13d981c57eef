import type { ServerResponse } from 'node:http';
import { NOTIFICATION_STREAM_EVENTS, type Notification } from '@kosh/contracts';
import type { Logger } from 'pino';
import type { LiveHub, LiveSignal } from './live-hub.ts';

/** Open streams one user may hold (tabs, devices); one more answers 429. */
export const STREAMS_PER_USER = 8;
export const HEARTBEAT_MS = 20_000;

/** Is the stream's sign-in still valid (session not ended, token not revoked)? Asked at each heartbeat. */
export type StillSignedIn = () => Promise<boolean>;

type Loader = {
  /** The notification as the list shows it, if it still exists and is the user's. */
  load(userId: number, notificationId: string): Promise<Notification | undefined>;
  unreadCount(userId: number): Promise<number>;
};

/**
 * The server-sent event streams open in this process (GET notifications/stream), by user.
 * Every signal from the hub (this process or another) is turned into an event for the user's
 * open streams: `notification` with the row and the unread count, or `unread` alone.
 */
export class LiveStreams {
  private readonly byUser = new Map<number, Set<ServerResponse>>();
  private readonly checks = new WeakMap<ServerResponse, StillSignedIn>();
  private readonly loader: Loader;
  private readonly logger: Logger;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly heartbeatMs: number;

  constructor(deps: { hub: LiveHub; loader: Loader; logger: Logger; heartbeatMs?: number }) {
    this.loader = deps.loader;
    this.logger = deps.logger;
    this.heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
    deps.hub.onSignal(
      (signal) =>
        void this.deliver(signal).catch((err: unknown) =>
          this.logger.warn({ err, userId: signal.userId }, 'could not deliver a live notification'),
        ),
    );
  }

  canOpen(userId: number): boolean {
    return (this.byUser.get(userId)?.size ?? 0) < STREAMS_PER_USER;
  }

  /**
   * Keeps the response open as the user's stream until the client leaves, the server stops, or
   * (checked at each heartbeat) the sign-in it was opened with ends: a logout elsewhere stops it.
   */
  add(userId: number, res: ServerResponse, stillSignedIn?: StillSignedIn): void {
    if (stillSignedIn) this.checks.set(res, stillSignedIn);
    const set = this.byUser.get(userId) ?? new Set<ServerResponse>();
    this.byUser.set(userId, set);
    set.add(res);
    res.on('close', () => {
      set.delete(res);
      if (!set.size && this.byUser.get(userId) === set) this.byUser.delete(userId);
    });
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs);
      this.heartbeat.unref();
    }
  }

  get openCount(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Ends every stream (server shutdown), so closing the server does not wait on them. */
  closeAll(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const set of this.byUser.values()) for (const res of set) res.end();
    this.byUser.clear();
  }

  private async deliver(signal: LiveSignal): Promise<void> {
    const set = this.byUser.get(signal.userId);
    if (!set?.size) return;
    if (signal.notificationId) {
      const notification = await this.loader.load(signal.userId, signal.notificationId);
      if (!notification) return;
      const unreadCount = await this.loader.unreadCount(signal.userId);
      this.send(set, NOTIFICATION_STREAM_EVENTS.notification, { notification, unreadCount });
    } else {
      this.send(set, NOTIFICATION_STREAM_EVENTS.unread, { unreadCount: await this.loader.unreadCount(signal.userId) });
    }
  }

  private send(set: Set<ServerResponse>, event: string, data: unknown): void {
    const chunk = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of set) res.write(chunk);
  }

  /** One heartbeat: a comment on every stream, or its end when its sign-in has ended (the interval calls it). */
  async beat(): Promise<void> {
    if (!this.byUser.size) {
      if (this.heartbeat) clearInterval(this.heartbeat);
      this.heartbeat = null;
      return;
    }
    await Promise.all([...this.byUser.values()].flatMap((set) => [...set].map((res) => this.beatOne(res))));
  }

  private async beatOne(res: ServerResponse): Promise<void> {
    const check = this.checks.get(res);
    const valid = check ? await check().catch(() => true) : true;
    if (valid) res.write(': heartbeat\n\n');
    else res.end();
  }
}
