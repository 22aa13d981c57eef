import type { Readable } from 'node:stream';
import mimeTypes from 'mime-types';
import {
  Permission,
  UPLOAD_MESSAGES,
  UploadMetadataSchema,
  fileTypeOf,
  formatBytes,
  type FileEntry,
  type UploadMetadata,
} from '@kosh/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Actor } from '../auth/actor.ts';
import { AppError, validation } from '../http/app-error.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { newObjectKey } from '../storage/keys.ts';
import { ObjectTooLargeError, type StagedObject, type StorageDriver } from '../storage/storage-driver.ts';
import type { UploadNotices } from '../notifications/upload-notices.ts';
import type { DrivePolicy } from './drive.policy.ts';
import { childrenOf, newEntryHash, type EntryWriter } from './entry-writer.ts';
import type { DriveScope, EntryRow, FileEntriesRepository } from './file-entries.repository.ts';
import type { DriveListingService } from './listing.service.ts';
import { extensionOf, foldersOfRelativePath, validName } from './names.ts';
import { noSpaceError, type SpaceService } from './space.service.ts';
import type { ThumbnailService } from './thumbnails.service.ts';
import { isTypeAllowed, type UploadRules } from './upload-rules.ts';

/**
 * Where an upload goes: a folder (null: the root) of a drive, and whose space it counts against
 * (the drive's owner: an upload into a folder shared with the caller fills the owner's space).
 */
export type UploadTarget = { folder: EntryRow | null; scope: DriveScope; quota: Actor };
/** Works out the target from the upload's metadata (parentId, workspaceId), checking permission. */
export type UploadTargetResolver = (metadata: {
  parentId: number | null;
  workspaceId: number | undefined;
}) => Promise<UploadTarget>;

/** One part of a multipart upload, as the route hands it over. */
export type UploadPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; filename: string; mimetype: string; stream: Readable };

export const typeNotAllowed = () =>
  new AppError(422, UPLOAD_MESSAGES.typeNotAllowed, {
    code: 'upload_type_not_allowed',
    errors: { file: [UPLOAD_MESSAGES.typeNotAllowed] },
  });
export const tooLarge = (max: number) =>
  new AppError(413, UPLOAD_MESSAGES.tooLarge(formatBytes(max)), {
    code: 'upload_too_large',
    errors: { file: [UPLOAD_MESSAGES.tooLarge(formatBytes(max))] },
  });
export const isMime = (v: string | undefined): v is string => Boolean(v && /^[\w.+-]+\/[\w.+-]+$/.test(v));
/** A plain upload's reservation outlives any request; a crash leaves it to expire. */
const PLAIN_RESERVATION_MS = 6 * 3600_000;

type UploadWriter = Pick<EntryWriter, 'ensureFolders' | 'transaction' | 'lockFolder' | 'lockOwner' | 'freeName'>;

/**
 * The plain upload (POST file-entries, spec part 2, 7): the file streams to the storage
 * driver as it arrives, with the size, type and space checks applied on the way; the entry
 * exists only once the bytes are committed and its row is written.
 */
export class DriveUploadService {
  private readonly entries: Pick<FileEntriesRepository, 'insert'>;
  private readonly policy: Pick<DrivePolicy, 'scopeFor' | 'getWritableFolder' | 'quotaHolder'>;
  private readonly writer: UploadWriter;
  private readonly listing: Pick<DriveListingService, 'present'>;
  private readonly space: SpaceService;
  private readonly settings: Pick<SettingsService, 'get'>;
  private readonly storage: Pick<StorageDriver, 'putStaged' | 'delete'>;
  private readonly thumbnails: Pick<ThumbnailService, 'schedule'>;
  private readonly notices: Pick<UploadNotices, 'uploaded'> | undefined;
  private readonly logger: Logger;
  private readonly clock: Clock;
  constructor(deps: {
    entries: Pick<FileEntriesRepository, 'insert'>;
    policy: Pick<DrivePolicy, 'scopeFor' | 'getWritableFolder' | 'quotaHolder'>;
    writer: UploadWriter;
    listing: Pick<DriveListingService, 'present'>;
    space: SpaceService;
    settings: Pick<SettingsService, 'get'>;
    storage: Pick<StorageDriver, 'putStaged' | 'delete'>;
    thumbnails: Pick<ThumbnailService, 'schedule'>;
    notices?: Pick<UploadNotices, 'uploaded'>;
    logger: Logger;
    clock: Clock;
  }) {
    this.entries = deps.entries;
    this.policy = deps.policy;
    this.writer = deps.writer;
    this.listing = deps.listing;
    this.space = deps.space;
    this.settings = deps.settings;
    this.storage = deps.storage;
    this.thumbnails = deps.thumbnails;
    this.notices = deps.notices;
    this.logger = deps.logger;
    this.clock = deps.clock;
  }

