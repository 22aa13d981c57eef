import {
  AdminReportSchema,
  type BootstrapData,
  DEFAULT_WORKSPACE_ID,
  DRIVE_DEFAULT_ORDER,
  DRIVE_PAGE_SIZE,
  DRIVE_SPACE_USAGE_KEY,
  driveListKey,
  FileEntryPageSchema,
  ListFileEntriesQuerySchema,
  isTimeZone,
  reportPeriodOf,
  SpaceUsageSchema,
  adminReportKey,
  GUEST_PRODUCTS_KEY,
  LINK_PAGE_SIZE,
  linkPageKey,
  ListProductsResponseSchema,
  SHAREABLE_LINK_PAGE_LOADER,
  ShareableLinkPageSchema,
  type SsrQuery,
  WORKSPACES_LIST_KEY,
  WorkspacesResponseSchema,
} from '@kosh/contracts';
import type { ReportService } from '../admin/report/report.service.ts';
import type { Actor } from '../auth/actor.ts';
import type { PlansService } from '../billing/plans.service.ts';
import type { DriveModule } from '../drive/drive.module.ts';
import type { LinkAccessService } from '../shares/link-access.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { AppError } from '../http/app-error.ts';
import { linkHashOf } from '../shares/link-seo.ts';

/** Who asks for a page: the actor, the workspace their app opens (its cookie), what the page carries. */
export type PageCaller = { actor: Actor; workspaceId: number; data: BootstrapData; search: URLSearchParams };

/** The response schema keeps what the API sends and no more; JSON makes dates the strings it sends. */
const asSent = <T>(schema: { parse(value: unknown): T }, value: unknown): T =>
  JSON.parse(JSON.stringify(schema.parse(value))) as T;

/**
 * What a drawn page loads first through the API, answered here as the API answers it, so the server
 * draws the page with it instead of skeletons, and the browser takes the page over without asking
 * again: the pricing page's plans, a shareable link page's link and first children, the drive's
 * first entries and storage meter, the admin report. (The landing page loads its plans as the
 * reader nears them.)
 */
export class PageQueries {
  private readonly plans: Pick<PlansService, 'list'>;
  private readonly links: Pick<LinkAccessService, 'page'>;
  private readonly drive: Pick<DriveModule, 'listing' | 'space' | 'policy'>;
  private readonly workspaces: Pick<WorkspacesService, 'list'>;
  private readonly report: Pick<ReportService, 'get'>;

  constructor(deps: {
    plans: Pick<PlansService, 'list'>;
    links: Pick<LinkAccessService, 'page'>;
    drive: Pick<DriveModule, 'listing' | 'space' | 'policy'>;
    workspaces: Pick<WorkspacesService, 'list'>;
    report: Pick<ReportService, 'get'>;
  }) {
    this.plans = deps.plans;
    this.links = deps.links;
    this.drive = deps.drive;
    this.workspaces = deps.workspaces;
    this.report = deps.report;
  }

  /** The queries to draw the page with; null when the page is better left to the browser's app. */
  async forPage(pathname: string, caller: PageCaller): Promise<SsrQuery[] | null> {
    const { actor } = caller;
    const hash = linkHashOf(pathname);
    if (hash) return this.linkPage(hash, actor);
    if (pathname === '/drive') return this.driveHome(actor, caller.workspaceId);
    if (pathname === '/admin') return this.adminReport(caller);
    if (pathname !== '/pricing') return [];
    const products = asSent(ListProductsResponseSchema, await this.plans.list(actor));
    return [{ key: GUEST_PRODUCTS_KEY, data: products.pagination.data }];
  }

  /**
   * The link page's first answer, in the default order, as an infinite query's data. Only a link
   * that opens for anyone: one with a password is unlocked by a cookie only the API path receives,
   * and a restricted, missing or expired one has the app show its own state (or the sign-in page).
   */
  private async linkPage(hash: string, actor: Actor): Promise<SsrQuery[] | null> {
    const order = `${DRIVE_DEFAULT_ORDER.orderBy}:${DRIVE_DEFAULT_ORDER.orderDir}`;
    const query = { loader: SHAREABLE_LINK_PAGE_LOADER, page: 1, perPage: LINK_PAGE_SIZE, order } as const;
    const answer = await this.links.page(actor, hash, query, { token: undefined }).catch(() => null);
    if (!answer || answer.page.passwordInvalid) return null;
    const page = asSent(ShareableLinkPageSchema, answer.page);
    const key = linkPageKey(hash, { order, password: null, folderHash: null });
    return [{ key, data: { pages: [page], pageParams: [1] } }];
  }

  /**
   * The drive's root as the app first asks for it (default order, first page), the storage meter and
   * the workspace switcher's list. Only the default workspace: another one is checked, and may fall
   * back, in the browser.
   */
  private async driveHome(actor: Actor, workspaceId: number): Promise<SsrQuery[] | null> {
    if (workspaceId !== DEFAULT_WORKSPACE_ID || !actor.user) return null;
    const params = { section: 'home', ...DRIVE_DEFAULT_ORDER } as const;
    const query = ListFileEntriesQuerySchema.parse({ ...params, page: 1, perPage: DRIVE_PAGE_SIZE });
    const { listing, space, policy } = this.drive;
    const answers = await Promise.all([
      listing.list(actor, workspaceId, query),
      policy.scopeFor(actor, workspaceId).then(async (scope) => space.usage(await policy.quotaHolder(actor, scope))),
      this.workspaces.list(actor),
    ]).catch(refusedAsNull);
    // Refused (no files.view): the app shows the refusal itself.
    if (!answers) return null;
    const [page, usage, workspaces] = answers;
    return [
      { key: driveListKey(params), data: { pages: [asSent(FileEntryPageSchema, page)], pageParams: [1] } },
      { key: DRIVE_SPACE_USAGE_KEY, data: asSent(SpaceUsageSchema, usage) },
      // Without it the app would ask once it runs, and draw the drive's frame again with the answer.
      { key: WORKSPACES_LIST_KEY, data: asSent(WorkspacesResponseSchema, { workspaces }).workspaces },
    ];
  }

  /**
   * The report the admin area opens on, for the period in the address (30 days unless it names
   * another), cut at the midnights of the admin's time zone, as ReportPage asks for it. Refused
   * (no admin.access): the app sends the user away itself.
   */
  private async adminReport({ actor, data, search }: PageCaller): Promise<SsrQuery[] | null> {
    // The app's zone: the user's, else the site's, else the browser's, which only the browser knows.
    const timezone = [data.user?.timezone, data.settings.dates?.default_timezone].find(
      (zone): zone is string => !!zone && isTimeZone(zone),
    );
    if (!timezone) return null;
    const query = reportPeriodOf(search, timezone);
    const report = await this.report.get(actor, query).catch(refusedAsNull);
    if (!report) return null;
    const key = adminReportKey(query);
    return [{ key, data: asSent(AdminReportSchema, report) }];
  }
}

/** A refusal (403, 404) leaves the page to the app, which shows it; any other failure stays one. */
const refusedAsNull = (error: unknown): Promise<null> =>
  error instanceof AppError ? Promise.resolve(null) : Promise.reject(error);
