import { Readable } from 'node:stream';
import { Permission, type FileEntry } from '@kosh/contracts';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { Actor } from '../auth/actor.ts';
import { notFound } from '../http/app-error.ts';
import type { UploadNotices } from '../notifications/upload-notices.ts';
import { FakeFileEntries } from '../testing/fakes/file-entries.fake.ts';
import { entryRow } from '../testing/fakes/rows.ts';
import { FakeSettings } from '../testing/fakes/settings.fake.ts';
import { FakeSpaceReservations } from '../testing/fakes/space-reservations.fake.ts';
import { FakeStorage } from '../testing/fakes/storage.fake.ts';
import { nullDatabase } from '../testing/null-database.ts';
import { TestClock } from '../testing/test-clock.ts';
import type { DrivePolicy } from './drive.policy.ts';
import { presentEntry } from './entry.presenter.ts';
import { EntryWriter } from './entry-writer.ts';
import type { DriveScope, EntryRow } from './file-entries.repository.ts';
import type { DriveListingService } from './listing.service.ts';
import { SpaceService } from './space.service.ts';
import type { ThumbnailService } from './thumbnails.service.ts';
import { DriveUploadService, type UploadPart } from './upload.service.ts';

const HOUR = 3600_000;
const SPACE = 100;
const ann = new Actor({ id: 1, email: 'ann@x.test' }, [2], [{ id: 6, name: Permission.filesCreate, restrictions: [] }]);

/** Ann's own drive only: a folder of hers to write into, or 404. */
class FakePolicy implements Pick<DrivePolicy, 'scopeFor' | 'getWritableFolder' | 'quotaHolder'> {
  private readonly entries: FakeFileEntries;
  constructor(entries: FakeFileEntries) {
    this.entries = entries;
  }
  async scopeFor(actor: Actor, workspaceId: number): Promise<DriveScope> {
    if (workspaceId !== 0) throw notFound('The workspace does not exist.');
    return { ownerId: actor.requireUser().id, workspaceId: null };
  }
  async getWritableFolder(actor: Actor, workspaceId: number, id: number | null | undefined) {
    const scope = await this.scopeFor(actor, workspaceId);
    if (id === null || id === undefined) return { folder: null, scope };
    const folder = await this.entries.getById(id);
    if (!folder || folder.owner_id !== scope.ownerId || folder.is_folder !== 1 || folder.deleted_at) throw notFound();
    return { folder, scope };
  }
  async quotaHolder(actor: Actor): Promise<Actor> {
    return actor;
  }
}

class FakeAfterUpload
  implements Pick<DriveListingService, 'present'>, Pick<ThumbnailService, 'schedule'>, Pick<UploadNotices, 'uploaded'>
{
  readonly thumbnails: number[] = [];
  readonly notices: Array<{ uploaderId: number; entryId: number }> = [];
  async present(_actor: Actor, rows: EntryRow[]): Promise<FileEntry[]> {
    return rows.map((row) => presentEntry(row));
  }
  schedule(row: EntryRow): void {
    this.thumbnails.push(row.id);
  }
  uploaded(uploaderId: number, entry: EntryRow): void {
    this.notices.push({ uploaderId, entryId: entry.id });
  }
}

/** A multipart body: the fields, then the file (`size` bytes) when given. */
async function* form(fields: Record<string, string>, file?: { name: string; size: number; type?: string }) {
  for (const [name, value] of Object.entries(fields)) yield { kind: 'field', name, value } satisfies UploadPart;
  if (file)
    yield {
      kind: 'file',
      name: 'file',
      filename: file.name,
      mimetype: file.type ?? 'application/octet-stream',
      stream: Readable.from([Buffer.alloc(file.size, 'x')]),
    } satisfies UploadPart;
}

function setUp(rows: EntryRow[] = [], settingValues: Record<string, unknown> = {}) {
  const clock = new TestClock();
  const entries = new FakeFileEntries(rows);
  const settings = new FakeSettings({ 'drive.default_space_bytes': SPACE, ...settingValues });
  const reservations = new FakeSpaceReservations();
  const storage = new FakeStorage();
  const after = new FakeAfterUpload();
  const db = nullDatabase();
  const writer = new EntryWriter(db, 'sqlite', entries);
  const space = new SpaceService({ entries, settings, reservations, db, dialect: 'sqlite', writer, clock: clock.now });
  const sut = new DriveUploadService({
    entries,
    policy: new FakePolicy(entries),
    writer,
    listing: after,
    space,
    settings,
    storage,
    thumbnails: after,
    notices: after,
    logger: pino({ level: 'silent' }),
    clock: clock.now,
  });
  /** What the upload left: rows beyond the ones the test began with, bytes kept, space still reserved. */
  const added = () => entries.rows.slice(rows.length);
  return { sut, clock, entries, settings, reservations, storage, after, added };
}

