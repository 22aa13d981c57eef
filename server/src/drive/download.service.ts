import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { Permission, type DownloadQuery } from '@kosh/contracts';
import type { Logger } from 'pino';
import type { Actor } from '../auth/actor.ts';
import { AppError, forbidden, notFound, validation } from '../http/app-error.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { FORBIDDEN_SHARED, atLeast, type DrivePolicy } from './drive.policy.ts';
import type { DriveScope, EntryRow, FileEntriesRepository } from './file-entries.repository.ts';
import { numberedName, zipSegment } from './names.ts';
import { type ZipClient, ZipSlots } from './zip-slots.ts';

/** Types a browser would run or render with scripts: never inline without a sandbox. */
const ACTIVE_MIMES = new RegExp(
  `^(${[
    /text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml/.source,
    /[a-z]+\/[\w.+-]*\+xml/.source,
    /(text|application)\/(x-)?(java|ecma)script|text\/jscript|application\/wasm/.source,
  ].join('|')})$`,
  'i',
);
const ACTIVE_EXTENSIONS = new Set([
  'html',
  'htm',
  'xhtml',
  'shtml',
  'svg',
  'svgz',
  'xml',
  'xsl',
  'xslt',
  'js',
  'mjs',
  'cjs',
  'wasm',
]);
/** Already-compressed kinds are stored in a ZIP as they are: deflating them costs CPU for nothing. */
const STORE_TYPES = new Set(['image', 'video', 'audio', 'archive']);

export const isActiveContent = (row: Pick<EntryRow, 'mime' | 'extension'>) =>
  ACTIVE_MIMES.test(row.mime ?? '') || ACTIVE_EXTENSIONS.has((row.extension ?? '').toLowerCase());

/** What one ZIP will hold: each selected entry with its subtree (parents before children). */
type ZipPlan = Array<{ top: EntryRow; rows: EntryRow[] }>;

/** One file ready to send: validators, type, and a way to open (part of) its bytes. */
export type FileDownload = {
  entry: EntryRow;
  etag: string;
  lastModified: Date;
  contentType: string;
  isActive: boolean;
  size: number;
  open(range?: { start: number; end: number }): Promise<Readable>;
  /** The file on this machine when the local driver holds it (X-Accel-Redirect handoff). */
  storageKey: string;
};

/** What a download of several entries sends: a single file as itself, anything else as one ZIP. */
export type Bundle = { kind: 'file'; file: FileDownload } | { kind: 'zip'; filename: string; stream: Readable };

export const NOTHING_TO_DOWNLOAD = 'There is nothing here to download.';

/** The items of a comma-separated query list (hashes, ids), blanks left out. */
export const commaItems = (text: string | undefined) => (text ?? '').split(',').flatMap((part) => part.trim() || []);

/** Downloads: one file (the route adds Range and caching), several entries as a streamed ZIP, thumbnails. */
export class DriveDownloadService {
  private readonly entries: FileEntriesRepository;
  private readonly policy: DrivePolicy;
  private readonly storage: StorageDriver;
  private readonly logger: Logger;
  private readonly settings: SettingsService;
  private readonly slots: ZipSlots;
  constructor(deps: {
    entries: FileEntriesRepository;
    policy: DrivePolicy;
    storage: StorageDriver;
    logger: Logger;
    settings: SettingsService;
    slots: ZipSlots;
  }) {
    this.entries = deps.entries;
    this.policy = deps.policy;
    this.storage = deps.storage;
    this.logger = deps.logger;
    this.settings = deps.settings;
    this.slots = deps.slots;
  }

  /**
   * One file's bytes. A preview (inline) needs view access, saving the file needs download: the
   * permission a share with view only leaves out.
   */
  async file(actor: Actor, hash: string, options: { inline?: boolean } = {}): Promise<FileDownload> {
    actor.authorize(options.inline ? Permission.filesView : Permission.filesDownload);
    const entry = await this.policy.getByHash(actor, hash, {
      allowTrashed: true,
      need: options.inline ? 'view' : 'download',
    });
    return this.fileOf(entry);
  }

  /** The bytes of an entry the caller was already allowed (a shareable link checks its own rules). */
  fileOf(entry: EntryRow): FileDownload {
    if (!entry.file_name) throw notFound();
    return this.describe(entry, entry.file_name, entry.mime ?? 'application/octet-stream', Number(entry.file_size));
  }

  async thumbnail(actor: Actor, hash: string): Promise<FileDownload> {
    actor.authorize(Permission.filesView);
    const entry = await this.policy.getByHash(actor, hash, { allowTrashed: true });
    return this.thumbnailOf(entry);
  }

