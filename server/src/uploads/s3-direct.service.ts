import type {
  CompleteS3MultipartBody,
  CreateS3EntryBody,
  CreateS3MultipartBody,
  FileEntry,
  PresignS3UploadBody,
  S3MultipartRef,
  SignS3PartsBody,
  UploadMetadata,
} from '@kosh/contracts';
import { Permission } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import { conflict, forbidden, notFound, validation } from '../http/app-error.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { entryKeyOf, newObjectKey } from '../storage/keys.ts';
import {
  ObjectNotFoundError,
  supportsDirectUploads,
  type DirectUploadDriver,
  type StorageDriver,
  type UploadedPart,
} from '../storage/storage-driver.ts';
import type { PendingUploadRow, PendingUploadsRepository } from './pending-uploads.repository.ts';
import type { UploadFinalizer } from './upload-finalizer.ts';
import type { UploadIntake } from './upload-intake.ts';

/** Canned ACL of every direct upload: objects are read through the server (or its presigned GETs) only. */
const ACL = 'private';
const PRESIGN_SECONDS = 3600;
/** S3's smallest part but the last: no upload of `size` bytes needs more parts than size / this. */
const S3_MIN_PART = 5 * 1024 ** 2;
const MAX_PARTS = 10_000;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const unquote = (etag: string) => etag.replace(/^W\//, '').replace(/"/g, '');
const sizeMismatch = (actual: number, declared: number) =>
  validation(
    { size: [`The uploaded file has ${actual} bytes, not the ${declared} declared.`] },
    `The uploaded file has ${actual} bytes, not the ${declared} declared.`,
  );

type Placement = { metadata?: UploadMetadata; parentId?: number | null; relativePath?: string; workspaceId?: number };
/** A multipart upload's row once the store has created the upload. */
type MultipartRow = PendingUploadRow & { upload_id: string };

/**
 * Direct uploads to S3 (spec part 2, 4 and 7): the client PUTs to addresses the server signed,
 * only ever for keys it minted for that user and recorded with the declared size. Completion
 * reads the real size back from the store (HeadObject; RGW's Complete answers no usable ETag)
 * and refuses, deleting the object, when it differs. The SHA-256 is read back in the background.
 */
export class DirectUploads {
  private readonly intake: UploadIntake;
  private readonly finalizer: UploadFinalizer;
  private readonly pending: PendingUploadsRepository;
  private readonly storage: StorageDriver;
  private readonly settings: SettingsService;
  constructor(deps: {
    intake: UploadIntake;
    finalizer: UploadFinalizer;
    pending: PendingUploadsRepository;
    storage: StorageDriver;
    settings: SettingsService;
  }) {
    this.intake = deps.intake;
    this.finalizer = deps.finalizer;
    this.pending = deps.pending;
    this.storage = deps.storage;
    this.settings = deps.settings;
  }

  async presign(
    actor: Actor,
    workspaceId: number,
    body: PresignS3UploadBody,
  ): Promise<{ url: string; acl: string; key: string }> {
    await this.assertAvailable(actor);
    const key = newObjectKey('entries');
    const row = await this.intake.open(actor, {
      kind: 's3-simple',
      key,
      ...this.declaration(body, workspaceId, body.mime),
    });
    try {
      // Content-Type stays unsigned: a browser sends none for files of unknown type. The entry's type is ours anyway.
      const url = await this.direct.presignPut(key, {
        contentLength: row.size,
        acl: ACL,
        expiresInSeconds: PRESIGN_SECONDS,
      });
      return { url, acl: ACL, key };
    } catch (error) {
      await this.intake.drop(row);
      throw error;
    }
  }

  async createMultipart(
    actor: Actor,
    workspaceId: number,
    body: CreateS3MultipartBody,
  ): Promise<{ uploadId: string; key: string }> {
    await this.assertAvailable(actor);
    const key = newObjectKey('entries');
    const row = await this.intake.open(actor, {
      kind: 's3-multipart',
      key,
      ...this.declaration(body, workspaceId, body.mime),
    });
    try {
      const uploadId = await this.direct.createMultipartUpload(key, { contentType: row.mime });
      await this.pending.setUploadId(row.id, uploadId);
      return { uploadId, key };
    } catch (error) {
      await this.intake.drop(row);
      throw error;
    }
  }

  /** The parts stored so far, so a client resumes a multipart upload where it stopped. */
  async uploadedParts(actor: Actor, ref: S3MultipartRef): Promise<{ parts: UploadedPart[] }> {
    const row = await this.openMultipart(actor, ref);
    const parts = await this.listParts(row);
    await this.intake.touch(row);
    return { parts };
  }

  async signParts(actor: Actor, body: SignS3PartsBody): Promise<{ urls: Array<{ partNumber: number; url: string }> }> {
    const row = await this.openMultipart(actor, body);
    const most = Math.min(MAX_PARTS, Math.max(1, Math.ceil(row.size / S3_MIN_PART)));
    const beyond = body.partNumbers.filter((n) => n > most);
    if (beyond.length) throw validation({ partNumbers: [`A ${row.size}-byte upload has at most ${most} parts.`] });
    const urls = await Promise.all(
      [...new Set(body.partNumbers)].map(async (partNumber) => ({
        partNumber,
        url: await this.direct.presignUploadPart(row.key, row.upload_id, partNumber, {
          expiresInSeconds: PRESIGN_SECONDS,
        }),
      })),
    );
    await this.intake.touch(row);
    return { urls };
  }

  /**
   * Completes only when the stored parts add up to the declared size; otherwise aborts and
   * forgets the upload. The completed object's size is read back and checked again.
   */
  async completeMultipart(actor: Actor, body: CompleteS3MultipartBody): Promise<{ key: string; size: number }> {
    const row = await this.openMultipart(actor, body);
    const stored = new Map((await this.listParts(row)).map((p) => [p.PartNumber, p]));
    const chosen = [...new Map(body.parts.map((p) => [p.PartNumber, p])).values()].sort(
      (a, b) => a.PartNumber - b.PartNumber,
    );
    const matched = chosen.map((part) => {
      const found = stored.get(part.PartNumber);
      if (!found || unquote(found.ETag) !== unquote(part.ETag))
        throw validation({ parts: [`Part ${part.PartNumber} was not uploaded, or not with that ETag.`] });
      return found;
    });
    const total = matched.reduce((sum, p) => sum + p.Size, 0);
    if (total !== row.size) {
      await this.forget(row);
      throw sizeMismatch(total, row.size);
    }
    await this.direct.completeMultipartUpload(
      row.key,
      row.upload_id,
      matched.map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag })),
    );
    await this.assertStoredSize(row);
    await this.intake.touch(row);
    return { key: row.key, size: row.size };
  }

  async abortMultipart(actor: Actor, ref: S3MultipartRef): Promise<void> {
    const row = await this.ownMultipart(actor, ref);
    if (row.state !== 'open') throw conflict('The upload is finished or being finished.');
    await this.forget(row);
  }

  /** s3/entries: the object stored under a presigned (or completed multipart) key becomes an entry. */
  async createEntry(actor: Actor, body: CreateS3EntryBody): Promise<FileEntry> {
    actor.authorize(Permission.filesCreate);
    const key = this.keyOf(body.key ?? body.filename ?? '');
    const row = await this.finalizer.getOwned(actor, key, ['s3-simple', 's3-multipart']);
    if (row.state === 'open' && body.size !== undefined && body.size !== row.size)
      throw validation({ size: [`The upload was declared with ${row.size} bytes, not ${body.size}.`] });
    return this.finalizer.finish(actor, row, async (r) => ({ size: await this.assertStoredSize(r), sha256: null }));
  }

  /** Removes what an unfinished direct upload stored (expiry, abort, refusal) and gives its space back. */
  async discard(row: PendingUploadRow): Promise<void> {
    if (row.kind === 's3-multipart' && row.upload_id) await this.direct.abortMultipartUpload(row.key, row.upload_id);
    await this.storage.delete(row.key);
  }

  private async forget(row: PendingUploadRow): Promise<void> {
    await this.discard(row);
    await this.intake.drop(row);
  }

  /** The object's real size, which must be the declared one: otherwise it is deleted and the upload forgotten. */
  private async assertStoredSize(row: PendingUploadRow): Promise<number> {
    const stat = await this.storage.stat(row.key);
    if (!stat) throw conflict('No file has been stored for this upload yet.');
    if (stat.size !== row.size) {
      await this.forget(row);
      throw sizeMismatch(stat.size, row.size);
    }
    return stat.size;
  }

  private async listParts(row: MultipartRow): Promise<UploadedPart[]> {
    try {
      return await this.direct.listParts(row.key, row.upload_id);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw notFound('The multipart upload does not exist any more.');
      throw error;
    }
  }

  private async ownMultipart(actor: Actor, ref: S3MultipartRef): Promise<MultipartRow> {
    actor.authorize(Permission.filesCreate);
    const owned = await this.finalizer.getOwned(actor, this.keyOf(ref.key), ['s3-multipart']);
    // A claim left by a process killed while completing is let go: parts may be listed and signed again.
    const row = await this.finalizer.releaseIfOrphaned(owned);
    const uploadId = row.upload_id;
    if (uploadId === null || uploadId !== ref.uploadId) throw notFound('The upload does not exist.');
    return { ...row, upload_id: uploadId };
  }

  private async openMultipart(actor: Actor, ref: S3MultipartRef): Promise<MultipartRow> {
    const row = await this.ownMultipart(actor, ref);
    if (row.state !== 'open') throw conflict('The upload is finished or being finished.');
    if (this.intake.isExpired(row)) throw notFound('The upload has expired.');
    return row;
  }

  /** A key as presign answered it, or its last part (the id), which spec clients send as filename. */
  private keyOf(value: string): string {
    const last = value.split('/').pop() ?? '';
    if (!UUID_RE.test(last)) throw notFound('The upload does not exist.');
    return entryKeyOf(last);
  }

  private declaration(
    body: { filename: string; size: number; extension?: string } & Placement,
    workspaceId: number,
    mime: string | undefined,
  ) {
    const metadata = body.metadata ?? {};
    return {
      name: body.filename,
      size: body.size,
      mimes: [mime],
      clientExtension: body.extension,
      parentId: body.parentId !== undefined ? body.parentId : (metadata.parentId ?? null),
      relativePath: body.relativePath ?? metadata.relativePath,
      workspaceId: body.workspaceId ?? metadata.workspaceId ?? workspaceId,
    };
  }

  /** The driver's direct-upload calls; a row of a direct upload exists only on a driver that has them. */
  private get direct(): DirectUploadDriver {
    if (!supportsDirectUploads(this.storage))
      throw new Error(`Direct uploads need the S3 storage driver; this server stores files with ${this.storage.kind}`);
    return this.storage;
  }

  private async assertAvailable(actor: Actor): Promise<void> {
    actor.authorize(Permission.filesCreate);
    if (this.storage.kind !== 's3' || !supportsDirectUploads(this.storage))
      throw forbidden('Direct uploads need the S3 storage driver.');
    if (!(await this.settings.get<boolean>('uploads.direct_upload'))) throw forbidden('Direct uploads are turned off.');
  }
}
