import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FileEntry } from '@kosh/contracts';
import { newObjectKey } from '../../src/storage/keys.ts';
import type { TestApp } from './test-app.ts';

/**
 * `n` files with real bytes (`prefix-i.txt` holding `i`) in a folder of a user's drive, many rows
 * per statement: 1,200 uploads through HTTP would take minutes.
 */
export async function seedFiles(
  t: TestApp,
  folder: Pick<FileEntry, 'id' | 'path' | 'owner_id'>,
  n: number,
  prefix: string,
): Promise<void> {
  const at = new Date().toISOString();
  const rows = Array.from({ length: n }, (_, i) => ({
    hash: randomBytes(12).toString('base64url'),
    name: `${prefix}-${i}.txt`,
    file_name: newObjectKey('entries'),
    mime: 'text/plain',
    extension: 'txt',
    file_size: String(i).length,
    type: 'text',
    is_folder: 0,
    parent_id: folder.id,
    path: '',
    owner_id: folder.owner_id,
    workspace_id: null,
    created_at: at,
    updated_at: at,
  }));
  const db = t.modules.db;
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('file_entries')
      .values(rows.slice(i, i + 500))
      .execute();
  await sql`update file_entries set path = ${folder.path} || cast(id as varchar(20)) || '/'
    where parent_id = ${folder.id} and path = ''`.execute(db);
  for (let i = 0; i < rows.length; i += 100)
    await Promise.all(
      rows.slice(i, i + 100).map((r, j) => t.modules.storage.put(r.file_name, Buffer.from(String(i + j)))),
    );
}
