import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminReport, Permission } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { createUser } from '../helpers/factories.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { staffAgent } from '../helpers/staff.ts';

// The admin report through HTTP on a real database. Known rows are seeded in 2015, far from any
// preset's window, and read back with custom ranges; presets are checked against rows made now.

const REPORT = '/api/v1/admin/report';
let t: TestApp;
let visitor: Agent;
let plainUser: Agent;
let staff: Agent;
let admin: Agent;

/** A signed-in agent; `permission` is granted to the user directly. */
const agentOf = async (opts: { admin?: boolean; permission?: string } = {}): Promise<Agent> =>
  (await staffAgent(t, { admin: opts.admin, permissions: opts.permission ? [opts.permission] : [] })).agent;

let seq = 0;
async function seedUser(createdAt: string, name?: string): Promise<number> {
  const [first_name, last_name] = name ? name.split(' ') : [null, null];
  const row = await t.modules.db
    .insertInto('users')
    .values({
      email: `seed-${++seq}-${randomBytes(3).toString('hex')}@example.test`,
      password: null,
      first_name,
      last_name,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type EntrySeed = { owner: number; at: string; size?: number; type?: string; folder?: boolean; trashed?: boolean };
async function seedEntry(e: EntrySeed): Promise<number> {
  const isFolder = !!e.folder;
  const row = await t.modules.db
    .insertInto('file_entries')
    .values({
      hash: randomBytes(12).toString('base64url'),
      name: `entry-${++seq}`,
      file_name: isFolder ? null : `entries/seed/${seq}`,
      mime: null,
      extension: null,
      file_size: isFolder ? 0 : (e.size ?? 0),
      type: isFolder ? 'folder' : (e.type ?? 'text'),
      is_folder: isFolder ? 1 : 0,
      parent_id: null,
      path: '',
      owner_id: e.owner,
      workspace_id: null,
      deleted_at: e.trashed ? e.at : null,
      trash_root_id: null,
      created_at: e.at,
      updated_at: e.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.modules.db
    .updateTable('file_entries')
    .set({ path: `/${row.id}/` })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

async function seedLink(entryId: number, userId: number, at: string): Promise<void> {
  await t.modules.db
    .insertInto('shareable_links')
    .values({
      hash: randomBytes(9).toString('base64url'),
      file_entry_id: entryId,
      user_id: userId,
      password: null,
      expires_at: null,
      enabled: 1,
      allow_download: 1,
      allow_edit: 0,
      restricted: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

type SessionSeed = { user: number; from: string; to: string; country?: string; browser?: string; platform?: string };
async function seedSession(s: SessionSeed): Promise<void> {
  await t.modules.db
    .insertInto('sessions')
    .values({
      id: randomBytes(16).toString('hex'),
      user_id: s.user,
      ip_address: null,
      user_agent: null,
      created_at: s.from,
      last_active: s.to,
      expires_at: '2035-01-01T00:00:00.000Z',
      country: s.country ?? null,
      browser: s.browser ?? null,
      platform: s.platform ?? null,
      device_type: 'desktop',
      city: null,
      password_confirmed_at: null,
    })
    .execute();
}

async function report(query: string, agent: Agent = admin): Promise<AdminReport> {
  const res = await agent.get(`${REPORT}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().report;
}

// March 2015 (31 days, UTC) beside the 31 days before it: January 29 to February 28.
const MARCH = 'range=custom&from=2015-03-01&to=2015-03-31';
let owner: number;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  visitor = newAgent(t);
  plainUser = await agentOf();
  staff = await agentOf({ permission: Permission.adminAccess });
  admin = await agentOf({ admin: true });

  // Users: three in March (both edges), two in the period before, one on each side outside.
  owner = await seedUser('2015-03-01T00:00:00.000Z', 'Asha Rao');
  const b = await seedUser('2015-03-15T12:00:00.000Z');
  await seedUser('2015-03-31T23:59:59.999Z');
  await seedUser('2015-04-01T00:00:00.000Z');
  const d = await seedUser('2015-02-10T08:00:00.000Z');
  const e = await seedUser('2015-01-29T00:00:00.000Z');
  await seedUser('2015-01-28T23:59:59.999Z');

  // Entries, all Asha's: 3 files (one trashed) and 2 folders in March, 1 of each before, more outside.
  const inMarch = [
    await seedEntry({ owner, at: '2015-03-01T00:00:00.000Z', size: 100, type: 'image' }),
    await seedEntry({ owner, at: '2015-03-10T00:00:00.000Z', size: 200, type: 'video', trashed: true }),
    await seedEntry({ owner, at: '2015-03-31T23:00:00.000Z', size: 300, type: 'text' }),
    await seedEntry({ owner, at: '2015-03-02T00:00:00.000Z', folder: true }),
    await seedEntry({ owner, at: '2015-03-03T00:00:00.000Z', folder: true }),
  ];
  const before = [
    await seedEntry({ owner, at: '2015-02-01T00:00:00.000Z', size: 1000, type: 'pdf' }),
    await seedEntry({ owner, at: '2015-02-02T00:00:00.000Z', folder: true }),
  ];
  await seedEntry({ owner, at: '2015-05-01T00:00:00.000Z', size: 5000, type: 'image' });
  await seedEntry({ owner, at: '2014-12-01T00:00:00.000Z', size: 10, type: 'image' });
  await seedEntry({ owner: b, at: '2015-06-01T00:00:00.000Z', size: 50, type: 'audio' });

  // Links: two in March, one before.
  await seedLink(inMarch[0], owner, '2015-03-05T00:00:00.000Z');
  await seedLink(inMarch[3], owner, '2015-03-31T10:00:00.000Z');
  await seedLink(before[0], owner, '2015-02-05T00:00:00.000Z');

  // Sessions: Asha across the edge of the periods; b in two countries; e only before; a session after March.
  await seedSession({
    user: owner,
    from: '2015-02-20T00:00:00.000Z',
    to: '2015-03-05T00:00:00.000Z',
    country: 'India',
    browser: 'Chrome',
    platform: 'Windows',
  });
  const firefox = { browser: 'Firefox', platform: 'Linux' };
  await seedSession({
    user: b,
    from: '2015-03-10T00:00:00.000Z',
    to: '2015-03-12T00:00:00.000Z',
    country: 'India',
    ...firefox,
  });
  await seedSession({
    user: b,
    from: '2015-03-20T00:00:00.000Z',
    to: '2015-03-21T00:00:00.000Z',
    country: 'Germany',
    ...firefox,
  });
  await seedSession({ user: e, from: '2015-01-30T00:00:00.000Z', to: '2015-02-01T00:00:00.000Z', country: 'France' });
  await seedSession({ user: d, from: '2015-04-02T00:00:00.000Z', to: '2015-04-03T00:00:00.000Z', country: 'Spain' });
  // d's token, made and used in March: active then, not before.
  await t.modules.db
    .insertInto('personal_access_tokens')
    .values({
      user_id: d,
      name: 'cli',
      token_hash: randomBytes(32).toString('hex'),
      created_at: '2015-03-02T00:00:00.000Z',
      last_used_at: '2015-03-15T00:00:00.000Z',
    })
    .execute();
  t.modules.report.cache.clear();
});
afterAll(() => t.close());

describe('GET admin/report', () => {
  describe('access', () => {
    it('refuses a visitor with 401 and a user without admin.access with 403', async () => {
      expect((await visitor.get(REPORT)).statusCode).toBe(401);
      expect((await plainUser.get(REPORT)).statusCode).toBe(403);
    });

    it('answers a user holding only admin.access, and an admin', async () => {
      expect((await staff.get(REPORT)).statusCode).toBe(200);
      expect((await admin.get(REPORT)).statusCode).toBe(200);
    });
  });

  describe('a custom period beside the one before it', () => {
    it('names the days of both periods', async () => {
      const r = await report(MARCH);
      expect(r.range).toEqual({
        range: 'custom',
        timezone: 'UTC',
        from: '2015-03-01',
        to: '2015-03-31',
        previous: { from: '2015-01-29', to: '2015-02-28' },
        unit: 'day',
      });
      expect(r.billing).toBeUndefined();
    });

    it('counts users, files, folders, bytes and links created in each, edges included once', async () => {
      const { cards } = await report(MARCH);
      expect(cards.new_users).toEqual({ value: 3, previous: 2 });
      expect(cards.new_files).toEqual({ value: 3, previous: 1 });
      expect(cards.new_folders).toEqual({ value: 2, previous: 1 });
      expect(cards.uploaded_bytes).toEqual({ value: 600, previous: 1000 });
      expect(cards.links_created).toEqual({ value: 2, previous: 1 });
    });

    it('counts distinct users with a session or a token in use during each period', async () => {
      const { cards } = await report(MARCH);
      expect(cards.active_users).toEqual({ value: 3, previous: 2 });
    });

    it('gives space used at the end of each period, trash included', async () => {
      const { cards } = await report(MARCH);
      // Every byte now (6660) less what was created after March (5000 + 50), or after February.
      expect(cards.space_used).toEqual({ value: 1610, previous: 1010 });
    });

    it('gives a bucket per day with sign-ups, uploads and space at its end', async () => {
      const { series } = await report(MARCH);
      expect(series).toHaveLength(31);
      expect(series[0]).toEqual({
        label: '2015-03-01',
        start: '2015-03-01T00:00:00.000Z',
        sign_ups: 1,
        uploads: 1,
        uploaded_bytes: 100,
        space_used: 1110,
      });
      expect(series[30]).toMatchObject({ label: '2015-03-31', sign_ups: 1, uploads: 1, space_used: 1610 });
      expect(series.reduce((n, b) => n + b.sign_ups, 0)).toBe(3);
    });

    it('breaks active users down by country, browser and platform', async () => {
      const r = await report(MARCH);
      expect(r.countries).toEqual({
        items: [
          { name: 'India', users: 2 },
          { name: 'Germany', users: 1 },
        ],
        other: 0,
      });
      expect(r.browsers.items).toEqual([
        { name: 'Chrome', users: 1 },
        { name: 'Firefox', users: 1 },
      ]);
      expect(r.platforms.items).toEqual([
        { name: 'Linux', users: 1 },
        { name: 'Windows', users: 1 },
      ]);
    });
  });

  describe('figures of now', () => {
    it('sums space by file type, trash included, most first', async () => {
      const r = await report(MARCH);
      expect(r.space_by_type).toEqual([
        { type: 'image', bytes: 5110, files: 3 },
        { type: 'pdf', bytes: 1000, files: 1 },
        { type: 'text', bytes: 300, files: 1 },
        { type: 'video', bytes: 200, files: 1 },
        { type: 'audio', bytes: 50, files: 1 },
      ]);
    });

    it('lists the users with the most bytes with their files', async () => {
      const [first, second, ...rest] = (await report(MARCH)).top_users;
      expect(first).toMatchObject({ id: owner, name: 'Asha Rao', bytes: 6610, files: 6, image: null });
      expect(first.email).toMatch(/@example\.test$/);
      expect(second).toMatchObject({ bytes: 50, files: 1 });
      expect(rest).toEqual([]);
    });
  });

  describe('time zones and buckets', () => {
    it("cuts days at the midnights of the admin's zone", async () => {
      // Midnight of June 1 in India is 18:30 UTC on May 31.
      for (const at of [
        '2015-05-31T18:29:59.999Z',
        '2015-05-31T18:30:00.000Z',
        '2015-06-01T18:29:59.999Z',
        '2015-06-01T18:30:00.000Z',
      ])
        await seedUser(at);
      const r = await report('range=custom&from=2015-06-01&to=2015-06-02&timezone=Asia/Kolkata');
      expect(r.series.map((b) => [b.label, b.start, b.sign_ups])).toEqual([
        ['2015-06-01', '2015-05-31T18:30:00.000Z', 2],
        ['2015-06-02', '2015-06-01T18:30:00.000Z', 1],
      ]);
      expect(r.cards.new_users).toEqual({ value: 3, previous: 1 });
    });

    it('buckets the last 12 months by calendar month, this one last', async () => {
      const r = await report('range=12m&timezone=UTC');
      expect(r.range.unit).toBe('month');
      expect(r.series).toHaveLength(12);
      const now = new Date();
      const thisMonth = now.toISOString().slice(0, 7);
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString();
      expect(r.series.at(-1)?.label).toBe(thisMonth);
      expect(r.series[0]).toMatchObject({ label: first.slice(0, 7), start: first });
      expect(r.series.reduce((n, b) => n + b.sign_ups, 0)).toBe(r.cards.new_users.value);
      // The users of these tests were made now.
      expect(r.series.at(-1)?.sign_ups).toBeGreaterThanOrEqual(3);
    });

    it('buckets a custom range over 90 days by month, cut to the range', async () => {
      const r = await report('range=custom&from=2015-02-15&to=2015-06-10');
      expect(r.range.unit).toBe('month');
      expect(r.series.map((b) => [b.label, b.start.slice(0, 10)])).toEqual([
        ['2015-02', '2015-02-15'],
        ['2015-03', '2015-03-01'],
        ['2015-04', '2015-04-01'],
        ['2015-05', '2015-05-01'],
        ['2015-06', '2015-06-01'],
      ]);
      expect(r.series[1]).toMatchObject({ sign_ups: 3, uploads: 3, uploaded_bytes: 600 });
    });
  });

  describe('the cache', () => {
    it('answers the same figures for 60 seconds, then reads them again', async () => {
      const first = await report('range=today');
      expect(first.cards.new_users.value).toBeGreaterThanOrEqual(3);
      await createUser(t.modules);
      const again = await report('range=today');
      expect(again.cards.new_users.value).toBe(first.cards.new_users.value);
      expect(again.generated_at).toBe(first.generated_at);

      t.modules.report.cache.clear();
      expect((await report('range=today')).cards.new_users.value).toBe(first.cards.new_users.value + 1);
    });
  });

  describe('validation', () => {
    const refusal = async (query: string) => {
      const res = await admin.get(`${REPORT}?${query}`);
      expect(res.statusCode, res.body).toBe(422);
      return Object.keys(res.json().errors);
    };

    it('refuses an unknown range', async () => {
      expect(await refusal('range=week')).toEqual(['range']);
    });

    it('refuses a custom range without its dates, or with a date that does not exist', async () => {
      expect(await refusal('range=custom')).toEqual(['from', 'to']);
      expect(await refusal('range=custom&from=2015-02-30&to=2015-03-01')).toEqual(['from']);
      expect(await refusal('range=custom&from=2015-03-01&to=March')).toEqual(['to']);
    });

    it('refuses to before from and a span over two years', async () => {
      expect(await refusal('range=custom&from=2015-03-02&to=2015-03-01')).toEqual(['to']);
      expect(await refusal('range=custom&from=2013-01-01&to=2015-01-02')).toEqual(['to']);
    });

    it('refuses an unknown time zone', async () => {
      expect(await refusal('timezone=Mars/Olympus')).toEqual(['timezone']);
    });
  });
});
