import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DriveClient } from '../helpers/drive.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { browserHeaders, listen, tusUpload } from '../helpers/uploads.ts';
import { unzip } from '../helpers/zip.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the check exists to find control characters
const UNSAFE = /[/\\\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** A name the drive may hold: not blank, not a dot name once trimmed, no separators or direction marks. */
const isSafeName = (name: string) => name === name.trim() && !['', '.', '..'].includes(name) && !UNSAFE.test(name);

/** Names a client might send for a new folder, a rename, an uploaded file or a tus upload. */
const NAMES = [
  '..',
  '.',
  '.. ',
  ' ..',
  ' .. ',
  '../escape',
  '..\\escape',
  'a/b',
  '\\',
  '/etc/passwd',
  'C:\\Windows',
  'C:',
  'a\u0000b',
  '%2e%2e',
  '%2e%2e%2f',
  'report\u202Efdp.exe',
  'a\u2066b\u2069',
  'x\u200Fy',
  'x\u200Ey',
  'a\u202Ab',
];

/** relativePaths of a folder upload. */
const RELATIVE_PATHS = [
  '../x.txt',
  '.. /x.txt',
  ' ../x.txt',
  'a/.. /x.txt',
  'a/ ../x.txt',
  './x.txt',
  '. /x.txt',
  'a/../../x.txt',
  '%2e%2e/x.txt',
  '%2e%2e%2fx.txt',
  'a\\..\\x.txt',
  '..\\x.txt',
  'a\u0000/x.txt',
  '/etc/x.txt',
  '//x.txt',
  'a//x.txt',
  'C:/x.txt',
  'c:\\x.txt',
  'C:x/y.txt',
  '\u202Efdp/x.txt',
  'a/\u2066b/x.txt',
  ' a /x.txt',
];

let t: TestApp;
let me: DriveClient;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  me = await DriveClient.create(t);
  base = await listen(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** Every live entry of the test user: nothing may land outside the folder it was sent to. */
const allEntries = () =>
  t.modules.db
    .selectFrom('file_entries')
    .select(['id', 'name', 'parent_id', 'path', 'is_folder'])
    .where('owner_id', '=', me.user.id)
    .where('deleted_at', 'is', null)
    .execute();

const ids = async () => new Set((await allEntries()).map((r) => r.id));

/** Checks that whatever exists is safely named and lives under `inside` (or nothing new exists). */
async function expectContained(insideId: number, before: Set<number>) {
  const rows = await allEntries();
  const inside = rows.find((r) => r.id === insideId);
  expect(inside).toBeDefined();
  for (const row of rows) {
    if (before.has(row.id)) continue;
    expect(isSafeName(row.name), `unsafe name ${JSON.stringify(row.name)}`).toBe(true);
    expect(row.path.startsWith(inside?.path ?? '\u0000'), `${row.name} outside`).toBe(true);
  }
}

// Traversal and spoofing through names: fuzz corpus over every way a name enters the drive.
describe('names, relativePath and tus metadata (traversal corpus)', () => {
  it.each(NAMES)('a new folder named %j is refused with 422 or kept safe', async (name) => {
    const parent = await me.folder(unique('new'));
    const before = await ids();
    const res = await me.agent.post('/api/v1/folders', { name, parentId: parent.id });
    if (res.statusCode !== 201) expect(res.statusCode).toBe(422);
    await expectContained(parent.id, before);
  });

  it.each(NAMES)('a rename to %j is refused with 422 or kept safe', async (name) => {
    const parent = await me.folder(unique('rename'));
    const before = await ids();
    const file = await me.upload('plain.txt', 'x', { parentId: parent.id });
    const res = await me.agent.post(`/api/v1/file-entries/${file.id}?_method=PUT`, { name });
    if (res.statusCode !== 200) expect(res.statusCode).toBe(422);
    await expectContained(parent.id, before);
  });

  it.each(NAMES)('an uploaded file named %j is refused with 422 or kept safe', async (name) => {
    const parent = await me.folder(unique('upload'));
    const before = await ids();
    const res = await me.uploadRaw({ name, content: 'x' }, { parentId: parent.id });
    if (res.statusCode !== 201) expect(res.statusCode).toBe(422);
    await expectContained(parent.id, before);
  });

  it.each(RELATIVE_PATHS)('the relativePath %j is refused with 422 or creates safe folders inside', async (p) => {
    const parent = await me.folder(unique('rel'));
    const before = await ids();
    const res = await me.uploadRaw({ name: 'x.txt', content: 'x' }, { parentId: parent.id, relativePath: p });
    if (res.statusCode !== 201) expect(res.statusCode).toBe(422);
    await expectContained(parent.id, before);
  });

  it('".. /f.txt" does not make a folder named ".. "', async () => {
    const parent = await me.folder('dot-dot-space');
    const res = await me.uploadRaw({ name: 'f.txt', content: 'x' }, { parentId: parent.id, relativePath: '.. /f.txt' });
    expect(res.statusCode).toBe(422);
    expect((await allEntries()).filter((r) => r.parent_id === parent.id)).toEqual([]);
  });

  it('a direction override is refused in new folders and renames', async () => {
    const res = await me.agent.post('/api/v1/folders', { name: 'photo\u202Egnp.exe', parentId: null });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name[0]).toMatch(/direction/);
  });

  it.each([
    ...NAMES.map((name) => ({ name, relativePath: undefined })),
    ...RELATIVE_PATHS.map((relativePath) => ({ name: 'x.txt', relativePath })),
  ])('tus metadata %j is refused or kept safe', async (metadata) => {
    const parent = await me.folder(unique('tus'));
    const before = await ids();
    const headers = await browserHeaders(me.agent);
    const created = await tusUpload(Buffer.from('x'), {
      endpoint: `${base}/api/v1/tus/upload`,
      headers,
      metadata: {
        name: metadata.name,
        parentId: String(parent.id),
        ...(metadata.relativePath ? { relativePath: metadata.relativePath } : {}),
      },
    }).then(
      ({ url }) => url,
      (error: { status?: number }) => error.status,
    );
    if (typeof created === 'number') expect(created).toBe(422);
    else {
      const res = await me.agent.post('/api/v1/tus/entries', { uploadKey: created });
      if (res.statusCode !== 201) expect(res.statusCode).toBe(422);
    }
    await expectContained(parent.id, before);
  });
});

// ZIP entry names: a downloaded folder never yields a path that climbs out or misleads when extracted.
describe('ZIP entry names of downloaded folders', () => {
  it('makes names kept from before the rules (".. ", backslashes, overrides) safe', async () => {
    const top = await me.folder('zip-top');
    const inner = await me.folder('inner', top.id);
    await me.upload('ok.txt', 'ok', { parentId: inner.id });
    const legacy = await me.upload('legacy.txt', 'legacy', { parentId: inner.id });
    // Names the old rules let in, written as a database of that time holds them.
    await t.modules.db.updateTable('file_entries').set({ name: '.. ' }).where('id', '=', inner.id).execute();
    await t.modules.db
      .updateTable('file_entries')
      .set({ name: '..\\evil\u202Etxt.exe' })
      .where('id', '=', legacy.id)
      .execute();
    const res = await me.agent.get(`/api/v1/file-entries/download?hashes=${top.hash}`);
    expect(res.statusCode).toBe(200);
    const files = await unzip(res.rawPayload);
    expect(files.size).toBeGreaterThan(0);
    for (const name of files.keys()) {
      const segments = name.replace(/\/$/, '').split('/');
      expect(segments[0]).toBe('zip-top');
      for (const segment of segments) expect(isSafeName(segment), JSON.stringify(name)).toBe(true);
    }
    expect([...files.keys()].some((n) => n.endsWith('/ok.txt'))).toBe(true);
  });
});

let made = 0;
/** A fresh folder name per case (a retried case must not clash with its first try). */
const unique = (prefix: string) => `${prefix}-${++made}-${Date.now()}`;
