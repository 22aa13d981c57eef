import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERRORS, type Locker, TUS_RESUMABLE } from '@tus/server';
import type { StopWrite, TusBackend } from './tus-backend.ts';
import { uploadIdOf } from './upload-id.ts';

/** How long a request waits for another holding its upload to let go (tus: the holder is asked to stop). */
export const LOCK_WAIT_MS = 30_000;

/** What the PATCH streamer asks of the uploads service around the bytes. */
export type PatchRules = {
  /** onIncomingRequest: the caller's own, live upload; renews its lifetime. Throws to refuse. */
  beforePatch(storeId: string): Promise<void>;
  /** The status and JSON body an error answers with. */
  mapError(error: unknown): { status_code: number; body: string };
};

/**
 * PATCH (tus core): the bytes at Upload-Offset, streamed into the store with Node streams from
 * the socket to the file. @tus/server's own PATCH handler goes through web streams, which on
 * a 1 GiB upload costs about half the disk's throughput and some 75 MB of garbage memory;
 * the store, its lock and the hooks are the same ones @tus/server uses for everything else.
 */
export class TusPatchStreamer {
  private readonly backend: TusBackend;
  private readonly locker: Locker;
  private readonly rules: PatchRules;
  constructor(deps: { backend: TusBackend; locker: Locker; rules: PatchRules }) {
    this.backend = deps.backend;
    this.locker = deps.locker;
    this.rules = deps.rules;
  }

  async patch(req: IncomingMessage, res: ServerResponse, uploadId: string): Promise<void> {
    const answer = (status: number, headers: Record<string, string> = {}, body?: string) => {
      res.writeHead(status, {
        'Tus-Resumable': TUS_RESUMABLE,
        'Cache-Control': 'no-store',
        ...(body ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
        ...headers,
      });
      res.end(body);
    };
    const fail = (error: unknown) => {
      const { status_code, body } = this.rules.mapError(error);
      // A body the client is still sending is not read: close the connection after the answer.
      answer(status_code, req.complete ? {} : { Connection: 'close' }, body);
    };
    if (req.headers['tus-resumable'] !== TUS_RESUMABLE)
      return answer(412, { 'Tus-Version': TUS_RESUMABLE }, JSON.stringify({ message: 'Tus-Resumable Required' }));
    if (req.headers['content-type'] !== 'application/offset+octet-stream') return fail(ERRORS.INVALID_CONTENT_TYPE);
    const offsetHeader = req.headers['upload-offset'];
    if (typeof offsetHeader !== 'string' || !/^\d{1,16}$/.test(offsetHeader)) return fail(ERRORS.MISSING_OFFSET);
    const id = uploadIdOf(uploadId);
    if (!id) return fail(ERRORS.FILE_NOT_FOUND);
    const storeId = this.backend.storeIdOf(id);
    const offset = Number(offsetHeader);
    // Ends the store's write with what arrived when the client goes away or another request needs the upload.
    let stopWrite: StopWrite = () => {};
    let stopped = false;
    const stop = () => {
      stopped = true;
      stopWrite();
    };
    try {
      await this.rules.beforePatch(storeId);
      const held = this.locker.newLock(storeId);
      await held.lock(AbortSignal.timeout(LOCK_WAIT_MS), () => stop());
      let newOffset: number;
      try {
        const upload = await this.backend.store.getUpload(storeId);
        if (upload.offset !== offset) throw ERRORS.INVALID_OFFSET;
        // Creation requires Upload-Length: an upload without a size is not one of ours.
        if (upload.size === undefined) throw ERRORS.INVALID_LENGTH;
        const length = Number(req.headers['content-length']);
        if (Number.isFinite(length) && offset + length > upload.size) throw ERRORS.ERR_SIZE_EXCEEDED;
        req.once('close', () => req.complete || stop());
        req.once('error', () => stop());
        newOffset = await this.backend.writeBody(req, storeId, offset, upload.size - offset, (s) => {
          stopWrite = s;
          if (stopped) s();
        });
      } finally {
        await held.unlock();
      }
      // A write stopped for another request leaves the rest of its body unread: close after the answer.
      answer(204, { 'Upload-Offset': String(newOffset), ...(req.complete ? {} : { Connection: 'close' }) });
    } catch (error) {
      stop();
      fail(error);
    }
  }
}
