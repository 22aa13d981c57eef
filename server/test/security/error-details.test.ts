import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';

const LEAKS = [
  /\n\s+at\s/, // stack frames
  /node_modules|\/work\/|\/tmp\/|\.ts:\d+/i, // paths and source positions
  /\b(select|insert|update|delete)\b.+\b(from|into|set|where)\b/i, // SQL
  /sqlite|postgres|kysely|SQLITE_|ECONNREFUSED|errno|syscall/i, // drivers and system errors
];

function assertPlain(res: LightMyRequestResponse, what: string, dataDir: string) {
  expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
  const body = res.body;
  for (const leak of LEAKS) expect(body, `${what}: ${body}`).not.toMatch(leak);
  expect(body, what).not.toContain(dataDir);
  const json = res.json();
  expect(
    Object.keys(json).filter((k) => !['message', 'code', 'errors'].includes(k)),
    what,
  ).toEqual([]);
  expect(typeof json.message, what).toBe('string');
}

describe('internal details in errors', () => {
  // Class: information disclosure in error answers (stack, SQL, paths) with APP_DEBUG off.
  let t: TestApp;
  let user: Person;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', APP_DEBUG: 'false' });
    user = await Person.create(t);
  });
  afterAll(() => t.close());

  it('answers malformed, oversized and odd requests without internals', async () => {
    const a = user.agent;
    const json = { 'content-type': 'application/json' };
    const answers: Array<[string, LightMyRequestResponse]> = [
      ['broken JSON', await a.request({ method: 'POST', url: '/api/v1/folders', payload: '{"name":', headers: json })],
      [
        'JSON of the wrong type',
        await a.request({ method: 'POST', url: '/api/v1/folders', payload: '[1,2]', headers: json }),
      ],
      [
        'too large',
        await a.request({
          method: 'POST',
          url: '/api/v1/folders',
          payload: `{"name":"${'x'.repeat(1_100_000)}"}`,
          headers: json,
        }),
      ],
      ['quote in a name', await a.post('/api/v1/folders', { name: "x'; DROP TABLE users; --", parentId: 2 ** 31 })],
      ['huge id', await a.get(`/api/v1/file-entries/${'9'.repeat(40)}/shareable-link`)],
      ['negative id', await a.get('/api/v1/file-entries/-1/shareable-link')],
      ['unknown route', await a.get('/api/v1/no-such-thing')],
      ['wrong method', await a.request({ method: 'PATCH', url: '/api/v1/folders' })],
      [
        'bad content type',
        await a.request({
          method: 'POST',
          url: '/api/v1/folders',
          payload: 'x',
          headers: { 'content-type': 'application/x-kosh' },
        }),
      ],
      [
        'broken multipart',
        await a.request({
          method: 'POST',
          url: '/api/v1/file-entries',
          payload: '--x\r\nbroken',
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
        }),
      ],
      ['unknown hash', await a.get('/api/v1/file-entries/..%2F..%2Fetc%2Fpasswd/download')],
      ['bad query', await a.get('/api/v1/drive/file-entries?perPage=abc&orderBy=1;drop')],
    ];
    for (const [what, res] of answers) assertPlain(res, what, t.db.dataDir);
  });

  it('answers a failure inside the database with a plain 500: no SQL, table name or stack', async () => {
    const file = await user.upload('star-me.txt', 'x');
    // A table gone under the server: the driver error names it and quotes the SQL.
    await sql`DROP TABLE stars`.execute(t.modules.db);
    const res = await user.agent.post('/api/v1/file-entries/star', { entryIds: [file.id] });
    expect(res.statusCode).toBe(500);
    assertPlain(res, 'database failure', t.db.dataDir);
    expect(res.body).not.toMatch(/stars/i);
  });
});
