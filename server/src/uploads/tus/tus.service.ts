import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, StreamLimiter, TUS_RESUMABLE, type Locker, type Server, type Upload } from '@tus/server';
import { API_PREFIX, Permission, TUS_ENDPOINT_PATH, TusUploadMetadataSchema, type FileEntry } from '@kosh/contracts';
import type { Logger } from 'pino';
import type { Actor } from '../../auth/actor.ts';
import type { Config } from '../../config.ts';
import { AppError, conflict, forbidden, notFound, validation } from '../../http/app-error.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import { entryKeyOf } from '../../storage/keys.ts';
import type { StorageDriver } from '../../storage/storage-driver.ts';
import type { PendingUploadRow, PendingUploadsRepository } from '../pending-uploads.repository.ts';
import type { FinishedBytes, UploadFinalizer } from '../upload-finalizer.ts';
import type { UploadIntake } from '../upload-intake.ts';
import type { LocalTusStore } from './local-tus-store.ts';
import { RunningHashes } from './running-hashes.ts';
import type { S3TusStore } from './s3-tus-store.ts';
import { CHECKSUM_ALGORITHMS, tusContext, type TusRequestContext } from './tus-context.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TUS_PATH = `/${API_PREFIX}/${TUS_ENDPOINT_PATH}`;
/** A long PATCH renews its upload's lifetime at most this often. */
const ACTIVITY_EVERY_MS = 60_000;
const HASH_CHUNK = 1024 * 1024;
/** How long a request waits for another holding its upload to let go (tus: the holder is asked to stop). */
const LOCK_WAIT_MS = 30_000;

/** The upload id (a UUID) at the end of an upload URL, or the id itself. */
export function uploadIdOf(value: string): string | undefined {
  const last = value.split('?')[0].replace(/\/+$/, '').split('/').pop() ?? '';
  return UUID_RE.test(last) ? last : undefined;
}

type Backend = {
  server: Server;
  /** Shared by every process on PostgreSQL; @tus/server's MemoryLocker on SQLite (one process). */
  locker: Locker & { close?(): Promise<void> };
  store: LocalTusStore | S3TusStore;
  kind: 'local' | 's3';
  /** The store's id of an upload: the UUID on disk, the entry key on S3 (completed in place). */
  storeIdOf(uuid: string): string;
  /** Moves a finished upload's bytes under its key; answers what is there. */
  place(row: PendingUploadRow): Promise<FinishedBytes>;
  remove(storeId: string): Promise<void>;
  exists(storeId: string): Promise<boolean>;
  listUploads(): AsyncIterable<{ id: string; modified: Date }>;
  /** Lets go of what the store holds (the hashing worker on local disk). */
  close(): Promise<void>;
};

/**
 * Resumable uploads (tus 1.0, spec part 2, 7) with @tus/server inside a Fastify route, so the
 * app's session, anti-forgery and workspace hooks run first. Creation checks name, type, size
 * and space (reserving it) before a byte is stored; each PATCH renews the upload's lifetime;
 * termination and expiry give the space back; finishing turns the upload into an entry.
 */
export class TusUploads {
  private readonly config: Pick<Config, 'storageDriver' | 'dataDir' | 's3' | 'databaseUrl'>;
  private readonly intake: UploadIntake;
  private readonly finalizer: UploadFinalizer;
  private readonly pending: PendingUploadsRepository;
  private readonly settings: SettingsService;
  private readonly storage: StorageDriver;
  private readonly logger: Logger;
  private readonly clock: () => Date;
  private readonly hashes = new RunningHashes();
  private backend: Promise<Backend> | undefined;
  constructor(deps: {
    config: Pick<Config, 'storageDriver' | 'dataDir' | 's3' | 'databaseUrl'>;
    intake: UploadIntake;
    finalizer: UploadFinalizer;
    pending: PendingUploadsRepository;
    settings: SettingsService;
    storage: StorageDriver;
    logger: Logger;
    clock: () => Date;
  }) {
    this.config = deps.config;
    this.intake = deps.intake;
    this.finalizer = deps.finalizer;
    this.pending = deps.pending;
    this.settings = deps.settings;
    this.storage = deps.storage;
    this.logger = deps.logger;
    this.clock = deps.clock;
  }

