import { Readable } from 'node:stream';
import { LINK_UNLOCK_SECONDS, Permission, SHAREABLE_LINK_PAGE_LOADER, type FileEntry } from '@kosh/contracts';
import { describe, expect, it } from 'vitest';
import { Actor } from '../auth/actor.ts';
import { KeyRing } from '../auth/key-ring.ts';
import { hashPassword } from '../auth/password.ts';
import type { DriveCopyService } from '../drive/copy.service.ts';
import type { DriveDownloadService, FileDownload } from '../drive/download.service.ts';
import type { DrivePolicy } from '../drive/drive.policy.ts';
import type { DriveScope, EntryRow } from '../drive/file-entries.repository.ts';
import type { DriveListingService } from '../drive/listing.service.ts';
import type { DriveUploadService, UploadTargetResolver } from '../drive/upload.service.ts';
import type { ZipClient } from '../drive/zip-slots.ts';
import { FakeFileEntries } from '../testing/fakes/file-entries.fake.ts';
import { entryRow, linkRow } from '../testing/fakes/rows.ts';
import { TestClock } from '../testing/test-clock.ts';
import { LinkAccessService, type LinkUnlock } from './link-access.service.ts';
import type { LinkRow, LinksRepository } from './links.repository.ts';

const HOUR = 3600_000;
// Hashed once: argon2id is slow on purpose.
const SECRET_HASH = await hashPassword('secret');

// Owner 1's drive: /10/ Shared (linked) > 11 a.txt, /10/12/ Sub > 13 b.txt; /20/ outside the link.
const tree = () => [
  entryRow({ id: 10, name: 'Shared', is_folder: 1, path: '/10/' }),
  entryRow({ id: 11, name: 'a.txt', parent_id: 10, path: '/10/11/', file_size: 5 }),
  entryRow({ id: 12, name: 'Sub', is_folder: 1, parent_id: 10, path: '/10/12/' }),
  entryRow({ id: 13, name: 'b.txt', parent_id: 12, path: '/10/12/13/', file_size: 7 }),
  entryRow({ id: 20, name: 'private.txt', path: '/20/' }),
];

const viewLinks = [{ id: 5, name: Permission.linksView, restrictions: [] }];
const guest = new Actor(null, [3], viewLinks);
const visitor = new Actor(
  { id: 2, email: 'bob@x.test' },
  [2],
  [...viewLinks, { id: 6, name: Permission.filesCreate, restrictions: [] }],
);
const noLinks = new Actor(null, [3], []);
const query = { page: 1, perPage: 50, order: 'name:asc' };
const noUnlock: LinkUnlock = { token: undefined };

class FakeLinks implements Pick<LinksRepository, 'getByHash' | 'getOwnerName'> {
  readonly rows: LinkRow[];
  owner: { first_name: string | null; last_name: string | null } = { first_name: 'Ada', last_name: 'Lovelace' };
  suspension = { banned_at: null as string | null, banned_until: null as string | null };
  constructor(rows: LinkRow[]) {
    this.rows = rows;
  }
  async getByHash(hash: string) {
    const row = this.rows.find((r) => r.hash === hash);
    return row && { ...row, maker: this.suspension };
  }
  async getOwnerName() {
    return this.owner;
  }
}

const downloadOf = (entry: EntryRow): FileDownload => ({
  entry,
  etag: `"${entry.id}"`,
  lastModified: new Date(entry.updated_at),
  contentType: entry.mime ?? 'application/octet-stream',
  isActive: false,
  size: entry.file_size,
  open: async () => Readable.from([]),
  storageKey: entry.file_name ?? '',
});