  async rules(): Promise<UploadRules> {
    const [maxSize, allowedTypes, blockedTypes] = await Promise.all([
      this.settings.get<number>('uploads.max_size'),
      this.settings.get<string[]>('uploads.allowed_types'),
      this.settings.get<string[]>('uploads.blocked_types'),
    ]);
    return { maxSize: Number(maxSize) || 0, allowedTypes: allowedTypes ?? [], blockedTypes: blockedTypes ?? [] };
  }

  /**
   * `declaredBytes` (the request's Content-Length) bounds the file: that much space, or what is
   * free when less, is reserved before a byte is read, so parallel uploads cannot overshoot.
   */
  async upload(
    actor: Actor,
    workspaceId: number,
    parts: AsyncIterable<UploadPart>,
    declaredBytes?: number,
  ): Promise<FileEntry> {
    actor.authorize(Permission.filesCreate);
    await this.policy.scopeFor(actor, workspaceId);
    const row = await this.receive(parts, declaredBytes, async (metadata) => {
      // The caller's drive, or a folder shared with them with edit (whose owner's space it fills).
      const { folder, scope } = await this.policy.getWritableFolder(
        actor,
        metadata.workspaceId ?? workspaceId,
        metadata.parentId,
      );
      return { folder, scope, quota: await this.policy.quotaHolder(actor, scope) };
    });
    this.notices?.uploaded(actor.requireUser().id, row);
    return (await this.listing.present(actor, [row]))[0];
  }

  /** An upload into a target the caller's service already allowed (a shareable link that allows editing). */
  uploadInto(
    parts: AsyncIterable<UploadPart>,
    declaredBytes: number | undefined,
    resolve: UploadTargetResolver,
  ): Promise<EntryRow> {
    return this.receive(parts, declaredBytes, resolve);
  }

  /**
   * Streams the file in: the target is resolved from the metadata (sent before the file), and
   * the space is reserved against its owner before a byte of the file is read.
   */
  private async receive(
    parts: AsyncIterable<UploadPart>,
    declaredBytes: number | undefined,
    resolve: UploadTargetResolver,
  ): Promise<EntryRow> {
    const rules = await this.rules();
    const bound =
      declaredBytes !== undefined && Number.isSafeInteger(declaredBytes) && declaredBytes >= 0
        ? declaredBytes
        : Number.MAX_SAFE_INTEGER;
    const fields: Record<string, string> = {};
    let staged: StagedObject | undefined;
    let file: { filename: string; mimetype: string } | undefined;
    let target: UploadTarget | undefined;
    let reservation: { id: number; bytes: number } | undefined;
    try {
      for await (const part of parts) {
        if (part.kind === 'field') {
          fields[part.name] = part.value;
          continue;
        }
        if (staged || part.name !== 'file') {
          part.stream.resume();
          continue;
        }
        file = { filename: part.filename, mimetype: part.mimetype };
        const name = validName(part.filename || '', 'file');
        // Checked before a byte is stored, on what is known so far; again below with the client's fields.
        if (
          !isTypeAllowed(rules, {
            extension: extensionOf(name),
            mimes: [mimeTypes.lookup(name) || '', part.mimetype, fields.clientMime ?? ''],
          })
        )
          throw typeNotAllowed();
        const metadata = parseMetadata(fields);
        target = await resolve({ parentId: parentIdOf(metadata, fields), workspaceId: metadata.workspaceId });
        const limit = await this.space.limitFor(target.quota);
        ({ reservation } = await this.space.reserve(target.quota, bound, {
          upTo: true,
          expiresAt: new Date(this.clock().getTime() + PLAIN_RESERVATION_MS),
        }));
        staged = await this.stage(part.stream, rules.maxSize, limit === null ? null : reservation.bytes, target.quota);
      }
      if (!staged || !file || !target || !reservation) throw validation({ file: ['The file is required.'] });
      return await this.finish(target, staged, file, fields, rules, reservation.id);
    } catch (error) {
      await staged?.discard().catch(() => undefined);
      throw error;
    } finally {
      // Released with the entry's insert on success; this catches every other way out.
      if (reservation)
        await this.space
          .release(reservation.id)
          .catch((e: unknown) => this.logger.warn({ err: e }, 'reservation left to expire'));
    }
  }

