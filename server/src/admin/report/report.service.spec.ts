import { describe, expect, it } from 'vitest';
import { GetAdminReportQuerySchema, Permission } from '@kosh/contracts';
import { Actor } from '../../auth/actor.ts';
import type { AppError } from '../../http/app-error.ts';
import { TestClock } from '../../testing/test-clock.ts';
import { TtlCache } from './report-cache.ts';
import type { Span } from './report-range.ts';
import type { SessionColumn } from './report.repository.ts';
import { ReportService, type ReportStore } from './report.service.ts';

type Entry = { at: string; size: number; folder?: boolean; type?: string; owner?: number };
type Session = { user: number; from: string; to: string; country?: string };

/** The report's queries over arrays, answering as the repository does. */
class FakeReport implements ReportStore {
  users: string[] = [];
  entries: Entry[] = [];
  links: string[] = [];
  sessions: Session[] = [];
  calls = 0;
  private readonly within = (at: string, s: Span) => at >= s.lo && at < s.hi;

  async countUsersCreated(spans: Span[]) {
    this.calls++;
    return spans.map((s) => this.users.filter((at) => this.within(at, s)).length);
  }
  async countEntriesCreated(spans: Span[]) {
    return spans.map((s) => {
      const rows = this.entries.filter((e) => this.within(e.at, s));
      const folders = rows.filter((e) => e.folder).length;
      return { files: rows.length - folders, folders, bytes: rows.reduce((n, e) => n + e.size, 0) };
    });
  }
  async countLinksCreated(spans: Span[]) {
    return spans.map((s) => this.links.filter((at) => this.within(at, s)).length);
  }
  async sumBytesCreatedSince(at: string) {
    return this.entries.filter((e) => e.at >= at).reduce((n, e) => n + e.size, 0);
  }
  private active(span: Span) {
    return this.sessions.filter((s) => s.to >= span.lo && s.from < span.hi);
  }
  async countActiveUsers(span: Span) {
    return new Set(this.active(span).map((s) => s.user)).size;
  }
  async countUsersBy(column: SessionColumn, span: Span) {
    const users = new Map<string | null, Set<number>>();
    for (const s of this.active(span)) {
      const name = column === 'country' ? (s.country ?? null) : null;
      users.set(name, (users.get(name) ?? new Set()).add(s.user));
    }
    return [...users].map(([name, ids]) => ({ name, users: ids.size }));
  }
  async sumSpaceByType() {
    const types = new Map<string, { bytes: number; files: number }>();
    for (const e of this.entries.filter((x) => !x.folder)) {
      const t = types.get(e.type ?? 'text') ?? { bytes: 0, files: 0 };
      types.set(e.type ?? 'text', { bytes: t.bytes + e.size, files: t.files + 1 });
    }
    return [...types].map(([type, t]) => ({ type, ...t }));
  }
  async listTopOwnersBySpace() {
    return [];
  }
  async listUsersByIds() {
    return [];
  }
}

const admin = new Actor({ id: 1, email: 'a@example.test' }, [], [{ id: 1, name: Permission.admin, restrictions: [] }]);
const staff = new Actor(
  { id: 2, email: 's@example.test' },
  [],
  [{ id: 2, name: Permission.adminAccess, restrictions: [] }],
);
const user = new Actor({ id: 3, email: 'u@example.test' }, [], []);
const guest = new Actor(null, [], []);

function setup(now = '2026-03-10T12:00:00.000Z') {
  const repo = new FakeReport();
  const clock = new TestClock(now);
  const cache = new TtlCache<unknown>({ ttlMs: 60_000, maxKeys: 8, clock: clock.now });
  return { repo, clock, sut: new ReportService({ repo, clock: clock.now, cache }) };
}
const query = (q: Record<string, string>) => GetAdminReportQuerySchema.parse(q);

