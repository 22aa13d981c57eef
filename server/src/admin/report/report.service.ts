import {
  type AdminReport,
  type GetAdminReportQuery,
  Permission,
  REPORT_TOP,
  type ReportBilling,
  type ReportBucket,
  type ReportMetric,
} from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import type { Clock } from '../../clock.ts';
import type { TtlCache } from './report-cache.ts';
import { cacheKeyOf, type ResolvedRange, resolveRange } from './report-range.ts';
import { presentBreakdown, presentTopUser } from './report.presenter.ts';
import type { ReportRepository } from './report.repository.ts';

/** What the service needs of the repository; unit tests pass a fake of the same shape. */
export type ReportStore = Pick<
  ReportRepository,
  | 'countUsersCreated'
  | 'countEntriesCreated'
  | 'countLinksCreated'
  | 'sumBytesCreatedSince'
  | 'countActiveUsers'
  | 'countUsersBy'
  | 'sumSpaceByType'
  | 'listTopOwnersBySpace'
  | 'listUsersByIds'
>;

/** The billing figures' queries (report.repository.ts), and whether billing is on now. */
export type ReportBillingSource = {
  isOn: () => Promise<boolean>;
  repo: Pick<ReportRepository, 'countValidSubscriptions' | 'sumRevenue'>;
};

/** The figures that do not depend on the period: read once per TTL for every range asked. */
type Snapshot = Pick<AdminReport, 'space_by_type' | 'top_users'> & { totalBytes: number };

const metric = (value: number, previous: number): ReportMetric => ({ value, previous });
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The admin report (the /admin index): first-party figures of a period beside the period before it. */
export class ReportService {
  private readonly repo: ReportStore;
  private readonly clock: Clock;
  private readonly cache: TtlCache<unknown>;
  private readonly billing: ReportBillingSource | undefined;

  constructor(deps: { repo: ReportStore; clock: Clock; cache: TtlCache<unknown>; billing?: ReportBillingSource }) {
    this.repo = deps.repo;
    this.clock = deps.clock;
    this.cache = deps.cache;
    this.billing = deps.billing;
  }

  /**
   * Permission admin.access. Answers from the cache while an answer for the same days is fresh; with
   * billing on and off kept apart, so switching billing shows or hides its figures at once.
   */
  async get(actor: Actor, query: GetAdminReportQuery): Promise<AdminReport> {
    actor.authorize(Permission.adminAccess);
    const range = resolveRange(query, this.clock());
    const billing = (await this.billing?.isOn()) ? this.billing : undefined;
    const key = billing ? `${cacheKeyOf(range)}|billing` : cacheKeyOf(range);
    return this.cache.getOrMake(key, () => this.build(range, billing)) as Promise<AdminReport>;
  }

  /** Subscriptions valid when the figures are read, and the revenue of both periods per currency. */
  private async billingFigures(source: ReportBillingSource, range: ResolvedRange, at: string): Promise<ReportBilling> {
    const [active, [current, before]] = await Promise.all([
      source.repo.countValidSubscriptions(at),
      source.repo.sumRevenue([range.current, range.before]),
    ]);
    const currencies = [...new Set([...current, ...before].map((r) => r.currency))].sort();
    const amountOf = (rows: typeof current, currency: string) => rows.find((r) => r.currency === currency)?.amount ?? 0;
    return {
      active_subscriptions: active,
      revenue: currencies.map((currency) => ({
        currency,
        ...metric(amountOf(current, currency), amountOf(before, currency)),
      })),
    };
  }

  private snapshot(): Promise<Snapshot> {
    return this.cache.getOrMake('snapshot', () => this.readSnapshot()) as Promise<Snapshot>;
  }

  private async readSnapshot(): Promise<Snapshot> {
    const [types, owners] = await Promise.all([this.repo.sumSpaceByType(), this.repo.listTopOwnersBySpace(REPORT_TOP)]);
    const users = await this.repo.listUsersByIds(owners.map((o) => o.ownerId));
    const byId = new Map(users.map((u) => [u.id, u]));
    return {
      totalBytes: sum(types.map((t) => t.bytes)),
      space_by_type: [...types].sort((a, b) => b.bytes - a.bytes || a.type.localeCompare(b.type)),
      top_users: owners.flatMap((o) => {
        const user = byId.get(o.ownerId);
        return user ? [presentTopUser(user, o.bytes, o.files)] : [];
      }),
    };
  }

  private async build(range: ResolvedRange, billingSource?: ReportBillingSource): Promise<AdminReport> {
    const generatedAt = this.clock().toISOString();
    const spans = [...range.buckets, range.before];
    // Between the previous period and this one (12m and month only): the bytes created there link the
    // space at the end of the previous period to the space at the start of this one.
    const gap = { lo: range.before.hi, hi: range.current.lo };
    const [snapshot, users, entries, links, active, activeBefore, countries, browsers, platforms, afterEnd, billing] =
      await Promise.all([
        this.snapshot(),
        this.repo.countUsersCreated(spans),
        this.repo.countEntriesCreated(gap.lo < gap.hi ? [...spans, gap] : spans),
        this.repo.countLinksCreated(spans),
        this.repo.countActiveUsers(range.current),
        this.repo.countActiveUsers(range.before),
        this.repo.countUsersBy('country', range.current),
        this.repo.countUsersBy('browser', range.current),
        this.repo.countUsersBy('platform', range.current),
        // Usually nothing: a period ends today, unless it is a custom one.
        this.repo.sumBytesCreatedSince(range.current.hi),
        billingSource && this.billingFigures(billingSource, range, generatedAt),
      ]);
    const n = range.buckets.length;
    const current = entries.slice(0, n);
    const previous = entries[n];
    // Space at an instant: the bytes of the entries there are now, less those created since then, summed
    // from the buckets rather than read again.
    const bytesInPeriod = sum(current.map((e) => e.bytes));
    const spaceAtEnd = snapshot.totalBytes - afterEnd;
    const spaceAtStart = spaceAtEnd - bytesInPeriod;
    const spaceAtPreviousEnd = spaceAtStart - (entries[n + 1]?.bytes ?? 0);
    let space = spaceAtStart;
    const series: ReportBucket[] = range.buckets.map((bucket, i) => {
      space += current[i].bytes;
      return {
        label: bucket.label,
        start: bucket.lo,
        sign_ups: users[i],
        uploads: current[i].files,
        uploaded_bytes: current[i].bytes,
        space_used: space,
      };
    });
    return {
      range: {
        range: range.range,
        timezone: range.timezone,
        from: range.from,
        to: range.to,
        previous: range.previous,
        unit: range.unit,
      },
      generated_at: generatedAt,
      cards: {
        new_users: metric(sum(users.slice(0, n)), users[n]),
        active_users: metric(active, activeBefore),
        new_files: metric(sum(current.map((e) => e.files)), previous.files),
        new_folders: metric(sum(current.map((e) => e.folders)), previous.folders),
        uploaded_bytes: metric(bytesInPeriod, previous.bytes),
        space_used: metric(spaceAtEnd, spaceAtPreviousEnd),
        links_created: metric(sum(links.slice(0, n)), links[n]),
      },
      ...(billing ? { billing } : {}),
      series,
      space_by_type: snapshot.space_by_type,
      countries: presentBreakdown(countries),
      browsers: presentBreakdown(browsers),
      platforms: presentBreakdown(platforms),
      top_users: snapshot.top_users,
    };
  }
}
