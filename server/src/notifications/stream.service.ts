import type { ServerResponse } from 'node:http';
import type { Actor } from '../auth/actor.ts';
import { tooManyRequests } from '../http/app-error.ts';
import type { InboxService } from './inbox.service.ts';
import type { LiveStreams, StillSignedIn } from './live-streams.ts';

/** The part of a Fastify reply the stream takes over: its socket, once the framework lets go. */
export type HijackableReply = { hijack(): void; raw: ServerResponse };

/** Opens the caller's server-sent event stream (GET notifications/stream) and hands it to LiveStreams. */
export class NotificationStreamService {
  private readonly streams: LiveStreams;
  private readonly inbox: InboxService;
  constructor(deps: { streams: LiveStreams; inbox: InboxService }) {
    this.streams = deps.streams;
    this.inbox = deps.inbox;
  }

  /**
   * 429 past the streams one user may hold; otherwise the answer stays open, starting with the
   * unread count. `stillSignedIn` is asked at each heartbeat: a logout elsewhere ends the stream.
   */
  async open(actor: Actor, reply: HijackableReply, stillSignedIn: StillSignedIn): Promise<void> {
    const user = actor.requireUser();
    if (!this.streams.canOpen(user.id)) throw tooManyRequests('Too many open notification streams.');
    const unreadCount = await this.inbox.unreadCount(user.id);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx would otherwise buffer the stream.
      'x-accel-buffering': 'no',
      'content-security-policy': "default-src 'none'",
      'x-content-type-options': 'nosniff',
    });
    res.write(`retry: 3000\n\nevent: unread\ndata: ${JSON.stringify({ unreadCount })}\n\n`);
    this.streams.add(user.id, res, stillSignedIn);
  }
}
