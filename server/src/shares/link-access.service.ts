import { NOT_HUMAN, type RecaptchaService } from '../recaptcha/recaptcha.service.ts';
import { createHash } from 'node:crypto';
import {
  LINK_UNLOCK_SECONDS,
  Permission,
  SHAREABLE_LINK_PAGE_LOADER,
  type FileEntry,
  type LinkDownloadQuery,
  type ShareableLinkPage,
  type ShareableLinkPageQuery,
} from '@kosh/contracts';
import type { Clock } from '../clock.ts';
import type { Actor } from '../auth/actor.ts';
import { THROTTLES, type FailureThrottle } from '../auth/failure-throttle.ts';
import type { KeyRing } from '../auth/key-ring.ts';
import { verifyPassword } from '../auth/password.ts';
import type { DriveCopyService } from '../drive/copy.service.ts';
import { commaItems, type Bundle, type DriveDownloadService, type FileDownload } from '../drive/download.service.ts';
import { scopeOf, type DrivePolicy } from '../drive/drive.policy.ts';
import type { EntryRow, FileEntriesRepository, SortColumn } from '../drive/file-entries.repository.ts';
import type { DriveListingService } from '../drive/listing.service.ts';
import type { DriveUploadService, UploadPart } from '../drive/upload.service.ts';
import { AppError, forbidden, notFound, unauthenticated } from '../http/app-error.ts';
import { isSuspended } from '../users/suspension.ts';
import type { LinkRow, LinksRepository } from './links.repository.ts';
import { presentLink, presentLinkEntry } from './link.presenter.ts';

const UNLOCK_PURPOSE = 'shareable-link-unlock';

/** 403 for the bytes of a password-protected link that this browser has not unlocked. */
const locked = () => new AppError(403, 'This link is password protected.', { code: 'link_locked' });
const noDownloads = () => forbidden('Downloads are turned off for this link.');
/** 410 for a link past its expiry: the page tells the visitor to ask its owner for a new one. */
const expired = () => new AppError(410, 'This link has expired.', { code: 'link_expired' });

/** How a visitor shows they know a link's password: the unlock cookie, or the password itself. */
export type LinkUnlock = {
  /** The signed value this service issued after a right password (kept in an httpOnly cookie). */
  token: string | undefined;
  password?: string;
  /** The visitor's address: wrong passwords are counted per link and client network. */
  ip?: string;
  /** Called before a password is checked: counts the attempt and throws 429 past the limit. */
  beforeAttempt?: () => Promise<void>;
  /** The proof of a passed human check (its cookie), spent by a password attempt while the check is on. */
  humanNonce?: string;
};

/** An open link: the link and its live entry. */
export type OpenLink = { link: LinkRow; root: EntryRow };

type Deps = {
  links: Pick<LinksRepository, 'getByHash' | 'getOwnerName'>;
  entries: Pick<FileEntriesRepository, 'getById' | 'getByHash' | 'getManyByHashes'>;
  policy: Pick<DrivePolicy, 'getWritableFolder' | 'quotaHolder'>;
  listing: Pick<DriveListingService, 'childrenPage'>;
  downloads: Pick<DriveDownloadService, 'fileOf' | 'thumbnailOf' | 'bundle' | 'placeBundle'>;
  copy: Pick<DriveCopyService, 'copyInto'>;
  uploads: Pick<DriveUploadService, 'uploadInto'>;
  keys: KeyRing;
  throttle: Pick<FailureThrottle, 'attempt' | 'miss' | 'refuseSpent' | 'spentFor'>;
  /** The human check (recaptcha.enable.link_password) a password attempt passes while it is on. */
  human: Pick<RecaptchaService, 'isRequiredFor' | 'spend'>;
  clock: Clock;
};

/**
 * What a shareable link lets a visitor do (spec part 2, 2-4; part 1, 6): the page with the
 * folder's children page by page, previews and downloads (files with Range, folders as a ZIP),
 * save to my drive, and uploads into a folder whose link allows editing. Everything stays inside
 * the linked entry: anything outside it answers 404, like a link that does not exist.
 */
