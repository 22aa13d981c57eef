import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_USERS_CSV_COLUMNS, type AdminUsersPage } from '@kosh/contracts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { ADMIN_USERS, callersOf, insertUsers, marker, qs } from './users-fixtures.ts';

const EXPORT = `${ADMIN_USERS}/export`;

let t: TestApp;
let callers: Awaited<ReturnType<typeof callersOf>>;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  callers = await callersOf(t);
  admin = callers.admin.agent;
});
afterAll(() => t.close());

/** RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== ',' && c !== '\r')) {
      cell += c;
    } else if (c === ',') {
      record.push(cell);
      cell = '';
    } else {
      // CRLF ends the record.
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    }
  }
  return records;
}

async function exported(query: Record<string, string | number>, agent = admin) {
  const res = await agent.get(`${EXPORT}?${qs(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = parseCsv(res.body);
  expect(header).toEqual([...ADMIN_USERS_CSV_COLUMNS]);
  return { res, rows, byColumn: rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))) };
}

/** Every id of the list's pages, in order. */
async function listedIds(query: Record<string, string | number>): Promise<number[]> {
  const ids: number[] = [];
  for (let p = 1; ; p++) {
    const res = await admin.get(`${ADMIN_USERS}?${qs({ ...query, perPage: 100, page: p })}`);
    const body = res.json() as AdminUsersPage;
    ids.push(...body.pagination.data.map((r) => r.id));
    if (p >= body.pagination.last_page) return ids;
  }
}

describe('GET admin/users/export', () => {
  it('answers 401 to a visitor and 403 without users.update; staff with users.update may export', async () => {
    expect((await callers.visitor.get(EXPORT)).statusCode).toBe(401);
    expect((await callers.plain.get(EXPORT)).statusCode).toBe(403);
    expect((await callers.staff.agent.get(EXPORT)).statusCode).toBe(200);
  });

  it('sends a dated CSV attachment with the listed columns', async () => {
    const mark = marker();
    const [id] = await insertUsers(t, [
      {
        email: `${mark}@example.test`,
        first_name: 'Ann',
        last_name: 'Lee, Jr.',
        email_verified_at: null,
        banned_at: '2024-01-01T00:00:00.000Z',
        last_active_at: '2024-02-03T04:05:06.000Z',
        created_at: '2023-01-01T00:00:00.000Z',
      },
    ]);
    await t.modules.db
      .insertInto('file_entries')
      .values({
        hash: `${mark}h`,
        name: 'a.txt',
        file_name: `entries/${mark}`,
        file_size: 4321,
        type: 'text',
        is_folder: 0,
        parent_id: null,
        path: `/${mark}/`,
        owner_id: id,
        workspace_id: null,
        created_at: '2024-01-01',
        updated_at: '2024-01-01',
      })
      .execute();
    const { res, byColumn } = await exported({ query: mark });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="users-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(byColumn).toEqual([
      {
        id: String(id),
        email: `${mark}@example.test`,
        first_name: 'Ann',
        last_name: 'Lee, Jr.',
        roles: 'users',
        email_verified_at: '',
        suspended: 'true',
        space_used: '4321',
        created_at: '2023-01-01T00:00:00.000Z',
        last_active_at: '2024-02-03T04:05:06.000Z',
      },
    ]);
  });

  it('prefixes cells a spreadsheet would run as formulas', async () => {
    const mark = marker();
    await insertUsers(t, [
      { email: `${mark}@example.test`, first_name: '=HYPERLINK("http://evil.test","x")', last_name: '@SUM(1)' },
      { email: `${mark}z@example.test`, first_name: '+1', last_name: '-1' },
    ]);
    const { byColumn } = await exported({ query: mark, orderBy: 'email', orderDir: 'asc' });
    expect(byColumn.map((r) => [r.first_name, r.last_name])).toEqual([
      [`'=HYPERLINK("http://evil.test","x")`, `'@SUM(1)`],
      [`'+1`, `'-1`],
    ]);
  });

  describe('past one batch', () => {
    let mark: string;
    beforeAll(async () => {
      mark = marker();
      const base = Date.parse('2021-01-01T00:00:00Z');
      await insertUsers(
        t,
        Array.from({ length: 2300 }, (_, i) => ({
          email: `${mark}-${i}@example.test`,
          // Runs of equal values and a third never active: ties and nulls cross the batch edges.
          created_at: new Date(base + Math.floor(i / 7) * 60_000).toISOString(),
          last_active_at: i % 3 === 0 ? null : new Date(base + (i % 500) * 1000).toISOString(),
          email_verified_at: i % 2 ? '2021-01-01T00:00:00.000Z' : null,
        })),
      );
    });

    it.each<Record<string, string>>([
      {},
      { orderBy: 'created_at', orderDir: 'asc' },
      { orderBy: 'last_active_at', orderDir: 'asc' },
      { orderBy: 'last_active_at', orderDir: 'desc' },
      { orderBy: 'email', orderDir: 'desc', emailVerified: 'true' },
    ])('writes every user the list shows, in its order (%j), reading 1,000 at a time', async (sort) => {
      const query = { query: mark, ...sort };
      const spy = vi.spyOn(t.modules.adminUsers.repos.users, 'exportBatch');
      try {
        const { rows } = await exported(query);
        const expected = await listedIds(query);
        expect(rows.map((r) => Number(r[0]))).toEqual(expected);
        expect(spy.mock.calls.every(([, , , limit]) => limit === 1000)).toBe(true);
        expect(spy).toHaveBeenCalledTimes(Math.floor(expected.length / 1000) + 1);
      } finally {
        spy.mockRestore();
      }
    });
  });

  it('answers 422 for a bad filter before sending anything', async () => {
    const res = await admin.get(`${EXPORT}?${qs({ orderBy: 'password' })}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.orderBy).toBeDefined();
  });
});