  /** The thumbnail of an entry the caller was already allowed. */
  async thumbnailOf(entry: EntryRow): Promise<FileDownload> {
    const stat = entry.thumbnail ? await this.storage.stat(entry.thumbnail) : undefined;
    if (!entry.thumbnail || !stat) throw notFound();
    return this.describe(entry, entry.thumbnail, 'image/webp', stat.size);
  }

  /** GET file-entries/download: entries named by hash, or every entry of a place but some (`address`: the client's). */
  selected(actor: Actor, query: DownloadQuery, workspaceId: number, address: string): Promise<Bundle> {
    if (query.place)
      return this.place(actor, workspaceId, query.folderId ?? null, commaItems(query.except).map(Number), address);
    return this.many(actor, commaItems(query.hashes), address);
  }

  /**
   * Every live entry of a folder (or of a drive's root) but `except`, however many the client
   * loaded: what select-all downloads. The place's access covers its entries (access is
   * inherited); a view-only place may still hold entries shared again with download, so each is
   * then checked, as when named one by one.
   */
  async place(
    actor: Actor,
    workspaceId: number,
    folderId: number | null,
    except: number[],
    address: string,
  ): Promise<Bundle> {
    actor.authorize(Permission.filesDownload);
    const { scope, folder, level } = await this.policy.placeAccess(actor, workspaceId, folderId);
    const client = { userId: actor.user?.id ?? null, linkId: null, address };
    return this.placeBundle(folder ? { folder } : { root: scope }, except, client, async (rows) => {
      if (atLeast(level, 'download')) return;
      const access = await this.policy.accessToMany(actor, rows);
      if (!rows.length || rows.some((r) => !atLeast(access.get(r.id)?.level, 'download')))
        throw forbidden(FORBIDDEN_SHARED);
    });
  }

  /**
   * Every live entry of a place the caller was already allowed but `except`, as `bundle` sends
   * it, a ZIP named after the folder: select-all downloads of the drive and of a link. `vet`
   * sees the rows first and throws to refuse them.
   */
  async placeBundle(
    place: { folder: EntryRow } | { root: DriveScope },
    except: number[],
    client: ZipClient,
    vet?: (rows: EntryRow[]) => Promise<void>,
  ): Promise<Bundle> {
    const maxEntries = await this.settings.get<number>('downloads.zip_max_entries');
    // One row past the cap is enough for plan() to refuse: a huge folder is never read whole.
    const rows = await this.entries.listChildrenExcept(
      'folder' in place ? { parentId: place.folder.id } : place,
      [...new Set(except)],
      maxEntries > 0 ? maxEntries + 1 : Number.MAX_SAFE_INTEGER,
    );
    await vet?.(rows);
    if (!rows.length) throw validation({ except: [NOTHING_TO_DOWNLOAD] });
    return this.bundle(rows, client, 'folder' in place ? `${zipSegment(place.folder.name)}.zip` : undefined);
  }

  /** The entries named by hash: a single file as itself, anything else as one ZIP (`address`: the client's). */
  async many(actor: Actor, hashes: string[], address: string): Promise<Bundle> {
    actor.authorize(Permission.filesDownload);
    const unique = [...new Set(hashes)];
    const rows = await this.entries.getManyByHashes(unique);
    const selected = unique.flatMap((h) => rows.find((r) => r.hash === h) ?? []);
    const access = await this.policy.accessToMany(actor, selected);
    if (selected.length < unique.length || selected.some((r) => !access.has(r.id) || r.deleted_at)) throw notFound();
    if (selected.some((r) => !atLeast(access.get(r.id)?.level, 'download'))) throw forbidden(FORBIDDEN_SHARED);
    return this.bundle(selected, { userId: actor.user?.id ?? null, linkId: null, address });
  }

  /**
   * Entries the caller was already allowed: a single file as itself, anything else as one ZIP.
   * Before a byte of a ZIP is sent: 413 past the entry or byte cap of one archive, 429 when the
   * client already runs as many archives as its user, link or address may (zip-slots.ts).
   */
  async bundle(entries: EntryRow[], client: ZipClient, name?: string): Promise<Bundle> {
    if (entries.length === 1 && entries[0].is_folder === 0) return { kind: 'file', file: this.fileOf(entries[0]) };
    const filename = entries.length === 1 ? `${zipSegment(entries[0].name)}.zip` : (name ?? 'download.zip');
    const plan = await this.plan(entries);
    const release = await this.slots.acquire(client, await ZipSlots.limitsOf(this.settings));
    let stream: Readable;
    try {
      stream = this.zip(plan);
    } catch (error) {
      await release();
      throw error;
    }
    // Sent, abandoned by the client or failed: the slot is given back once, whichever comes first.
    const done = () => void release();
    stream.once('close', done).once('end', done).once('error', done);
    return { kind: 'zip', filename, stream };
  }