describe('DriveUploadService', () => {
  describe('upload', () => {
    it('stores the file as an entry of the folder, stamped with the time now', async () => {
      const { sut, clock, storage, added } = setUp([entryRow({ id: 1, name: 'Docs', is_folder: 1 })]);
      const entry = await sut.upload(ann, 0, form({ parentId: '1' }, { name: 'a.txt', size: 5 }), 5);
      expect(entry).toMatchObject({ name: 'a.txt', file_size: 5, parent_id: 1 });
      expect(added()).toMatchObject([
        {
          name: 'a.txt',
          mime: 'text/plain',
          extension: 'txt',
          file_size: 5,
          owner_id: 1,
          parent_id: 1,
          path: `/1/${entry.id}/`,
          created_at: clock.iso(),
        },
      ]);
      expect([...storage.objects.keys()]).toEqual([added()[0].file_name]);
    });

    it('schedules a thumbnail and tells the notices of the new entry', async () => {
      const { sut, after, added } = setUp();
      await sut.upload(ann, 0, form({}, { name: 'a.png', size: 5 }), 5);
      expect(after.thumbnails).toEqual([added()[0].id]);
      expect(after.notices).toEqual([{ uploaderId: 1, entryId: added()[0].id }]);
    });

    it('reserves the declared length for six hours and releases it once the entry is written', async () => {
      const { sut, clock, reservations } = setUp();
      await sut.upload(ann, 0, form({}, { name: 'a.txt', size: 5 }), 40);
      expect(reservations.inserted).toMatchObject([{ user_id: 1, bytes: 40, expires_at: clock.iso(6 * HOUR) }]);
      expect(reservations.rows).toEqual([]);
    });

    it('refuses a caller without files.create', async () => {
      const { sut, storage } = setUp();
      const reader = new Actor({ id: 1, email: 'ann@x.test' }, [2], []);
      await expect(sut.upload(reader, 0, form({}, { name: 'a.txt', size: 5 }), 5)).rejects.toMatchObject({
        status: 403,
      });
      expect(storage.writes).toBe(0);
    });

    it('refuses a request without a file', async () => {
      const { sut, added } = setUp();
      await expect(sut.upload(ann, 0, form({ parentId: '' }), 5)).rejects.toMatchObject({
        status: 422,
        errors: { file: ['The file is required.'] },
      });
      expect(added()).toEqual([]);
    });

    it('refuses metadata that is not JSON', async () => {
      const { sut, storage } = setUp();
      await expect(sut.upload(ann, 0, form({ metadata: '{' }, { name: 'a.txt', size: 5 }), 5)).rejects.toMatchObject({
        status: 422,
        errors: { metadata: ['The metadata must be JSON.'] },
      });
      expect(storage.writes).toBe(0);
    });
  });

  describe('type rules', () => {
    it('refuses a blocked extension before a byte is stored', async () => {
      const { sut, storage, reservations } = setUp([], { 'uploads.blocked_types': ['exe'] });
      await expect(sut.upload(ann, 0, form({}, { name: 'setup.EXE', size: 5 }), 5)).rejects.toMatchObject({
        status: 422,
        errors: { file: ['This file type is not allowed.'] },
      });
      expect(storage.writes).toBe(0);
      expect(reservations.inserted).toEqual([]);
    });

    it('refuses a type outside the allowed list', async () => {
      const { sut, storage } = setUp([], { 'uploads.allowed_types': ['image/*'] });
      await expect(sut.upload(ann, 0, form({}, { name: 'a.txt', size: 5 }), 5)).rejects.toMatchObject({ status: 422 });
      expect(storage.writes).toBe(0);
    });

    it('takes a type the allowed list names', async () => {
      const { sut, added } = setUp([], { 'uploads.allowed_types': ['image/*'] });
      await sut.upload(ann, 0, form({}, { name: 'a.png', size: 5 }), 5);
      expect(added()).toMatchObject([{ name: 'a.png', mime: 'image/png' }]);
    });

    it('refuses a blocked extension the client declares, discarding the stored bytes', async () => {
      const { sut, storage, added } = setUp([], { 'uploads.blocked_types': ['exe'] });
      const body = form({}, { name: 'notes', size: 5 });
      const withClaim = (async function* () {
        yield { kind: 'field', name: 'clientExtension', value: 'exe' } satisfies UploadPart;
        yield* body;
      })();
      await expect(sut.upload(ann, 0, withClaim, 5)).rejects.toMatchObject({ status: 422 });
      expect(added()).toEqual([]);
      expect(storage.objects.size).toBe(0);
    });
  });

  describe('size and space', () => {
    it('refuses a file over uploads.max_size with 413, keeping nothing', async () => {
      const { sut, storage, reservations, added } = setUp([], { 'uploads.max_size': 10 });
      await expect(sut.upload(ann, 0, form({}, { name: 'a.txt', size: 11 }), 11)).rejects.toMatchObject({
        status: 413,
        message: expect.stringMatching(/^The file exceeds the maximum allowed size/),
      });
      expect(added()).toEqual([]);
      expect(storage.objects.size).toBe(0);
      expect(reservations.rows).toEqual([]);
    });

    it('takes a file of exactly uploads.max_size', async () => {
      const { sut, added } = setUp([], { 'uploads.max_size': 10 });
      await sut.upload(ann, 0, form({}, { name: 'a.txt', size: 10 }), 10);
      expect(added()).toHaveLength(1);
    });

    it('refuses with 413 a file larger than the space left', async () => {
      const { sut, storage, reservations, added } = setUp([entryRow({ id: 1, file_size: SPACE - 10 })]);
      await expect(sut.upload(ann, 0, form({}, { name: 'a.txt', size: 20 }), 20)).rejects.toMatchObject({
        status: 413,
        message: expect.stringMatching(/^You have exhausted your allowed space/),
      });
      expect(added()).toEqual([]);
      expect(storage.objects.size).toBe(0);
      expect(reservations.rows).toEqual([]);
    });

    it('counts the space other uploads in flight reserved', async () => {
      const { sut, clock, reservations, added } = setUp([entryRow({ id: 1, file_size: 40 })]);
      await reservations.insert({ user_id: 1, bytes: 50, expires_at: clock.iso(HOUR), created_at: clock.iso() });
      await expect(sut.upload(ann, 0, form({}, { name: 'a.txt', size: 20 }), 20)).rejects.toMatchObject({
        status: 413,
      });
      expect(added()).toHaveLength(0);
    });

    it('refuses before storing a byte when the space is full', async () => {
      const { sut, storage } = setUp([entryRow({ id: 1, file_size: SPACE })]);
      await expect(sut.upload(ann, 0, form({}, { name: 'a.txt', size: 1 }), 1)).rejects.toMatchObject({ status: 413 });
      expect(storage.writes).toBe(0);
    });

    it('takes a file without a declared length when it fits', async () => {
      const { sut, reservations, added } = setUp([entryRow({ id: 1, file_size: 40 })]);
      await sut.upload(ann, 0, form({}, { name: 'a.txt', size: 60 }), undefined);
      expect(added()).toMatchObject([{ file_size: 60 }]);
      expect(reservations.inserted).toMatchObject([{ bytes: 60 }]);
    });
  });

  describe('names', () => {
    it('numbers the name of a file whose name is taken in the folder, whatever the case', async () => {
      const { sut, added } = setUp([entryRow({ id: 1, name: 'A.TXT' })]);
      await sut.upload(ann, 0, form({}, { name: 'a.txt', size: 5 }), 5);
      await sut.upload(ann, 0, form({}, { name: 'a.txt', size: 5 }), 5);
      expect(added().map((r) => r.name)).toEqual(['a (1).txt', 'a (2).txt']);
    });

    it('keeps the name when only a trashed entry has it', async () => {
      const { sut, added } = setUp([entryRow({ id: 1, name: 'a.txt', deleted_at: '2026-01-02T00:00:00.000Z' })]);
      await sut.upload(ann, 0, form({}, { name: 'a.txt', size: 5 }), 5);
      expect(added()).toMatchObject([{ name: 'a.txt' }]);
    });

    it('creates the folders of the relative path and puts the file in the deepest', async () => {
      const { sut, clock, added } = setUp();
      const metadata = JSON.stringify({ relativePath: 'Trip/Day 1/a.jpg' });
      await sut.upload(ann, 0, form({ metadata }, { name: 'a.jpg', size: 5 }), 5);
      const [trip, day, file] = added();
      expect(trip).toMatchObject({ name: 'Trip', is_folder: 1, parent_id: null, created_at: clock.iso() });
      expect(day).toMatchObject({ name: 'Day 1', is_folder: 1, parent_id: trip.id });
      expect(file).toMatchObject({ name: 'a.jpg', parent_id: day.id, path: `/${trip.id}/${day.id}/${file.id}/` });
    });

    it('reuses a folder of the relative path that exists, and numbers one a file holds', async () => {
      const { sut, added } = setUp([
        entryRow({ id: 1, name: 'Trip', is_folder: 1 }),
        entryRow({ id: 2, name: 'Day 1', parent_id: 1, path: '/1/2/' }),
      ]);
      const metadata = JSON.stringify({ relativePath: 'Trip/Day 1/a.jpg' });
      await sut.upload(ann, 0, form({ metadata }, { name: 'a.jpg', size: 5 }), 5);
      const [day, file] = added();
      expect(day).toMatchObject({ name: 'Day 1 (1)', is_folder: 1, parent_id: 1 });
      expect(file).toMatchObject({ name: 'a.jpg', parent_id: day.id });
    });

    it('refuses a relative path that climbs out of the upload', async () => {
      const { sut, added } = setUp();
      const metadata = JSON.stringify({ relativePath: '../a.jpg' });
      await expect(sut.upload(ann, 0, form({ metadata }, { name: 'a.jpg', size: 5 }), 5)).rejects.toMatchObject({
        status: 422,
      });
      expect(added()).toEqual([]);
    });
  });
});
