import mimeTypes from 'mime-types';
import { Permission } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import type { PendingUploadKind } from '../db/schema.ts';
import type { DrivePolicy } from '../drive/drive.policy.ts';
import { extensionOf, foldersOfRelativePath, validName } from '../drive/names.ts';
import type { SpaceService } from '../drive/space.service.ts';
import { isTypeAllowed } from '../drive/upload-rules.ts';
import { isMime, tooLarge, typeNotAllowed, type DriveUploadService } from '../drive/upload.service.ts';
import { validation } from '../http/app-error.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { PendingUploadRow, PendingUploadsRepository } from './pending-uploads.repository.ts';

/** What a client declares before sending a byte (tus creation, presign, multipart create). */
export type UploadDeclaration = {
  kind: PendingUploadKind;
  /** The storage key the bytes will end under, minted by the server. */
  key: string;
  uploadId?: string | null;
  name: string;
  size: number;
  /** MIME types the client named (the file's own, clientMime); the name's type comes first. */
  mimes: Array<string | undefined>;
  clientExtension?: string;
  parentId: number | null;
  relativePath?: string;
  workspaceId: number;
};

/**
 * The checks every upload passes before its bytes arrive (spec part 2, 5): permission, name,
 * folder path, size, type, parent folder, and the space, reserved for it at once. Answers the
 * pending upload row that names the key the client may write.
 */
export class UploadIntake {
  private readonly pending: PendingUploadsRepository;
  private readonly policy: DrivePolicy;
  private readonly space: SpaceService;
  private readonly settings: SettingsService;
  private readonly plain: DriveUploadService;
  private readonly clock: () => Date;
  constructor(deps: {
    pending: PendingUploadsRepository;
    policy: DrivePolicy;
    space: SpaceService;
    settings: SettingsService;
    plain: DriveUploadService;
    clock: () => Date;
  }) {
    this.pending = deps.pending;
    this.policy = deps.policy;
    this.space = deps.space;
    this.settings = deps.settings;
    this.plain = deps.plain;
    this.clock = deps.clock;
  }

  /** How long an unfinished upload lives after its last activity (setting uploads.expiry_hours). */
  async lifetimeMs(): Promise<number> {
    const hours = Number(await this.settings.get<number>('uploads.expiry_hours'));
    return (Number.isFinite(hours) && hours > 0 ? hours : 24) * 3600_000;
  }

  async open(actor: Actor, upload: UploadDeclaration): Promise<PendingUploadRow> {
    actor.authorize(Permission.filesCreate);
    const uploader = actor.requireUser();
    const name = validName(upload.name, 'file');
    foldersOfRelativePath(upload.relativePath);
    if (!Number.isSafeInteger(upload.size) || upload.size < 0)
      throw validation({ size: ['The size must be a whole number of bytes.'] });
    const rules = await this.plain.rules();
    if (rules.maxSize > 0 && upload.size > rules.maxSize) throw tooLarge(rules.maxSize);
    const extension = extensionOf(name);
    const clientExtension = upload.clientExtension ? extensionOf(`x.${upload.clientExtension}`) : null;
    const declared = upload.mimes.filter(isMime);
    const mime = mimeTypes.lookup(name) || declared[0] || 'application/octet-stream';
    for (const ext of [extension, clientExtension]) {
      if (!isTypeAllowed(rules, { extension: ext, mimes: [mime, ...declared] })) throw typeNotAllowed();
    }
    // The caller's drive, or a folder shared with them with edit, whose owner's space it fills.
    const { scope } = await this.policy.getWritableFolder(actor, upload.workspaceId, upload.parentId);
    const quota = await this.policy.quotaHolder(actor, scope);
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + (await this.lifetimeMs()));
    const { result } = await this.space.reserve(quota, upload.size, {
      expiresAt,
      work: (trx, reservation) =>
        this.pending.insert(
          {
            user_id: uploader.id,
            kind: upload.kind,
            key: upload.key,
            upload_id: upload.uploadId ?? null,
            size: upload.size,
            name,
            mime,
            extension: extension ?? clientExtension,
            parent_id: upload.parentId,
            relative_path: upload.relativePath || null,
            workspace_id: scope.workspaceId,
            reservation_id: reservation.id,
            state: 'open',
            entry_id: null,
            claimed_at: null,
            claimed_by: null,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
            expires_at: expiresAt.toISOString(),
          },
          trx,
        ),
    });
    return result;
  }

  /** Records activity on an upload: it and its reservation live another lifetime. Answers the new expiry. */
  async touch(row: PendingUploadRow): Promise<Date> {
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + (await this.lifetimeMs()));
    await this.pending.touch(row.id, expiresAt.toISOString(), now.toISOString());
    await this.space.renew(row.reservation_id, expiresAt);
    return expiresAt;
  }

  isExpired(row: PendingUploadRow): boolean {
    return row.state === 'open' && row.expires_at < this.clock().toISOString();
  }

  /** Forgets an upload that ended without an entry (refused, aborted, terminated, expired). */
  async drop(row: PendingUploadRow): Promise<void> {
    await this.pending.delete(row.id);
    await this.space.release(row.reservation_id);
  }
}