/** Records what the link let through to the drive's services. */
class FakeDrive
  implements
    Pick<DriveDownloadService, 'fileOf' | 'thumbnailOf' | 'bundle' | 'placeBundle'>,
    Pick<DriveCopyService, 'copyInto'>,
    Pick<DrivePolicy, 'getWritableFolder' | 'quotaHolder'>,
    Pick<DriveListingService, 'childrenPage'>,
    Pick<DriveUploadService, 'uploadInto'>
{
  readonly copies: Array<{ sources: number[]; into: number | null }> = [];
  readonly listed: unknown[] = [];
  readonly zipped: number[][] = [];
  /** The folders select-all downloads through the link asked for, with what they left out and the link. */
  readonly placesZipped: Array<{ folder: number; except: number[]; linkId: number | null }> = [];
  /** The metadata an upload through the link sends, and where it was resolved to. */
  uploadMetadata = { parentId: null as number | null, workspaceId: undefined as number | undefined };
  readonly uploadedInto: Array<{ folder: number | null; scope: DriveScope; quotaOf: number | undefined }> = [];

  fileOf(entry: EntryRow): FileDownload {
    return downloadOf(entry);
  }
  async thumbnailOf(entry: EntryRow): Promise<FileDownload> {
    return downloadOf(entry);
  }
  async bundle(entries: EntryRow[]) {
    this.zipped.push(entries.map((e) => e.id));
    return { kind: 'zip' as const, filename: 'download.zip', stream: Readable.from([]) };
  }
  async placeBundle(place: { folder: EntryRow } | { root: DriveScope }, except: number[], client: ZipClient) {
    if (!('folder' in place)) throw new Error('a link never downloads the root of a drive');
    this.placesZipped.push({ folder: place.folder.id, except, linkId: client.linkId });
    return { kind: 'zip' as const, filename: `${place.folder.name}.zip`, stream: Readable.from([]) };
  }
  async copyInto(_actor: Actor, sources: EntryRow[], target: { folder: EntryRow | null }): Promise<FileEntry[]> {
    this.copies.push({ sources: sources.map((s) => s.id), into: target.folder?.id ?? null });
    return [];
  }
  async getWritableFolder(actor: Actor, workspaceId: number) {
    return { folder: null, scope: { ownerId: actor.requireUser().id, workspaceId: workspaceId || null } };
  }
  async quotaHolder(actor: Actor, scope: DriveScope): Promise<Actor> {
    return actor.user?.id === scope.ownerId ? actor : new Actor({ id: scope.ownerId, email: 'owner@x.test' }, [], []);
  }
  async childrenPage(of: unknown) {
    this.listed.push(of);
    return { rows: [], total: 0 };
  }
  async uploadInto(_parts: unknown, _bytes: number | undefined, resolve: UploadTargetResolver): Promise<EntryRow> {
    const target = await resolve(this.uploadMetadata);
    this.uploadedInto.push({ folder: target.folder?.id ?? null, scope: target.scope, quotaOf: target.quota.user?.id });
    return entryRow({ id: 99, name: 'new.txt', parent_id: target.folder?.id ?? null, path: '/10/99/' });
  }
}

function setUp(link: Partial<LinkRow> = {}) {
  const clock = new TestClock();
  const links = new FakeLinks([linkRow({ id: 1, hash: 'L1', file_entry_id: 10, ...link })]);
  const entries = new FakeFileEntries(tree());
  const drive = new FakeDrive();
  const sut = new LinkAccessService({
    links,
    entries,
    policy: drive,
    listing: drive,
    downloads: drive,
    copy: drive,
    uploads: drive,
    keys: new KeyRing(async () => 'unit-test-app-key', clock.now),
    throttle: {
      attempt: async () => ({ succeeded: async () => undefined }),
      miss: async () => undefined,
      refuseSpent: async () => undefined,
      spentFor: async () => null,
    },
    // The human check is off in these specs; the integration tests turn it on.
    human: { isRequiredFor: async () => false, spend: async () => false },
    clock: clock.now,
  });
  return { sut, clock, links, entries, drive };
}
const noParts: AsyncIterable<never> = { [Symbol.asyncIterator]: async function* () {} };

