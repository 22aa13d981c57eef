import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsckCommand } from '../../src/drive/fsck.command.ts';
import { DriveClient, multipart } from '../helpers/drive.ts';
import { Agent, createTestApp, type SecondApp, startSecondApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/**
 * A second server process's worth of modules on the same database: its own pool on PostgreSQL, its
 * own connection to the same file on SQLite (where BEGIN IMMEDIATE is what serialises the writers).
 */
let second: SecondApp | undefined;
beforeAll(async () => {
  t = await createTestApp();
  second = await startSecondApp(t.modules.config);
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

/** The same signed-in session, sent to another app instance (another process's worth of pools). */
function agentOn(app: FastifyInstance, from: Agent): Agent {
  const agent = new Agent(app);
  for (const [k, v] of from.cookies) agent.cookies.set(k, v);
  return agent;
}

/** A deterministic generator (no Math.random): the same operations on every run. */
function prng(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

/** Breaches of the tree invariants, counted in SQL. */
async function breaches(): Promise<Record<string, number>> {
  const db = t.modules.db;
  const one = async (q: ReturnType<typeof sql<{ n: number | string }>>) => Number((await q.execute(db)).rows[0].n);
  const badPaths = await one(sql<{ n: number }>`
    select count(*) as n from file_entries e left join file_entries p on p.id = e.parent_id
    where e.path <> coalesce(p.path, '/') || cast(e.id as text) || '/'`);
  const duplicates = await one(sql<{ n: number }>`
    select count(*) as n from file_entries a join file_entries b on a.id < b.id
      and lower(a.name) = lower(b.name) and coalesce(a.parent_id, 0) = coalesce(b.parent_id, 0)
      and coalesce(a.workspace_id, -a.owner_id) = coalesce(b.workspace_id, -b.owner_id)
    where a.deleted_at is null and b.deleted_at is null`);
  const unreachable = await one(sql<{ n: number }>`
    with recursive reach(id) as (
      select id from file_entries where parent_id is null
      union all select e.id from file_entries e join reach r on e.parent_id = r.id
    )
    select count(*) as n from file_entries where id not in (select id from reach)`);
  const liveUnderTrash = await one(sql<{ n: number }>`
    select count(*) as n from file_entries e join file_entries p on p.id = e.parent_id
    where e.deleted_at is null and p.deleted_at is not null`);
  return { badPaths, duplicates, unreachable, liveUnderTrash };
}

async function fsckExit(): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await fsckCommand(t.modules.drive.fsck, {}, (line) => lines.push(line));
  return { code, lines };
}

const move = (agent: Agent, entryIds: number[], destinationId: number | null) =>
  agent.post('/api/v1/file-entries/move', { entryIds, destinationId });

describe('tree races', () => {
  // Fault class: concurrent opposite folder moves (P into Q and Q into P) must never make a cycle.
  describe('opposite folder moves', () => {
    const TRIES = 50;

    async function race(label: string, other: (me: DriveClient) => Agent) {
      const me = await DriveClient.create(t);
      const them = other(me);
      let cycles = 0;
      let bothRefused = 0;
      for (let i = 0; i < TRIES; i++) {
        const p = await me.folder(`${label} P${i}`);
        const q = await me.folder(`${label} Q${i}`);
        const [a, b] = await Promise.all([move(me.agent, [p.id], q.id), move(them, [q.id], p.id)]);
        const ok = [a, b].filter((r) => r.statusCode === 200).length;
        if (ok === 2) cycles++;
        if (ok === 0) bothRefused++;
        for (const r of [a, b]) expect([200, 422]).toContain(r.statusCode);
      }
      process.stdout.write(`${label}: ${TRIES} tries, ${cycles} cycles, ${bothRefused} both refused\n`);
      expect(cycles).toBe(0);
      expect(bothRefused).toBe(0);
      expect(await breaches()).toEqual({ badPaths: 0, duplicates: 0, unreachable: 0, liveUnderTrash: 0 });
    }

    it('lets exactly one of two opposite moves through, in one process', async () => {
      await race(`one process (${t.db.dialect})`, (me) => agentOn(t.app, me.agent));
    });

    it('lets exactly one of two opposite moves through, across two processes', async () => {
      if (!second) throw new Error('no second process');
      const app = second.app;
      await race(`two processes (${t.db.dialect})`, (me) => agentOn(app, me.agent));
    });
  });

  // Fault class: 20 clients moving, trashing, restoring, renaming, creating and copying at once
  // keep the invariants: paths from parents, unique live sibling names, no cycles.
  describe('a 20-client mix', () => {
    it('ends with the tree invariants true and fsck clean', { timeout: 120_000 }, async () => {
      const me = await DriveClient.create(t);
      const apps = [t.app, ...(second ? [second.app] : [])];
      const clients = Array.from({ length: 20 }, (_, i) => agentOn(apps[i % apps.length], me.agent));
      const folders: number[] = [];
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) folders.push((await me.folder(`f${i}`)).id);
      for (let i = 0; i < 4; i++) ids.push((await me.upload(`file${i}.txt`, `bytes ${i}`)).id);
      ids.push(...folders);
      const NAMES = ['a', 'A', 'b.txt', 'B.TXT', 'f1', 'file0.txt'];
      const OPS_PER_CLIENT = 60;
      const statuses = new Map<number, number>();
      const unexpected: string[] = [];

      const step = async (agent: Agent, pick: (n: number) => number): Promise<void> => {
        const any = () => ids[pick(ids.length)];
        const folder = () => (pick(5) === 0 ? null : folders[pick(folders.length)]);
        const name = () => NAMES[pick(NAMES.length)];
        let res: LightMyRequestResponse;
        const op = pick(8);
        const what = ['move', 'move2', 'trash', 'restore', 'rename', 'folder', 'upload', 'copy'][op];
        if (op <= 1) res = await move(agent, [any()], folder());
        else if (op === 2) res = await agent.post('/api/v1/file-entries/delete', { entryIds: [any()] });
        else if (op === 3) res = await agent.post('/api/v1/file-entries/restore', { entryIds: [any()] });
        else if (op === 4)
          res = await agent.request({ method: 'PUT', url: `/api/v1/file-entries/${any()}`, payload: { name: name() } });
        else if (op === 5) {
          res = await agent.post('/api/v1/folders', { name: name(), parentId: folder() });
          if (res.statusCode === 201) folders.push(res.json().fileEntry.id);
        } else if (op === 6) {
          const body = multipart([['metadata', JSON.stringify({ parentId: folder() })]], {
            name: name(),
            content: 'x',
          });
          res = await agent.request({ method: 'POST', url: '/api/v1/file-entries', ...body });
        } else res = await agent.post('/api/v1/file-entries/copy', { entryIds: [any()], destinationId: folder() });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode < 300 && 'fileEntry' in res.json()) ids.push(res.json().fileEntry.id);
        if (![200, 201, 404, 422].includes(res.statusCode))
          unexpected.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      };

      const started = Date.now();
      await Promise.all(
        clients.map(async (agent, i) => {
          const pick = prng(1000 + i);
          for (let n = 0; n < OPS_PER_CLIENT; n++) await step(agent, pick);
        }),
      );
      const ops = clients.length * OPS_PER_CLIENT;
      const summary = [...statuses].map(([s, n]) => `${s}x${n}`).join(' ');
      process.stdout.write(`20-client mix (${t.db.dialect}): ${ops} ops in ${Date.now() - started} ms; ${summary}\n`);
      for (const line of unexpected) process.stdout.write(`unexpected answer: ${line}\n`);
      expect(unexpected).toEqual([]);
      expect(await breaches()).toEqual({ badPaths: 0, duplicates: 0, unreachable: 0, liveUnderTrash: 0 });
      const fsck = await fsckExit();
      expect(fsck.lines).toEqual(['fsck: no problems found']);
      expect(fsck.code).toBe(0);
    });
  });
});