  /** Hands one tus request (any method) to @tus/server; the reply is written by it. */
  async handle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const method = request.method;
    if (method !== 'OPTIONS') request.actor.authorize(Permission.filesCreate);
    if (method === 'POST' && !(await this.settings.get<boolean>('uploads.resumable')))
      throw forbidden('Resumable uploads are turned off.');
    const backend = await this.load();
    const context: TusRequestContext = { actor: request.actor, workspaceId: request.workspaceId, res: reply.raw };
    const checksum = request.headers['upload-checksum'];
    if (typeof checksum === 'string') {
      const [name, digest] = checksum.trim().split(/\s+/);
      if (!CHECKSUM_ALGORITHMS[name] || !digest)
        throw new AppError(400, 'Unsupported checksum algorithm.', { code: 'upload_checksum_unsupported' });
      context.checksum = { algorithm: CHECKSUM_ALGORITHMS[name], digest };
    }
    if (method === 'OPTIONS') reply.raw.setHeader('Tus-Checksum-Algorithm', Object.keys(CHECKSUM_ALGORITHMS).join(','));
    reply.hijack();
    try {
      const uploadId = (request.params as { uploadId?: string }).uploadId;
      if (method === 'PATCH' && uploadId)
        await tusContext.run(context, () => this.patch(backend, request.raw, reply.raw, uploadId));
      else await tusContext.run(context, () => backend.server.handle(request.raw, reply.raw));
    } catch (error) {
      this.logger.error({ err: error }, 'tus request failed');
      if (!reply.raw.headersSent)
        reply.raw
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: 'There was an issue. Please try again.' }));
      else reply.raw.destroy();
    }
    if (context.createdKey && reply.raw.statusCode >= 400) await this.forgetFailedCreation(backend, context.createdKey);
  }

  /**
   * PATCH (tus core): the bytes at Upload-Offset, streamed into the store with Node streams from
   * the socket to the file. @tus/server's own PATCH handler goes through web streams, which on
   * a 1 GiB upload costs about half the disk's throughput and some 75 MB of garbage memory;
   * the store, its lock and the hooks are the same ones @tus/server uses for everything else.
   */
  private async patch(backend: Backend, req: IncomingMessage, res: ServerResponse, uploadId: string): Promise<void> {
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
      const { status_code, body } = this.mapError(error);
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
    const storeId = backend.storeIdOf(id);
    const offset = Number(offsetHeader);
    // Ends the store's write with what arrived when the client goes away or another request needs the upload.
    let stopWrite = () => {};
    let stopped = false;
    const stop = () => {
      stopped = true;
      stopWrite();
    };
    try {
      await this.onIncoming('PATCH', storeId);
      const held = backend.locker.newLock(storeId);
      await held.lock(AbortSignal.timeout(LOCK_WAIT_MS), () => stop());
      let newOffset: number;
      try {
        const upload = await backend.store.getUpload(storeId);
        if (upload.offset !== offset) throw ERRORS.INVALID_OFFSET;
        const length = Number(req.headers['content-length']);
        if (Number.isFinite(length) && offset + length > upload.size!) throw ERRORS.ERR_SIZE_EXCEEDED;
        req.once('close', () => req.complete || stop());
        req.once('error', () => stop());
        newOffset = await this.writeBody(backend, req, storeId, offset, upload.size! - offset, (s) => {
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

  /**
   * Streams the request body into the store; `onStop` receives what ends the write early (and
   * may call it at once: the write then keeps nothing of the body). On
   * local disk the socket is piped straight into the upload's file (the raw PUT's path plus the
   * hashes); on S3 through @tus/s3-store, which splits it into parts.
   */
  private writeBody(
    backend: Backend,
    req: IncomingMessage,
    storeId: string,
    offset: number,
    limit: number,
    onStop: (stop: () => void) => void,
  ): Promise<number> {
    if (backend.kind === 'local') {
      return (backend.store as LocalTusStore).writeBody(storeId, offset, limit, (sink) => {
        req.pipe(sink);
        onStop(() => {
          req.unpipe(sink);
          if (!sink.writableEnded) sink.end();
        });
        return finished(sink);
      });
    }
    const body = new PassThrough({ highWaterMark: 1024 * 1024 });
    req.pipe(body);
    onStop(() => {
      req.unpipe(body);
      if (!body.writableEnded) body.end();
    });
    return backend.store.write(body.pipe(new StreamLimiter(limit)), storeId, offset);
  }

  /** POST tus/entries: the finished upload becomes a file entry (a second call answers the same one). */
  async finish(actor: Actor, uploadKey: string): Promise<FileEntry> {
    actor.authorize(Permission.filesCreate);
    const id = uploadIdOf(uploadKey);
    if (!id) throw notFound('The upload does not exist.');
    const row = await this.finalizer.getOwned(actor, entryKeyOf(id), ['tus']);
    const backend = await this.load();
    return this.finalizer.finish(actor, row, (r) => backend.place(r));
  }

  /** Removes what an unfinished upload stored (expiry): the store's files and any bytes under its key. */
  async discard(row: PendingUploadRow): Promise<void> {
    const backend = await this.load();
    await backend.remove(backend.storeIdOf(row.upload_id ?? row.key.split('/').pop()!));
    await this.storage.delete(row.key);
  }

  /** Removes uploads the store holds that no pending row names any more (crash leftovers). */
  async sweepLeftovers(graceMs: number): Promise<number> {
    const backend = await this.load();
    const cutoff = this.clock().getTime() - graceMs;
    let removed = 0;
    for await (const upload of backend.listUploads()) {
      if (upload.modified.getTime() > cutoff || !UUID_RE.test(upload.id)) continue;
      if (await this.pending.getByKey(entryKeyOf(upload.id))) continue;
      await backend.remove(backend.storeIdOf(upload.id));
      removed++;
    }
    return removed;
  }

  /** Lets go of what the uploads hold outside the database pool (the lock connection on PostgreSQL). */
  async close(): Promise<void> {
    const backend = await this.backend?.catch(() => undefined);
    await backend?.locker.close?.();
    await backend?.close();
  }

  private context(): TusRequestContext {
    const context = tusContext.getStore();
    if (!context) throw new Error('tus hook outside a request');
    return context;
  }

  /** onUploadCreate: every check of the intake, and the space reserved, before a byte is stored. */
  private async onCreate(upload: Upload): Promise<{ metadata?: Upload['metadata'] }> {
    const context = this.context();
    if (upload.size === undefined) throw validation({ 'Upload-Length': ['The upload length is required.'] });
    const meta = TusUploadMetadataSchema.safeParse(
      Object.fromEntries(Object.entries(upload.metadata ?? {}).map(([k, v]) => [k, v ?? undefined])),
    );
    if (!meta.success)
      throw validation(Object.fromEntries(meta.error.issues.map((i) => [`metadata.${i.path.join('.')}`, [i.message]])));
    const m = meta.data;
    const parent =
      m.parentId === undefined || m.parentId === '' || m.parentId === 'null'
        ? null
        : /^\d{1,10}$/.test(m.parentId)
          ? Number(m.parentId)
          : NaN;
    if (Number.isNaN(parent)) throw validation({ 'metadata.parentId': ['The folder id must be a whole number.'] });
    const workspace =
      m.workspaceId !== undefined && /^\d{1,10}$/.test(m.workspaceId) ? Number(m.workspaceId) : context.workspaceId;
    const uuid = upload.id.slice(upload.id.lastIndexOf('/') + 1);
    const row = await this.intake.open(context.actor, {
      kind: 'tus',
      key: entryKeyOf(uuid),
      uploadId: uuid,
      name: m.name || m.clientName || '',
      size: upload.size,
      mimes: [m.clientMime],
      clientExtension: m.clientExtension,
      parentId: parent,
      relativePath: m.relativePath,
      workspaceId: workspace,
    });
    context.createdKey = row.key;
    context.res.setHeader('Upload-Expires', new Date(row.expires_at).toUTCString());
    return { metadata: upload.metadata };
  }

  /** onIncomingRequest: HEAD, PATCH and DELETE reach only the caller's own, live uploads. */
  private async onIncoming(method: string, storeId: string): Promise<void> {
    if (method === 'POST' || method === 'OPTIONS') return;
    const context = this.context();
    const row = await this.pending.getByKey(entryKeyOf(storeId.slice(storeId.lastIndexOf('/') + 1)));
    if (!row || row.kind !== 'tus' || row.user_id !== context.actor.user?.id)
      throw notFound('The upload does not exist.');
    if (row.state === 'done') throw notFound('The upload is finished: its file is in the drive.');
    if (row.state === 'finalizing') throw conflict('The upload is being finished.');
    if (this.intake.isExpired(row)) throw new AppError(410, 'The upload has expired.', { code: 'upload_expired' });
    // Terminated: the space is given back before the 204 goes out.
    if (method === 'DELETE') context.onRemoved = () => this.intake.drop(row);
    let expires = new Date(row.expires_at);
    if (method === 'PATCH') {
      expires = await this.intake.touch(row);
      let last = this.clock().getTime();
      context.onActivity = () => {
        const now = Date.now();
        if (now - last < ACTIVITY_EVERY_MS) return;
        last = now;
        void this.intake
          .touch(row)
          .catch((error: unknown) => this.logger.warn({ err: error }, 'could not renew an upload'));
      };
    }
    context.res.setHeader('Upload-Expires', expires.toUTCString());
  }

  /** Our errors keep their status and message (as JSON, like every other answer); tus's keep theirs. */
  private mapError(error: unknown): { status_code: number; body: string } {
    if (error instanceof AppError)
      return {
        status_code: error.status,
        body: JSON.stringify({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) }),
      };
    const e = error as { status_code?: number; body?: string };
    if (e?.status_code && e.status_code < 500)
      return { status_code: e.status_code, body: JSON.stringify({ message: (e.body ?? '').trim() }) };
    this.logger.error({ err: error }, 'tus upload error');
    return {
      status_code: e?.status_code ?? 500,
      body: JSON.stringify({ message: 'There was an issue. Please try again.' }),
    };
  }

  /** A creation refused after its row was written (the store failed): give the space back. */
  private async forgetFailedCreation(backend: Backend, key: string): Promise<void> {
    const row = await this.pending.getByKey(key);
    if (!row || row.state !== 'open' || (await backend.exists(backend.storeIdOf(row.upload_id!)))) return;
    await this.intake
      .drop(row)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'could not drop a failed upload'));
  }

  private load(): Promise<Backend> {
    this.backend ??= this.createBackend();
    return this.backend;
  }

  private async createBackend(): Promise<Backend> {
    const { Server, MemoryLocker } = await import('@tus/server');
    const locker = this.config.databaseUrl
      ? new (await import('./pg-locker.ts')).PgLocker({
          connectionString: this.config.databaseUrl,
          logger: this.logger,
        })
      : new MemoryLocker({ acquireLockTimeout: LOCK_WAIT_MS });
    const storeOf = await (this.config.storageDriver === 's3' ? this.s3Store() : this.localStore());
    const { store, kind } = storeOf;
    const storeIdOf = kind === 's3' ? (uuid: string) => entryKeyOf(uuid) : (uuid: string) => uuid;
    const server = new Server({
      path: TUS_PATH,
      datastore: store,
      locker,
      // No CORS answers: the app and its uploads share one origin.
      allowedOrigins: () => false,
      namingFunction: () => storeIdOf(randomUUID()),
      generateUrl: (_req, { path: base, id }) => `${base}/${id.slice(id.lastIndexOf('/') + 1)}`,
      getFileIdFromRequest: (_req, lastPath) => {
        const id = lastPath ? uploadIdOf(lastPath) : undefined;
        return id ? storeIdOf(id) : undefined;
      },
      onUploadCreate: (_req, upload) => this.onCreate(upload),
      onIncomingRequest: (req, id) => this.onIncoming(req.method, id),
      onResponseError: (_req, error) => this.mapError(error),
    });
    const exists = (id: string) =>
      store.getUpload(id).then(
        () => true,
        () => false,
      );
    const remove = (id: string) =>
      store.remove(id).catch((error: unknown) => {
        if ((error as { status_code?: number })?.status_code !== 404) throw error;
      });
    if (kind === 'local') {
      const local = store as LocalTusStore;
      return {
        server,
        locker,
        store,
        kind,
        storeIdOf,
        exists,
        remove,
        listUploads: () => local.listUploads(),
        place: (row) => this.placeLocal(local, row),
        close: () => local.close(),
      };
    }
    const s3 = store as S3TusStore;
    return {
      server,
      locker,
      store,
      kind,
      storeIdOf,
      exists,
      remove,
      listUploads: () => s3.listUploads(),
      place: (row) => this.placeS3(s3, row),
      close: async () => undefined,
    };
  }

  private async localStore(): Promise<{ store: LocalTusStore; kind: 'local' }> {
    const { LocalTusStore } = await import('./local-tus-store.ts');
    // Under files/, so finishing is a rename on one file system; the drive's sweeps list entries/ and thumbnails/ only.
    return { store: new LocalTusStore(path.join(this.config.dataDir, 'files', '.tus')), kind: 'local' };
  }

  private async s3Store(): Promise<{ store: S3TusStore; kind: 's3' }> {
    const { S3TusStore } = await import('./s3-tus-store.ts');
    const s3 = this.config.s3;
    const store = new S3TusStore(
      {
        partSize: 8 * 1024 * 1024,
        maxConcurrentPartUploads: 4,
        useTags: false,
        s3ClientConfig: {
          bucket: s3.bucket!,
          endpoint: s3.endpoint,
          region: s3.region,
          forcePathStyle: s3.forcePathStyle,
          credentials: { accessKeyId: s3.accessKeyId!, secretAccessKey: s3.secretAccessKey! },
          // RGW and other non-AWS stores (DESIGN.md).
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        },
      },
      this.hashes,
    );
    return { store, kind: 's3' };
  }

  /** Local disk: fsync and rename the finished file under its key (no copy); hash it here if the running hash was lost. */
  private async placeLocal(store: LocalTusStore, row: PendingUploadRow): Promise<FinishedBytes> {
    const id = row.upload_id!;
    const upload = await store.getUpload(id).catch(() => undefined);
    if (upload) {
      if (upload.offset !== row.size)
        throw conflict(`The upload is not complete: ${upload.offset} of ${row.size} bytes arrived.`);
      const file = store.filePath(id);
      const sha256 =
        (await store.digest(id, row.size)) ??
        (await hashStream(fs.createReadStream(file, { highWaterMark: HASH_CHUNK })));
      await this.storage.adoptFile!(file, row.key);
      await store.forget(id);
      return { size: row.size, sha256 };
    }
    // Moved by an earlier call that stopped before its entry was written.
    const stat = await this.storage.stat(row.key);
    if (!stat || stat.size !== row.size) throw notFound('The bytes of this upload are gone.');
    return { size: stat.size, sha256: await hashStream(await this.storage.getRange(row.key)) };
  }

  /** S3: the object was completed in place under its key; drop the store's own objects. */
  private async placeS3(store: S3TusStore, row: PendingUploadRow): Promise<FinishedBytes> {
    const upload = await store.getUpload(row.key).catch(() => undefined);
    if (upload && upload.offset !== row.size)
      throw conflict(`The upload is not complete: ${upload.offset} of ${row.size} bytes arrived.`);
    const stat = await this.storage.stat(row.key);
    if (!stat)
      throw upload ? conflict('The upload is not complete yet.') : notFound('The bytes of this upload are gone.');
    if (stat.size !== row.size)
      throw conflict(`The stored object has ${stat.size} bytes, not the ${row.size} declared.`);
    const sha256 = this.hashes.digest(row.key, row.size) ?? null;
    if (upload) await store.forget(row.key);
    return { size: stat.size, sha256 };
  }
}

async function hashStream(stream: AsyncIterable<unknown>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