  private async stage(
    stream: Readable,
    maxSize: number,
    remaining: number | null,
    actor: Actor,
  ): Promise<StagedObject> {
    const limits = [maxSize > 0 ? maxSize : Infinity, remaining ?? Infinity];
    const maxBytes = Math.min(...limits);
    try {
      return await this.storage.putStaged(newObjectKey('entries'), stream, {
        maxBytes: Number.isFinite(maxBytes) ? maxBytes : undefined,
      });
    } catch (error) {
      if (!(error instanceof ObjectTooLargeError)) throw error;
      if (maxSize > 0 && error.limit === maxSize) throw tooLarge(maxSize);
      throw noSpaceError((await this.space.limitFor(actor)) ?? 0);
    }
  }

  private async finish(
    target: UploadTarget,
    staged: StagedObject,
    file: { filename: string; mimetype: string },
    fields: Record<string, string>,
    rules: UploadRules,
    reservationId: number,
  ): Promise<EntryRow> {
    const metadata = parseMetadata(fields);
    const scope = target.scope;
    const name = validName(file.filename, 'file');
    const extension = extensionOf(name) ?? extensionOf(`x.${fields.clientExtension ?? ''}`);
    const mime =
      mimeTypes.lookup(name) ||
      (isMime(fields.clientMime)
        ? fields.clientMime
        : isMime(file.mimetype)
          ? file.mimetype
          : 'application/octet-stream');
    const clientExtension = fields.clientExtension ? extensionOf(`x.${fields.clientExtension}`) : null;
    for (const ext of [extension, clientExtension]) {
      if (
        !isTypeAllowed(rules, { extension: ext, mimes: [mime, file.mimetype, fields.clientMime ?? ''].filter(Boolean) })
      )
        throw typeNotAllowed();
    }
    const folders = foldersOfRelativePath(metadata.relativePath);
    const base = target.folder;
    const limit = await this.space.limitFor(target.quota);
    await this.space.assertFitsUnder(limit, scope.ownerId, staged.size, undefined, reservationId);
    const at = this.clock().toISOString();
    const parent = await this.writer.ensureFolders(scope, base, folders, at);
    await staged.commit();
    try {
      const row = await this.writer.transaction(async (trx) => {
        const of = childrenOf(parent, scope);
        await this.writer.lockFolder(trx, of);
        await this.writer.lockOwner(trx, scope.ownerId);
        // Again inside the transaction: parallel uploads must not overrun the space between them.
        await this.space.assertFitsUnder(limit, scope.ownerId, staged.size, trx, reservationId);
        await this.space.release(reservationId, trx);
        return this.entries.insert(
          {
            hash: newEntryHash(),
            name: await this.writer.freeName(trx, of, name),
            file_name: staged.key,
            mime,
            extension,
            file_size: staged.size,
            type: fileTypeOf(mime, extension),
            is_folder: 0,
            sha256: staged.sha256,
            parent_id: parent?.id ?? null,
            owner_id: scope.ownerId,
            workspace_id: scope.workspaceId,
            created_at: at,
            updated_at: at,
          },
          parent?.path ?? null,
          trx,
        );
      });
      this.thumbnails.schedule(row);
      return row;
    } catch (error) {
      await this.storage
        .delete(staged.key)
        .catch((e: unknown) => this.logger.warn({ err: e }, 'bytes of a refused upload left for the orphan sweep'));
      throw error;
    }
  }
}

/** The folder named by the metadata's parentId, or by a plain parentId field. */
const parentIdOf = (metadata: UploadMetadata, fields: Record<string, string>): number | null =>
  metadata.parentId ?? (fields.parentId && /^\d+$/.test(fields.parentId) ? Number(fields.parentId) : null);

/** The metadata field (JSON) with parentId and relativePath; plain fields of those names also count. */
function parseMetadata(fields: Record<string, string>): UploadMetadata {
  let raw: unknown = {};
  if (fields.metadata) {
    try {
      raw = JSON.parse(fields.metadata);
    } catch {
      throw validation({ metadata: ['The metadata must be JSON.'] });
    }
  }
  const merged = {
    ...(raw as object),
    ...(fields.relativePath !== undefined ? { relativePath: fields.relativePath } : {}),
  };
  const parsed = UploadMetadataSchema.safeParse(merged);
  if (!parsed.success)
    throw validation(Object.fromEntries(parsed.error.issues.map((i) => [`metadata.${i.path.join('.')}`, [i.message]])));
  return parsed.data;
}