  /** The rows of the archive, refused (413) past the entry and byte caps before anything streams. */
  private async plan(selected: EntryRow[]): Promise<ZipPlan> {
    const [maxEntries, maxBytes] = await Promise.all([
      this.settings.get<number>('downloads.zip_max_entries'),
      this.settings.get<number>('downloads.zip_max_bytes'),
    ]);
    const plan: ZipPlan = [];
    let count = 0;
    let bytes = 0;
    for (const top of selected) {
      const rows = top.is_folder ? await this.entries.listSubtree(top.path) : [top];
      plan.push({ top, rows });
      count += rows.length;
      for (const row of rows) bytes += row.is_folder ? 0 : Number(row.file_size);
      if (maxEntries > 0 && count > maxEntries)
        throw new AppError(
          413,
          `This download holds more than ${maxEntries} items, the most one ZIP may hold. Download fewer at a time.`,
          { code: 'payload_too_large' },
        );
    }
    if (maxBytes > 0 && bytes > maxBytes)
      throw new AppError(
        413,
        `This download is larger than ${formatBytes(maxBytes)}, the most one ZIP may hold. Download fewer at a time.`,
        { code: 'payload_too_large' },
      );
    return plan;
  }

  /**
   * A ZIP written while it is sent: each file's bytes are opened only when the archive
   * reaches it, so neither memory nor disk ever holds the whole (ZIP64 past 4 GB).
   */
  private zip(plan: ZipPlan): Readable {
    const zip = new yazl.ZipFile();
    const output = zip.outputStream as Readable;
    zip.on('error', (error: Error) => {
      this.logger.warn({ err: error }, 'zip download failed mid-stream');
      output.destroy(error);
    });
    const topNames = new Set<string>();
    for (const { top, rows } of plan) {
      const topName = zipSegment(top.name);
      let name = topName;
      for (let n = 1; topNames.has(name.toLowerCase()); n++) name = numberedName(topName, n);
      topNames.add(name.toLowerCase());
      const paths = new Map<number, string>();
      for (const row of rows) {
        const path = row.id === top.id ? name : `${parentPath(paths, row)}/${zipSegment(row.name)}`;
        paths.set(row.id, path);
        const mtime = new Date(row.updated_at);
        if (row.is_folder) zip.addEmptyDirectory(path, { mtime });
        else this.addFile(zip, row, path, mtime);
      }
    }
    zip.end();
    return output;
  }

  private addFile(zip: yazl.ZipFile, row: EntryRow, path: string, mtime: Date): void {
    const key = row.file_name;
    if (!key) throw new Error(`File entry ${row.id} has no stored bytes (file_name is empty)`);
    const options = { mtime, size: Number(row.file_size), compress: !STORE_TYPES.has(row.type) };
    zip.addReadStreamLazy(path, options, (callback) => {
      this.storage.getRange(key).then(
        (stream) => callback(null, stream),
        (error: unknown) => callback(error, undefined as never),
      );
    });
  }

  private describe(entry: EntryRow, key: string, contentType: string, size: number): FileDownload {
    const stamp = entry.sha256 ? entry.sha256.slice(0, 32) : `${entry.id}-${entry.file_size}`;
    return {
      entry,
      // Thumbnails and originals of one entry differ; the suffix keeps their validators apart.
      etag: `"${stamp}${key === entry.thumbnail ? '-t' : ''}"`,
      lastModified: new Date(entry.updated_at),
      contentType,
      isActive: key === entry.thumbnail ? false : isActiveContent(entry),
      storageKey: key,
      size,
      open: (range) => this.storage.getRange(key, range?.start, range?.end),
    };
  }
}

/** The ZIP path of a row's parent; listSubtree answers parents before their children. */
function parentPath(paths: Map<number, string>, row: EntryRow): string {
  const path = row.parent_id === null ? undefined : paths.get(row.parent_id);
  if (path === undefined) throw new Error(`Zipping entry ${row.id}: its parent ${row.parent_id} was not added first`);
  return path;
}

/** "2 GB", "500 MB": a cap said the way people read sizes. */
function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