export class LinkAccessService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  /**
   * Probing for link hashes: a client network that asked for too many unknown hashes is refused
   * (429) before the lookup, so a lucky guess past the limit tells nothing.
   */
  async refuseProbing(ip: string): Promise<void> {
    await this.deps.throttle.refuseSpent(THROTTLES.linkProbe, ip);
  }

  /** Whether this client network has probed too many unknown hashes for now. */
  async isProbing(ip: string): Promise<boolean> {
    return (await this.deps.throttle.spentFor(THROTTLES.linkProbe, ip)) !== null;
  }

  /** Counts an answer that named no link (or no entry inside it) against the client network. */
  async countProbe(ip: string): Promise<void> {
    await this.deps.throttle.miss(THROTTLES.linkProbe, ip);
  }

  /**
   * A link that may be opened now, or null: missing, off, expired, or its entry gone or in trash.
   * No caller checks: the page HTML (SEO) reads what it may show from it.
   */
  async find(hash: string): Promise<OpenLink | null> {
    const found = await this.lookup(hash);
    return found === 'missing' || found === 'expired' ? null : found;
  }

  /**
   * Off, deleted, its entry gone or in trash, or made by a suspended user is 'missing' (the link
   * comes back when the suspension ends); 'expired' only for a link that would open otherwise.
   */
  private async lookup(hash: string): Promise<OpenLink | 'missing' | 'expired'> {
    const link = await this.deps.links.getByHash(hash);
    if (link?.enabled !== 1) return 'missing';
    if (isSuspended(link.maker, this.deps.clock())) return 'missing';
    const root = await this.deps.entries.getById(link.file_entry_id);
    if (!root || root.deleted_at) return 'missing';
    if (link.expires_at && Date.parse(link.expires_at) <= this.deps.clock().getTime()) return 'expired';
    return { link, root };
  }

  /**
   * GET shareable-links/{hash} (part 2, 3 and 7): the link, whether the password is wanted, and
   * the folder's children.
   */
  async page(
    actor: Actor,
    hash: string,
    query: ShareableLinkPageQuery,
    unlock: LinkUnlock,
  ): Promise<{ page: ShareableLinkPage; token?: string }> {
    const { link, root } = await this.open(actor, hash);
    const unlocked = await this.unlock(link, unlock);
    if (!unlocked.ok)
      return { page: { link: presentLink(link, null, null), passwordInvalid: true, folderChildren: null } };
    let folderChildren: ShareableLinkPage['folderChildren'] = null;
    if (query.loader === SHAREABLE_LINK_PAGE_LOADER) {
      const folder = query.folderHash
        ? await this.inside(root, await this.deps.entries.getByHash(query.folderHash))
        : root;
      if (query.folderHash && folder.is_folder !== 1) throw notFound('The folder does not exist.');
      if (folder.is_folder === 1) {
        const [column, direction] = query.order.split(':') as [SortColumn, 'asc' | 'desc'];
        const { rows, total } = await this.deps.listing.childrenPage(
          { parentId: folder.id },
          { column, direction },
          { limit: query.perPage, offset: (query.page - 1) * query.perPage },
        );
        folderChildren = {
          data: rows.map((r) => presentLinkEntry(r, root, link.hash)),
          current_page: query.page,
          last_page: Math.max(1, Math.ceil(total / query.perPage)),
        };
      }
    }
    const owner = await this.deps.links.getOwnerName(link.user_id);
    return {
      page: {
        link: presentLink(link, presentLinkEntry(root, root, link.hash), owner ?? null),
        passwordInvalid: false,
        folderChildren,
      },
      token: unlocked.token,
    };
  }

  /** POST shareable-links/{hash}/password: checks the password alone; answers the unlock token, or null when wrong. */
  async unlockWith(actor: Actor, hash: string, unlock: LinkUnlock): Promise<string | null> {
    const { link } = await this.open(actor, hash);
    const unlocked = await this.unlock(link, unlock);
    return unlocked.ok ? (unlocked.token ?? unlock.token ?? '') : null;
  }

  /** One file inside the link: a preview (inline) always, an attachment when downloads are on. */
  async file(
    actor: Actor,
    hash: string,
    entryHash: string,
    token: string | undefined,
    options: { inline: boolean },
  ): Promise<FileDownload> {
    const { link, root } = await this.openUnlocked(actor, hash, token);
    const entry = await this.inside(root, await this.deps.entries.getByHash(entryHash));
    if (!options.inline && link.allow_download !== 1) throw noDownloads();
    return this.deps.downloads.fileOf(entry);
  }

  async thumbnail(actor: Actor, hash: string, entryHash: string, token: string | undefined): Promise<FileDownload> {
    const { root } = await this.openUnlocked(actor, hash, token);
    return this.deps.downloads.thumbnailOf(await this.inside(root, await this.deps.entries.getByHash(entryHash)));
  }

  /**
   * GET shareable-links/{hash}/download: the linked entry, entries inside it named by hash, or
   * every entry of a folder inside it but some (`address`: the client's).
   */
  selected(
    actor: Actor,
    hash: string,
    query: LinkDownloadQuery,
    token: string | undefined,
    address: string,
  ): Promise<Bundle> {
    if (query.place)
      return this.place(actor, hash, query.folderId, commaItems(query.except).map(Number), token, address);
    return this.bundle(actor, hash, commaItems(query.hashes), token, address);
  }

  /** Entries inside the link (the linked entry when none are named): one file as itself, else a streamed ZIP. */
  async bundle(
    actor: Actor,
    hash: string,
    hashes: string[] | undefined,
    token: string | undefined,
    address = '',
  ): Promise<Bundle> {
    const { link, root } = await this.openUnlocked(actor, hash, token);
    if (link.allow_download !== 1) throw noDownloads();
    const unique = [...new Set(hashes?.length ? hashes : [root.hash])];
    const rows = await this.deps.entries.getManyByHashes(unique);
    const selected = await Promise.all(
      unique.map((h) =>
        this.inside(
          root,
          rows.find((r) => r.hash === h),
        ),
      ),
    );
    return this.deps.downloads.bundle(selected, { userId: actor.user?.id ?? null, linkId: link.id, address });
  }

  /**
   * Select all through a link: every live entry of a folder inside the link (absent: the linked
   * folder) but `except`, however many the visitor loaded. A folder outside the link answers 404.
   */
  async place(
    actor: Actor,
    hash: string,
    folderId: number | undefined,
    except: number[],
    token: string | undefined,
    address = '',
  ): Promise<Bundle> {
    const { link, root } = await this.openUnlocked(actor, hash, token);
    if (link.allow_download !== 1) throw noDownloads();
    const folder = folderId === undefined ? root : await this.inside(root, await this.deps.entries.getById(folderId));
    if (folder.is_folder !== 1) throw notFound('The folder does not exist.');
    const client = { userId: actor.user?.id ?? null, linkId: link.id, address };
    return this.deps.downloads.placeBundle({ folder }, except, client);
  }

  /** "Save to my drive": copies the linked entry into the caller's drive (their space), when downloads are on. */
  async saveToDrive(
    actor: Actor,
    hash: string,
    token: string | undefined,
    body: { destinationId?: number | null; workspaceId?: number },
  ): Promise<FileEntry[]> {
    actor.requireUser();
    const { link, root } = await this.openUnlocked(actor, hash, token);
    if (link.allow_download !== 1) throw noDownloads();
    const target = await this.deps.policy.getWritableFolder(actor, body.workspaceId ?? 0, body.destinationId);
    return this.deps.copy.copyInto(actor, [root], target);
  }

  /**
   * An upload through a link that allows editing, into the linked folder or a folder inside it
   * (metadata parentId); the file belongs to the link's owner and fills the owner's space.
   */
  async upload(
    actor: Actor,
    hash: string,
    token: string | undefined,
    parts: AsyncIterable<UploadPart>,
    declaredBytes: number | undefined,
  ): Promise<FileEntry> {
    const { link, root } = await this.openUnlocked(actor, hash, token);
    if (link.allow_edit !== 1) throw forbidden('Uploads are turned off for this link.');
    if (root.is_folder !== 1) throw forbidden('Only a linked folder takes uploads.');
    const row = await this.deps.uploads.uploadInto(parts, declaredBytes, async ({ parentId }) => {
      const folder = parentId === null ? root : await this.inside(root, await this.deps.entries.getById(parentId));
      if (folder.is_folder !== 1) throw notFound('The folder does not exist.');
      const scope = scopeOf(folder);
      return { folder, scope, quota: await this.deps.policy.quotaHolder(actor, scope) };
    });
    return presentLinkEntry(row, root, link.hash);
  }

  /**
   * The link, checked for this visitor: 404 when it does not exist (or is off or its entry removed), 410 when
   * expired, 401 restricted and logged out (part 1, 6).
   */
  private async open(actor: Actor, hash: string): Promise<OpenLink> {
    const found = await this.lookup(hash);
    if (found === 'missing') throw notFound();
    if (found === 'expired') throw expired();
    if (found.link.restricted === 1 && !actor.user) throw unauthenticated('Log in to open this link.');
    actor.authorize(Permission.linksView);
    return found;
  }

  /** For byte requests: the password is not sent again, the unlock token has to be there. */
  private async openUnlocked(actor: Actor, hash: string, token: string | undefined): Promise<OpenLink> {
    const open = await this.open(actor, hash);
    if (!(await this.unlock(open.link, { token })).ok) throw locked();
    return open;
  }

  /** An entry inside the linked one (or it), live; anything else answers 404. */
  private async inside(root: EntryRow, row: EntryRow | undefined): Promise<EntryRow> {
    if (!row || row.deleted_at || !(row.id === root.id || row.path.startsWith(root.path))) throw notFound();
    return row;
  }

  private async unlock(link: LinkRow, unlock: LinkUnlock): Promise<{ ok: boolean; token?: string }> {
    if (link.password === null) return { ok: true };
    const mark = passwordMark(link.password);
    const payload = await this.deps.keys.verify<{ l: number; v: string }>(UNLOCK_PURPOSE, unlock.token);
    if (payload && payload.l === link.id && payload.v === mark) return { ok: true };
    if (!unlock.password) return { ok: false };
    if (await this.deps.human.isRequiredFor('link_password')) {
      const passed = await this.deps.human.spend({
        nonce: unlock.humanNonce,
        token: undefined,
        remoteIp: unlock.ip ?? '',
      });
      if (!passed) throw forbidden(NOT_HUMAN);
    }
    await unlock.beforeAttempt?.();
    // Per link AND network: a visitor guessing locks only themself out, never the link for everyone.
    const counted = await this.deps.throttle.attempt(THROTTLES.linkPassword, {
      account: `link:${link.id}`,
      ip: unlock.ip ?? '',
    });
    if (!(await verifyPassword(link.password, unlock.password))) return { ok: false };
    await counted.succeeded();
    return { ok: true, token: await this.deps.keys.sign(UNLOCK_PURPOSE, { l: link.id, v: mark }, LINK_UNLOCK_SECONDS) };
  }
}

/** Ties an unlock token to the password it was issued for: a changed password locks the link again. */
const passwordMark = (passwordHash: string) =>
  createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
