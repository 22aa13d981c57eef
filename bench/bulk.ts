// Bulk actions at scale (the brief's budget): trash, restore, move and delete forever of 100,000
// selected entries of one folder, each under 1 s at the server (Fastify inject: routing, session,
// permission, queries). Delete forever answers once the rows are gone; the bytes of 100,000 files
// go after the answer, timed here on their own.
import { randomBytes } from 'node:crypto';
import { COOKIE, XSRF_HEADER } from '@kosh/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app.ts';
import type { Modules } from '../server/src/modules.ts';
import { newObjectKey } from '../server/src/storage/keys.ts';
import { benchUser, median, openBenchRuntime, tempDir, type Figure } from './lib.ts';

const COUNT = 100_000;
const BUDGET_MS = 1000;
const ROUNDS = 3;

/** Two folders, the first with COUNT files of 3 bytes each on the local disk. */
async function seed(modules: Modules, ownerId: number): Promise<{ big: number; other: number; keys: string[] }> {
  const db = modules.db;
  const started = Date.now();
  const at = new Date().toISOString();
  const folder = (id: number, name: string) => ({
    id,
    hash: randomBytes(12).toString('base64url'),
    name,
    type: 'folder',
    is_folder: 1,
    file_size: 0,
    parent_id: null,
    path: `/${id}/`,
    owner_id: ownerId,
    workspace_id: null,
    created_at: at,
    updated_at: at,
  });
  const keys: string[] = [];
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('file_entries')
      .values([folder(1, 'Big'), folder(2, 'Other')])
      .execute();
    const batch = modules.dialect === 'postgres' ? 2000 : 1000;
    for (let from = 0; from < COUNT; from += batch) {
      const rows = Array.from({ length: Math.min(batch, COUNT - from) }, (_, k) => {
        const id = 3 + from + k;
        const key = newObjectKey('entries');
        keys.push(key);
        return {
          id,
          hash: randomBytes(12).toString('base64url'),
          name: `file-${id}.txt`,
          file_name: key,
          mime: 'text/plain',
          extension: 'txt',
          file_size: 3,
          type: 'text',
          is_folder: 0,
          parent_id: 1,
          path: `/1/${id}/`,
          owner_id: ownerId,
          workspace_id: null,
          created_at: at,
          updated_at: at,
        };
      });
      await trx.insertInto('file_entries').values(rows).execute();
    }
  });
  if (modules.dialect === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('file_entries', 'id'), ${COUNT + 2})`.execute(db);
    await sql`vacuum analyze file_entries`.execute(db);
  } else {
    await sql`analyze`.execute(db);
  }
  const localPath = modules.storage.localPath?.bind(modules.storage);
  if (!localPath) throw new Error('the bulk bench needs the local disk driver');
  const dirs = new Set<string>();
  for (const key of keys) {
    const file = localPath(key);
    const dir = path.dirname(file);
    if (!dirs.has(dir)) fs.mkdirSync(dir, { recursive: true });
    dirs.add(dir);
    fs.writeFileSync(file, 'abc');
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`  seeded ${COUNT.toLocaleString('en')} files with their bytes in ${seconds} s\n`);
  return { big: 1, other: 2, keys };
}

const selectionName = (body: { selection?: { place?: string; folderId?: number } }) =>
  body.selection?.place === 'trash' ? 'trash' : `folder ${body.selection?.folderId}`;

export async function benchBulk(options: { databaseUrl?: string; label: string }): Promise<Figure[]> {
  const dir = tempDir('bulk');
  const modules = await openBenchRuntime(dir, options.databaseUrl);
  const app = await buildApp(modules);
  try {
    const user = await benchUser(modules);
    const { big, other, keys } = await seed(modules, user.id);
    const run = async (body: {
      action: string;
      selection: { place: string; folderId?: number };
      destinationId?: number;
    }): Promise<number> => {
      const start = process.hrtime.bigint();
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/file-entries/bulk',
        // A browser repeats its XSRF-TOKEN cookie in the header on every state-changing call.
        headers: { cookie: `${user.cookie}; ${COOKIE.xsrf}=bench`, [XSRF_HEADER]: 'bench' },
        payload: body,
      });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (res.statusCode !== 200)
        throw new Error(`${JSON.stringify(body)}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const { done, refused } = res.json() as { done: number; refused: number };
      process.stdout.write(`  ${body.action} ${selectionName(body)}: ${ms.toFixed(0)} ms\n`);
      if (done !== COUNT || refused) throw new Error(`${JSON.stringify(body)}: done ${done}, refused ${refused}`);
      return ms;
    };
    const inFolder = (folderId: number) => ({ place: 'folder', folderId });
    const trash: number[] = [];
    const restore: number[] = [];
    const move: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      trash.push(await run({ action: 'trash', selection: inFolder(big) }));
      restore.push(await run({ action: 'restore', selection: { place: 'trash' } }));
      move.push(await run({ action: 'move', selection: inFolder(big), destinationId: other }));
      await run({ action: 'move', selection: inFolder(other), destinationId: big });
    }
    await run({ action: 'trash', selection: inFolder(big) });
    const deleteRows = await run({ action: 'deleteForever', selection: { place: 'trash' } });
    const bytesStart = process.hrtime.bigint();
    await modules.drive.bulk.settled();
    const bytesMs = Number(process.hrtime.bigint() - bytesStart) / 1e6;
    const localPath = modules.storage.localPath?.bind(modules.storage);
    const left = keys.filter((k) => localPath && fs.existsSync(localPath(k))).length;
    if (left) throw new Error(`${left} files still on disk after delete forever`);
    const figure = (name: string, times: number[], note = ''): Figure => {
      const m = median(times);
      return {
        name: `${options.label}: ${name}`,
        value: `${times.length > 1 ? 'median ' : ''}${m.toFixed(0)} ms${note}`,
        budget: `< ${BUDGET_MS} ms`,
        ok: m < BUDGET_MS,
      };
    };
    return [
      figure('trash 100,000 selected entries', trash),
      figure('restore them from trash', restore),
      figure('move them to another folder', move),
      figure('delete them forever (rows; bytes after the answer)', [deleteRows]),
      {
        name: `${options.label}: bytes of 100,000 files removed after the answer`,
        value: `${(bytesMs / 1000).toFixed(1)} s (background)`,
        budget: 'none (not in the answer)',
        ok: true,
      },
    ];
  } finally {
    await app.close();
    await modules.lifecycle.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