describe('LinkAccessService', () => {
  describe('opening a link', () => {
    it('opens a link until the clock reaches its expiry, then answers 410 link_expired', async () => {
      const { sut, clock } = setUp({ expires_at: new TestClock().iso(HOUR) });
      await expect(sut.page(guest, 'L1', query, noUnlock)).resolves.toMatchObject({ page: { passwordInvalid: false } });
      clock.advance(HOUR);
      await expect(sut.page(guest, 'L1', query, noUnlock)).rejects.toMatchObject({
        status: 410,
        code: 'link_expired',
        message: 'This link has expired.',
      });
    });

    it('answers 404 while the maker of the link is suspended, and opens it once the suspension ends', async () => {
      const { sut, links, clock } = setUp();
      links.suspension = { banned_at: clock.iso(), banned_until: clock.iso(HOUR) };
      await expect(sut.page(guest, 'L1', query, noUnlock)).rejects.toMatchObject({ status: 404 });
      await expect(sut.find('L1')).resolves.toBeNull();
      clock.advance(HOUR);
      await expect(sut.page(guest, 'L1', query, noUnlock)).resolves.toMatchObject({ page: { passwordInvalid: false } });
    });

    it('answers 404, not 410, for an expired link that is also turned off', async () => {
      const { sut, clock } = setUp({ enabled: 0, expires_at: new TestClock().iso(HOUR) });
      clock.advance(2 * HOUR);
      await expect(sut.page(guest, 'L1', query, noUnlock)).rejects.toMatchObject({ status: 404 });
    });

    it('names who shared it by first and last name, and null when the owner has no name', async () => {
      const { sut, links } = setUp();
      const named = await sut.page(guest, 'L1', query, noUnlock);
      expect(named.page.link.shared_by).toEqual({ name: 'Ada Lovelace' });
      links.owner = { first_name: null, last_name: ' ' };
      const unnamed = await sut.page(guest, 'L1', query, noUnlock);
      expect(unnamed.page.link.shared_by).toBeNull();
    });

    it('answers 404 for a link that is turned off', async () => {
      const { sut } = setUp({ enabled: 0 });
      await expect(sut.page(guest, 'L1', query, noUnlock)).rejects.toMatchObject({ status: 404 });
    });

    it('answers 404 when the linked entry is in trash', async () => {
      const { sut, entries } = setUp();
      entries.rows[0].deleted_at = '2026-03-01T00:00:00.000Z';
      await expect(sut.page(guest, 'L1', query, noUnlock)).rejects.toMatchObject({ status: 404 });
    });

    it('answers 404 for a hash no link has', async () => {
      const { sut } = setUp();
      await expect(sut.page(guest, 'nope', query, noUnlock)).rejects.toMatchObject({ status: 404 });
    });

    it('asks a logged-out visitor of a restricted link to log in', async () => {
      const { sut } = setUp({ restricted: 1 });
      await expect(sut.page(guest, 'L1', query, noUnlock)).rejects.toMatchObject({ status: 401 });
    });

    it('opens a restricted link for a signed-in user', async () => {
      const { sut } = setUp({ restricted: 1 });
      const { page } = await sut.page(visitor, 'L1', query, noUnlock);
      expect(page.link.entry).toMatchObject({ name: 'Shared' });
    });

    it('refuses a visitor whose role does not hold links.view', async () => {
      const { sut } = setUp();
      await expect(sut.page(noLinks, 'L1', query, noUnlock)).rejects.toMatchObject({ status: 401 });
    });

    it('lists the children of a folder inside the link', async () => {
      const { sut, drive } = setUp();
      await sut.page(guest, 'L1', { ...query, loader: SHAREABLE_LINK_PAGE_LOADER, folderHash: 'h12' }, noUnlock);
      expect(drive.listed).toEqual([{ parentId: 12 }]);
    });

    it('answers 404 for a folder outside the link', async () => {
      const { sut, entries } = setUp();
      entries.rows.push(entryRow({ id: 21, is_folder: 1, path: '/21/' }));
      const outside = { ...query, loader: SHAREABLE_LINK_PAGE_LOADER, folderHash: 'h21' } as const;
      await expect(sut.page(guest, 'L1', outside, noUnlock)).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('password', () => {
    it('shows a protected link without its entry until the password is given', async () => {
      const { sut } = setUp({ password: SECRET_HASH });
      const { page, token } = await sut.page(guest, 'L1', query, noUnlock);
      expect(page).toMatchObject({ passwordInvalid: true, folderChildren: null, link: { entry: null } });
      expect(token).toBeUndefined();
    });

    it('counts a wrong password as an attempt and stays locked', async () => {
      const { sut } = setUp({ password: SECRET_HASH });
      let attempts = 0;
      const unlock = { token: undefined, password: 'guess', beforeAttempt: async () => void attempts++ };
      await expect(sut.unlockWith(guest, 'L1', unlock)).resolves.toBeNull();
      expect(attempts).toBe(1);
    });

    it('issues an unlock token for the right password', async () => {
      const { sut } = setUp({ password: SECRET_HASH });
      const { page, token } = await sut.page(guest, 'L1', query, { token: undefined, password: 'secret' });
      expect(page.passwordInvalid).toBe(false);
      expect(token).toEqual(expect.any(String));
    });

    it('takes the unlock token for the bytes, without counting an attempt', async () => {
      const { sut } = setUp({ password: SECRET_HASH });
      const token = await sut.unlockWith(guest, 'L1', { token: undefined, password: 'secret' });
      let attempts = 0;
      const unlock = { token: token ?? undefined, beforeAttempt: async () => void attempts++ };
      await expect(sut.page(guest, 'L1', query, unlock)).resolves.toMatchObject({ page: { passwordInvalid: false } });
      await expect(sut.file(guest, 'L1', 'h11', token ?? undefined, { inline: false })).resolves.toMatchObject({
        entry: { id: 11 },
      });
      expect(attempts).toBe(0);
    });

    it('refuses the bytes of a protected link without the unlock token', async () => {
      const { sut } = setUp({ password: SECRET_HASH });
      await expect(sut.file(guest, 'L1', 'h11', undefined, { inline: true })).rejects.toMatchObject({
        status: 403,
        message: 'This link is password protected.',
      });
    });

    it(`stops taking an unlock token ${LINK_UNLOCK_SECONDS} seconds after it was issued`, async () => {
      const { sut, clock } = setUp({ password: SECRET_HASH });
      const token = (await sut.unlockWith(guest, 'L1', { token: undefined, password: 'secret' })) ?? undefined;
      clock.advance(LINK_UNLOCK_SECONDS * 1000 + 1);
      await expect(sut.file(guest, 'L1', 'h11', token, { inline: true })).rejects.toMatchObject({ status: 403 });
    });

    it('locks the link again when its password changes', async () => {
      const { sut, links } = setUp({ password: SECRET_HASH });
      const token = (await sut.unlockWith(guest, 'L1', { token: undefined, password: 'secret' })) ?? undefined;
      links.rows[0].password = await hashPassword('another');
      await expect(sut.file(guest, 'L1', 'h11', token, { inline: true })).rejects.toMatchObject({ status: 403 });
    });

    it("does not take another link's unlock token", async () => {
      const { sut, links } = setUp({ password: SECRET_HASH });
      links.rows.push(linkRow({ id: 2, hash: 'L2', file_entry_id: 10, password: SECRET_HASH }));
      const token = (await sut.unlockWith(guest, 'L2', { token: undefined, password: 'secret' })) ?? undefined;
      await expect(sut.file(guest, 'L1', 'h11', token, { inline: true })).rejects.toMatchObject({ status: 403 });
    });
  });

  describe('permissions', () => {
    it('serves a file inside the link', async () => {
      const { sut } = setUp();
      await expect(sut.file(guest, 'L1', 'h13', undefined, { inline: false })).resolves.toMatchObject({
        entry: { id: 13 },
      });
    });

    it('answers 404 for a file outside the link', async () => {
      const { sut } = setUp();
      await expect(sut.file(guest, 'L1', 'h20', undefined, { inline: true })).rejects.toMatchObject({ status: 404 });
    });

    it('previews a file when downloads are off, but refuses it as an attachment', async () => {
      const { sut } = setUp({ allow_download: 0 });
      await expect(sut.file(guest, 'L1', 'h11', undefined, { inline: true })).resolves.toMatchObject({
        entry: { id: 11 },
      });
      await expect(sut.file(guest, 'L1', 'h11', undefined, { inline: false })).rejects.toMatchObject({ status: 403 });
    });

    it('zips the linked folder when no entries are named', async () => {
      const { sut, drive } = setUp();
      await sut.bundle(guest, 'L1', undefined, undefined);
      expect(drive.zipped).toEqual([[10]]);
    });

    it('refuses a ZIP when downloads are off', async () => {
      const { sut, drive } = setUp({ allow_download: 0 });
      await expect(sut.bundle(guest, 'L1', ['h11'], undefined)).rejects.toMatchObject({ status: 403 });
      expect(drive.zipped).toEqual([]);
    });

    it('zips a select-all of the linked folder or a folder inside it, with what was left out', async () => {
      const { sut, drive } = setUp();
      await sut.selected(guest, 'L1', { place: 'folder', except: '11' }, undefined, '');
      await sut.selected(guest, 'L1', { place: 'folder', folderId: 12 }, undefined, '');
      expect(drive.placesZipped).toEqual([
        { folder: 10, except: [11], linkId: 1 },
        { folder: 12, except: [], linkId: 1 },
      ]);
    });

    it('answers 404 for a select-all of a folder outside the link, or of a file', async () => {
      const { sut, drive } = setUp();
      for (const folderId of [20, 11, 404])
        await expect(sut.place(guest, 'L1', folderId, [], undefined)).rejects.toMatchObject({ status: 404 });
      expect(drive.placesZipped).toEqual([]);
    });

    it('refuses a select-all when downloads are off, or while the link is locked', async () => {
      const off = setUp({ allow_download: 0 });
      await expect(off.sut.place(guest, 'L1', 12, [], undefined)).rejects.toMatchObject({ status: 403 });
      const locked = setUp({ password: SECRET_HASH });
      await expect(locked.sut.place(guest, 'L1', 12, [], undefined)).rejects.toMatchObject({ code: 'link_locked' });
      expect([...off.drive.placesZipped, ...locked.drive.placesZipped]).toEqual([]);
    });

    it("copies the linked entry into the caller's drive", async () => {
      const { sut, drive } = setUp();
      await sut.saveToDrive(visitor, 'L1', undefined, {});
      expect(drive.copies).toEqual([{ sources: [10], into: null }]);
    });

    it('refuses save to drive when downloads are off', async () => {
      const { sut, drive } = setUp({ allow_download: 0 });
      await expect(sut.saveToDrive(visitor, 'L1', undefined, {})).rejects.toMatchObject({ status: 403 });
      expect(drive.copies).toEqual([]);
    });

    it('refuses save to drive to a visitor who is not signed in', async () => {
      const { sut } = setUp();
      await expect(sut.saveToDrive(guest, 'L1', undefined, {})).rejects.toMatchObject({ status: 401 });
    });

    it('refuses uploads unless the link allows editing', async () => {
      const { sut, drive } = setUp();
      await expect(sut.upload(guest, 'L1', undefined, noParts, 5)).rejects.toMatchObject({ status: 403 });
      expect(drive.uploadedInto).toEqual([]);
    });

    it("takes an upload into a folder inside an editable link, counted against the owner's space", async () => {
      const { sut, drive } = setUp({ allow_edit: 1 });
      drive.uploadMetadata = { parentId: 12, workspaceId: undefined };
      await expect(sut.upload(visitor, 'L1', undefined, noParts, 5)).resolves.toMatchObject({ name: 'new.txt' });
      expect(drive.uploadedInto).toEqual([{ folder: 12, scope: { ownerId: 1, workspaceId: null }, quotaOf: 1 }]);
    });

    it('refuses an upload into a folder outside the link', async () => {
      const { sut, drive } = setUp({ allow_edit: 1 });
      drive.uploadMetadata = { parentId: 20, workspaceId: undefined };
      await expect(sut.upload(visitor, 'L1', undefined, noParts, 5)).rejects.toMatchObject({ status: 404 });
    });
  });
});
