import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Locker, Server, Upload } from '@tus/server';
import { API_PREFIX, Permission, TUS_ENDPOINT_PATH, TusUploadMetadataSchema, type FileEntry } from '@kosh/contracts';
import type { Logger } from 'pino';
import type { Actor } from '../../auth/actor.ts';
import type { Config } from '../../config.ts';
import { AppError, conflict, forbidden, notFound, validation } from '../../http/app-error.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import { entryKeyOf } from '../../storage/keys.ts';
import type { StorageDriver } from '../../storage/storage-driver.ts';
import type { PendingUploadRow, PendingUploadsRepository } from '../pending-uploads.repository.ts';
import type { UploadFinalizer } from '../upload-finalizer.ts';
import type { UploadIntake } from '../upload-intake.ts';
import { LOCK_WAIT_MS, TusPatchStreamer } from './patch-streamer.ts';
import type { TusBackend } from './tus-backend.ts';
import { type TusRequestContext, tusContext } from './tus-context.ts';
import { UUID_RE, uploadIdOf, uuidOfRow } from './upload-id.ts';

const TUS_PATH = `/${API_PREFIX}/${TUS_ENDPOINT_PATH}`;
/** A long PATCH renews its upload's lifetime at most this often. */
const ACTIVITY_EVERY_MS = 60_000;

/** What serves tus requests once the first one arrives: @tus/server, our PATCH streamer, their store and lock. */
type Engine = {
  server: Server;
  patcher: TusPatchStreamer;
  backend: TusBackend;
  /** Shared by every process on PostgreSQL; @tus/server's MemoryLocker on SQLite (one process). */
  locker: Locker & { close?(): Promise<void> };
};

/**
 * Resumable uploads (tus 1.0, spec part 2, 7): the rules around @tus/server. Creation checks
 * name, type, size and space (reserving it) before a byte is stored; each PATCH renews the
 * upload's lifetime; termination and expiry give the space back; finishing turns the upload
 * into an entry. HTTP glue: tus-http.ts; PATCH bytes: patch-streamer.ts; stores: *-backend.ts.
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
  private loaded: Promise<Engine> | undefined;
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

  /** Any tus request but OPTIONS needs files.create; creating one needs resumable uploads on. */
  async authorize(actor: Actor, method: string): Promise<void> {
    if (method !== 'OPTIONS') actor.authorize(Permission.filesCreate);
    if (method === 'POST' && !(await this.settings.get<boolean>('uploads.resumable')))
      throw forbidden('Resumable uploads are turned off.');
  }

  /** @tus/server, the PATCH streamer and the store, built on the first tus request. */
  engine(): Promise<Engine> {
    this.loaded ??= this.createEngine();
    return this.loaded;
  }

  /** POST tus/entries: the finished upload becomes a file entry (a second call answers the same one). */
  async finish(actor: Actor, uploadKey: string): Promise<FileEntry> {
    actor.authorize(Permission.filesCreate);
    const id = uploadIdOf(uploadKey);
    if (!id) throw notFound('The upload does not exist.');
    const row = await this.finalizer.getOwned(actor, entryKeyOf(id), ['tus']);
    const { backend } = await this.engine();
    return this.finalizer.finish(actor, row, (r) => backend.place(r));
  }

  /** Removes what an unfinished upload stored (expiry): the store's files and any bytes under its key. */
  async discard(row: PendingUploadRow): Promise<void> {
    const { backend } = await this.engine();
    await backend.remove(backend.storeIdOf(uuidOfRow(row)));
    await this.storage.delete(row.key);
  }

  /** Removes uploads the store holds that no pending row names any more (crash leftovers). */
  async sweepLeftovers(graceMs: number): Promise<number> {
    const { backend } = await this.engine();
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

  /** A creation refused after its row was written (the store failed): give the space back. */
  async forgetFailedCreation(key: string): Promise<void> {
    const { backend } = await this.engine();
    const row = await this.pending.getByKey(key);
    if (row?.state !== 'open' || (await backend.exists(backend.storeIdOf(uuidOfRow(row))))) return;
    await this.intake
      .drop(row)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'could not drop a failed upload'));
  }

  /** Lets go of what the uploads hold outside the database pool (the lock connections on PostgreSQL). */
  async close(): Promise<void> {
    const engine = await this.loaded?.catch(() => undefined);
    await engine?.locker.close?.();
    await engine?.backend.close();
    await this.finalizer.close();
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
    const found = await this.pending.getByKey(entryKeyOf(storeId.slice(storeId.lastIndexOf('/') + 1)));
    if (found?.kind !== 'tus' || found.user_id !== context.actor.user?.id) throw notFound('The upload does not exist.');
    // A claim left by a process that was killed while finishing is let go, so the upload resumes at once.
    const row = await this.finalizer.releaseIfOrphaned(found);
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

  private async createEngine(): Promise<Engine> {
    const { Server, MemoryLocker } = await import('@tus/server');
    const locker = this.config.databaseUrl
      ? new (await import('./pg-locker.ts')).PgLocker({
          connectionString: this.config.databaseUrl,
          logger: this.logger,
        })
      : new MemoryLocker({ acquireLockTimeout: LOCK_WAIT_MS });
    const backend = await this.createBackend();
    const server = new Server({
      path: TUS_PATH,
      datastore: backend.store,
      locker,
      // No CORS answers: the app and its uploads share one origin.
      allowedOrigins: () => false,
      namingFunction: () => backend.storeIdOf(randomUUID()),
      generateUrl: (_req, { path: base, id }) => `${base}/${id.slice(id.lastIndexOf('/') + 1)}`,
      getFileIdFromRequest: (_req, lastPath) => {
        const id = lastPath ? uploadIdOf(lastPath) : undefined;
        return id ? backend.storeIdOf(id) : undefined;
      },
      onUploadCreate: (_req, upload) => this.onCreate(upload),
      onIncomingRequest: (req, id) => this.onIncoming(req.method, id),
      onResponseError: (_req, error) => this.mapError(error),
    });
    const patcher = new TusPatchStreamer({
      backend,
      locker,
      rules: { beforePatch: (storeId) => this.onIncoming('PATCH', storeId), mapError: (error) => this.mapError(error) },
    });
    return { server, patcher, backend, locker };
  }

  /** Loaded on demand: a server never asked for a resumable upload does not load the store's SDK. */
  private async createBackend(): Promise<TusBackend> {
    if (this.config.storageDriver === 's3') {
      const { S3TusBackend } = await import('./s3-backend.ts');
      return new S3TusBackend({ s3: this.config.s3, storage: this.storage });
    }
    const { LocalTusBackend } = await import('./local-backend.ts');
    // Under files/, so finishing is a rename on one file system; the drive's sweeps list entries/ and thumbnails/ only.
    return new LocalTusBackend({ directory: path.join(this.config.dataDir, 'files', '.tus'), storage: this.storage });
  }
}
