import http from 'node:http';
import { COOKIE, type NotificationStreamEvent, type UnreadStreamEvent } from '@kosh/contracts';

/** What each event of the stream carries (server/src/notifications/live-streams.ts). */
type EventData = { notification: NotificationStreamEvent; unread: UnreadStreamEvent };
export type StreamEvent = { event: string; data: unknown };

/** An EventSource-like reader of GET notifications/stream on a listening app. */
export class StreamReader {
  readonly events: StreamEvent[] = [];
  comments = 0;
  status = 0;
  ended = false;
  private req: http.ClientRequest | null = null;
  private buffer = '';

  static async open(baseUrl: string, sessionToken: string | null): Promise<StreamReader> {
    const reader = new StreamReader();
    await new Promise<void>((resolve, reject) => {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (sessionToken) headers.cookie = `${COOKIE.session}=${sessionToken}`;
      reader.req = http.get(`${baseUrl}/api/v1/notifications/stream`, { headers }, (res) => {
        reader.status = res.statusCode ?? 0;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => reader.feed(chunk));
        const end = () => {
          reader.ended = true;
        };
        res.on('end', end);
        res.on('close', end);
        resolve();
      });
      reader.req.on('error', reject);
    });
    return reader;
  }

  /** The first event named `event` that satisfies `match`, waiting up to timeoutMs. */
  async waitFor<E extends keyof EventData>(
    event: E,
    match: (data: EventData[E]) => boolean = () => true,
    timeoutMs = 2000,
  ): Promise<{ event: E; data: EventData[E] }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // The server sends each event name with one shape (EventData).
      const found = this.events.find((e) => e.event === event && match(e.data as EventData[E]));
      if (found) return { event, data: found.data as EventData[E] };
      if (Date.now() > deadline)
        throw new Error(`no ${event} event within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close(): void {
    this.req?.destroy();
  }

  private feed(chunk: string): void {
    this.buffer += chunk;
    for (let index = this.buffer.indexOf('\n\n'); index >= 0; index = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, index);
      this.buffer = this.buffer.slice(index + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments++;
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length) this.events.push({ event, data: JSON.parse(data.join('\n')) });
    }
  }
}