describe('ReportService', () => {
  it('answers admin.access holders and admins, 403 to a user and 401 to a guest', async () => {
    const { sut } = setup();
    await expect(sut.get(staff, query({}))).resolves.toBeDefined();
    await expect(sut.get(admin, query({}))).resolves.toBeDefined();
    const refusal = (actor: Actor) => sut.get(actor, query({})).catch((e: AppError) => e.status);
    expect([await refusal(user), await refusal(guest)]).toEqual([403, 401]);
  });

  it('gives space at the end of both periods across the days between them (last 12 months)', async () => {
    const { sut, repo } = setup();
    // 12 months: 2025-04-01 to 2026-03-10; before: 2024-04-01 to 2025-03-10; between: 2025-03-11 to 03-31.
    repo.entries = [
      { at: '2024-01-01T00:00:00.000Z', size: 1 },
      { at: '2024-06-01T00:00:00.000Z', size: 10 },
      { at: '2025-03-20T00:00:00.000Z', size: 100 },
      { at: '2025-05-01T00:00:00.000Z', size: 1000 },
      { at: '2026-03-10T11:00:00.000Z', size: 10000 },
    ];
    const r = await sut.get(admin, query({ range: '12m' }));
    expect(r.cards.space_used).toEqual({ value: 11111, previous: 11 });
    expect(r.cards.uploaded_bytes).toEqual({ value: 11000, previous: 10 });
    expect(r.series.map((b) => b.space_used)).toEqual([111, 1111, ...Array(9).fill(1111), 11111]);
  });

  it('gives space at the end of a past custom period, less what came after', async () => {
    const { sut, repo } = setup();
    repo.entries = [
      { at: '2025-01-15T00:00:00.000Z', size: 5 },
      { at: '2025-02-15T00:00:00.000Z', size: 50 },
      { at: '2025-04-15T00:00:00.000Z', size: 500 },
    ];
    const r = await sut.get(admin, query({ range: 'custom', from: '2025-02-01', to: '2025-02-28' }));
    expect(r.cards.space_used).toEqual({ value: 55, previous: 5 });
    expect(r.series[13].space_used).toBe(5);
    expect(r.series[14].space_used).toBe(55);
  });

  it('answers from the cache for 60 seconds, per range', async () => {
    const { sut, repo, clock } = setup();
    await sut.get(admin, query({}));
    await sut.get(admin, query({}));
    expect(repo.calls).toBe(1);
    await sut.get(admin, query({ range: '7d' }));
    expect(repo.calls).toBe(2);
    clock.advance(60_000);
    await sut.get(admin, query({}));
    expect(repo.calls).toBe(3);
  });

  it('leaves billing out while billing is off', async () => {
    const { sut } = setup();
    expect('billing' in (await sut.get(admin, query({})))).toBe(false);
    const off = withBilling(false);
    expect('billing' in (await off.sut.get(admin, query({})))).toBe(false);
    expect(off.billing.calls).toBe(0);
  });

  it('adds the valid subscriptions now and the revenue of both periods per currency while billing is on', async () => {
    const { sut, billing } = withBilling(true);
    billing.paid = [
      { at: '2026-03-09T10:00:00.000Z', currency: 'INR', amount: 149 },
      { at: '2026-03-01T10:00:00.000Z', currency: 'INR', amount: 100 },
      { at: '2026-02-01T10:00:00.000Z', currency: 'INR', amount: 149 },
      { at: '2026-01-20T10:00:00.000Z', currency: 'USD', amount: 500 },
    ];
    const r = await sut.get(admin, query({}));
    expect(r.billing).toEqual({
      active_subscriptions: 3,
      revenue: [
        { currency: 'INR', value: 249, previous: 149 },
        { currency: 'USD', value: 0, previous: 500 },
      ],
    });
    expect(billing.validAt).toEqual(['2026-03-10T12:00:00.000Z']);
  });

  it('keeps answers with billing on and off apart in the cache', async () => {
    const { sut, billing } = withBilling(true);
    expect((await sut.get(admin, query({}))).billing).toBeDefined();
    billing.on = false;
    expect('billing' in (await sut.get(admin, query({})))).toBe(false);
    billing.on = true;
    expect((await sut.get(admin, query({}))).billing).toBeDefined();
    expect(billing.calls).toBe(1);
  });
});

/** The billing figures over arrays: paid invoices and a fixed count of valid subscriptions. */
class FakeBilling {
  on: boolean;
  paid: Array<{ at: string; currency: string; amount: number }> = [];
  validAt: string[] = [];
  calls = 0;
  constructor(on: boolean) {
    this.on = on;
  }
  async countValidSubscriptions(at: string) {
    this.calls++;
    this.validAt.push(at);
    return 3;
  }
  async sumRevenue(spans: Span[]) {
    return spans.map((s) => {
      const sums = new Map<string, number>();
      for (const p of this.paid.filter((x) => x.at >= s.lo && x.at < s.hi))
        sums.set(p.currency, (sums.get(p.currency) ?? 0) + p.amount);
      return [...sums].map(([currency, amount]) => ({ currency, amount }));
    });
  }
}

function withBilling(on: boolean) {
  const repo = new FakeReport();
  const clock = new TestClock('2026-03-10T12:00:00.000Z');
  const cache = new TtlCache<unknown>({ ttlMs: 60_000, maxKeys: 8, clock: clock.now });
  const billing = new FakeBilling(on);
  const sut = new ReportService({
    repo,
    clock: clock.now,
    cache,
    billing: { isOn: async () => billing.on, repo: billing },
  });
  return { sut, billing };
}
