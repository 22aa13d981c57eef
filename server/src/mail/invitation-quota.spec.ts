import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import type { InvitationMailsTable } from '../db/schema.ts';
import { FakeSettings } from '../testing/fakes/settings.fake.ts';
import { nullDatabase } from '../testing/null-database.ts';
import { TestClock } from '../testing/test-clock.ts';
import type { InvitationMailRow, InvitationMailsRepository } from './invitation-mails.repository.ts';
import {
  INVITATION_LIMIT_TEXT,
  INVITATION_MAILS_PER_SENDER_HOUR,
  InvitationMailQuota,
  invitationTokenHash,
} from './invitation-quota.ts';

const HOUR = 3_600_000;

/** invitation_mails over an array, answering as the repository's queries do. */
class FakeMails implements Omit<InvitationMailsRepository, 'db'> {
  rows: InvitationMailRow[] = [];
  locks = 0;
  async withLock<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    this.locks += 1;
    return work(nullDatabase());
  }
  async countMailsSince(_trx: Database, since: string, senderId?: number): Promise<number> {
    const rows = this.rows.filter((r) => r.sent_at >= since && (senderId === undefined || r.sender_id === senderId));
    return new Set(rows.map((r) => r.token_hash)).size;
  }
  async mailedSince(
    _trx: Database,
    target: { email: string; kind: string; subjectIds: number[] },
    since: string,
  ): Promise<Set<number>> {
    const rows = this.rows.filter(
      (r) =>
        r.email === target.email &&
        r.kind === target.kind &&
        target.subjectIds.includes(r.subject_id) &&
        r.sent_at >= since,
    );
    return new Set(rows.map((r) => r.subject_id));
  }
  async insert(_trx: Database, rows: Insertable<InvitationMailsTable>[]): Promise<void> {
    for (const row of rows)
      this.rows.push({ id: this.rows.length + 1, sender_id: null, used_at: null, ...row } as InvitationMailRow);
  }
  async unusedOfToken(email: string, tokenHash: string): Promise<InvitationMailRow[]> {
    return this.rows.filter((r) => r.email === email && r.token_hash === tokenHash && !r.used_at);
  }
  async ofToken(email: string, tokenHash: string): Promise<InvitationMailRow[]> {
    return this.rows.filter((r) => r.email === email && r.token_hash === tokenHash);
  }
  async markUsed(email: string, at: string): Promise<void> {
    for (const r of this.rows) if (r.email === email && !r.used_at) r.used_at = at;
  }
}

function setUp(siteCap = 200) {
  const clock = new TestClock();
  const repo = new FakeMails();
  const sut = new InvitationMailQuota({
    repo: repo as unknown as InvitationMailsRepository,
    settings: new FakeSettings({ 'mail.invitations_per_hour': siteCap }),
    clock: clock.now,
  });
  return { sut, repo, clock };
}
const targets = (count: number, subjectIds = [1]) =>
  Array.from({ length: count }, (_, i) => ({ email: `p${i}@x.test`, kind: 'share' as const, subjectIds }));

describe('InvitationMailQuota', () => {
  describe('reserve', () => {
    it('plans one mail per address with a token of its own, recorded per entry', async () => {
      const { sut, repo } = setUp();
      const planned = await sut.reserve(7, targets(2, [1, 2]));
      expect([...planned.keys()]).toEqual(['p0@x.test', 'p1@x.test']);
      const tokens = [...planned.values()].map((p) => p.token);
      expect(new Set(tokens).size).toBe(2);
      expect(tokens.every((t) => Buffer.from(t, 'base64url').length >= 16)).toBe(true);
      expect(repo.rows).toHaveLength(4);
    });

    it('refuses past the per-sender limit with 429 and records nothing', async () => {
      const { sut, repo } = setUp();
      await sut.reserve(7, targets(INVITATION_MAILS_PER_SENDER_HOUR - 1));
      const before = repo.rows.length;
      await expect(
        sut.reserve(
          7,
          targets(2).map((t) => ({ ...t, email: `n-${t.email}` })),
        ),
      ).rejects.toMatchObject({
        status: 429,
        message: INVITATION_LIMIT_TEXT.sender,
      });
      expect(repo.rows).toHaveLength(before);
      // Another sender is not held back by this one's count.
      await expect(sut.reserve(8, targets(2, [9]))).resolves.toHaveProperty('size', 2);
    });

    it('lets the sender send again an hour later', async () => {
      const { sut, clock } = setUp();
      await sut.reserve(7, targets(INVITATION_MAILS_PER_SENDER_HOUR));
      clock.advance(HOUR + 1);
      await expect(sut.reserve(7, [{ email: 'later@x.test', kind: 'share', subjectIds: [1] }])).resolves.toHaveProperty(
        'size',
        1,
      );
    });

    it('plans no second mail about an entry to an address within a day, and one after', async () => {
      const { sut, clock } = setUp();
      await sut.reserve(7, [{ email: 'a@x.test', kind: 'share', subjectIds: [1] }]);
      const again = await sut.reserve(9, [{ email: 'a@x.test', kind: 'share', subjectIds: [1, 2] }]);
      expect(again.get('a@x.test')?.subjectIds).toEqual([2]);
      expect((await sut.reserve(7, [{ email: 'a@x.test', kind: 'share', subjectIds: [1] }])).size).toBe(0);
      clock.advance(24 * HOUR + 1);
      expect((await sut.reserve(7, [{ email: 'a@x.test', kind: 'share', subjectIds: [1] }])).size).toBe(1);
    });

    it('refuses every sender past the site-wide cap', async () => {
      const { sut } = setUp(3);
      await sut.reserve(7, targets(2));
      await expect(sut.reserve(8, targets(2, [5]))).rejects.toMatchObject({
        status: 429,
        message: INVITATION_LIMIT_TEXT.site,
      });
    });
  });

  describe('proves and spend', () => {
    it('takes a token as proof of its own address, until the address is proven', async () => {
      const { sut } = setUp();
      const token = (await sut.reserve(7, targets(2))).get('p0@x.test')?.token ?? '';
      expect(await sut.proves('p0@x.test', token)).toBe(true);
      expect(await sut.proves('p1@x.test', token)).toBe(false);
      expect(await sut.proves('p0@x.test', `${token}x`)).toBe(false);
      await sut.spend('p0@x.test');
      expect(await sut.proves('p0@x.test', token)).toBe(false);
      expect(await sut.subjectsOf('p0@x.test', 'share', token)).toEqual([1]);
      expect(invitationTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    });
  });
});
