import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { InProcessHub } from './live-hub.ts';
import { LiveStreams, STREAMS_PER_USER } from './live-streams.ts';

/** Enough of a ServerResponse for the registry: writes are kept, end() closes. */
class FakeResponse extends EventEmitter {
  readonly chunks: string[] = [];
  ended = false;
  write(chunk: string) {
    this.chunks.push(chunk);
    return true;
  }
  end() {
    this.ended = true;
    this.emit('close');
  }
}

const setup = (heartbeatMs = 20) => {
  const hub = new InProcessHub();
  const notification = {
    id: 'n1',
    type: 't',
    created_at: '2026-01-01T00:00:00.000Z',
    read_at: null,
    data: { lines: [] },
  };
  const streams = new LiveStreams({
    hub,
    logger: pino({ level: 'silent' }),
    heartbeatMs,
    loader: {
      load: async (userId, id) => (userId === 1 && id === 'n1' ? notification : undefined),
      unreadCount: async () => 3,
    },
  });
  return { hub, streams };
};

describe('LiveStreams', () => {
  it('sends heartbeats, events to the right user only, and ends every stream on closeAll', async () => {
    const { hub, streams } = setup();
    const mine = new FakeResponse();
    const theirs = new FakeResponse();
    streams.add(1, mine as unknown as ServerResponse);
    streams.add(2, theirs as unknown as ServerResponse);
    await hub.publish({ userId: 1, notificationId: 'n1' });
    await new Promise((r) => setTimeout(r, 60));
    const notification = {
      id: 'n1',
      type: 't',
      created_at: '2026-01-01T00:00:00.000Z',
      read_at: null,
      data: { lines: [] },
    };
    expect(mine.chunks).toContain(`event: notification\ndata: ${JSON.stringify({ notification, unreadCount: 3 })}\n\n`);
    expect(theirs.chunks.filter((c) => c.startsWith('event:'))).toEqual([]);
    expect(mine.chunks).toContain(': heartbeat\n\n');
    expect(streams.openCount).toBe(2);
    streams.closeAll();
    expect([mine.ended, theirs.ended, streams.openCount]).toEqual([true, true, 0]);
  });

  it('ends a stream at its heartbeat once its sign-in has ended, and keeps the others', async () => {
    const { streams } = setup();
    let signedIn = true;
    const ending = new FakeResponse();
    const staying = new FakeResponse();
    streams.add(1, ending as unknown as ServerResponse, async () => signedIn);
    streams.add(1, staying as unknown as ServerResponse, async () => true);
    await new Promise((r) => setTimeout(r, 60));
    expect(ending.ended).toBe(false);
    signedIn = false;
    await new Promise((r) => setTimeout(r, 60));
    expect([ending.ended, staying.ended, streams.openCount]).toEqual([true, false, 1]);
    streams.closeAll();
  });

  it('caps the streams of one user and frees a place when one closes', () => {
    const { streams } = setup(60_000);
    const open = Array.from({ length: STREAMS_PER_USER }, () => new FakeResponse());
    for (const res of open) streams.add(7, res as unknown as ServerResponse);
    expect(streams.canOpen(7)).toBe(false);
    expect(streams.canOpen(8)).toBe(true);
    open[0].emit('close');
    expect(streams.canOpen(7)).toBe(true);
    streams.closeAll();
  });
});
