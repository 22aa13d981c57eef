import { createHash } from 'node:crypto';
import {
  Permission,
  type AdminBulkIds,
  type AdminCustomPage,
  type AdminCustomPages,
  type AdminCustomPagesQuery,
  type DeleteCustomPagesResponse,
  type SaveCustomPageBody,
} from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import { immediateTransaction } from '../../drive/owner-transaction.ts';
import { conflict, notFound, validation } from '../../http/app-error.ts';
import { isUniqueViolation } from '../../http/driver-errors.ts';
import { sanitizeUserHtml } from '../../pages/sanitize.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import type { AuditService, AuditSource } from '../audit/audit.service.ts';
import type { PageImagesService } from './page-images.service.ts';
import type { CustomPageFields, PagesAdminRepository } from './pages-admin.repository.ts';
import { presentPage, presentSummary } from './pages-admin.presenter.ts';
import { repointMenus } from './menu-links.ts';

type Deps = {
  db: Database;
  dialect: Dialect;
  repo: PagesAdminRepository;
  audit: AuditService;
  settings: Pick<SettingsService, 'get'>;
  images: Pick<PageImagesService, 'forgetUnused'>;
  clock: Clock;
};

export const SLUG_TAKEN = 'Another page already has this slug.';
export const HOMEPAGE_PAGE = 'is the homepage. Choose another homepage in Settings before deleting it.';

/** What the audit log keeps of a page: its fields, and the body's length and digest (not 1 MB twice). */
const audited = (page: CustomPageFields) => ({
  slug: page.slug,
  title: page.title,
  seo: page.seo ? (JSON.parse(page.seo) as unknown) : null,
  body_length: page.body.length,
  body_sha256: createHash('sha256').update(page.body).digest('hex').slice(0, 16),
});

/**
 * The slug check runs before the write, so a page given the slug meanwhile (by staff in another
 * process) surfaces as the unique index refusing the row: the same answer as the check's.
 */
async function claimingSlug<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw validation({ slug: [SLUG_TAKEN] });
    throw error;
  }
}

/**
 * The admin area's custom pages (permission custom_pages.update, checked here): the list with
 * owners, the stored page for the editor, create, update and delete. Bodies are sanitised before
 * they are stored; every change writes its audit row in its own transaction.
 */
export class PagesAdminService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  /** Staff editing pages, or choosing one as the homepage (settings.update), may list them. */
  async list(actor: Actor, query: AdminCustomPagesQuery): Promise<AdminCustomPages> {
    if (!actor.can(Permission.customPagesUpdate)) actor.authorize(Permission.settingsUpdate);
    const { rows, page } = await this.deps.repo.list(query);
    return { ...page, data: rows.map(presentSummary) };
  }

  async get(actor: Actor, id: number): Promise<AdminCustomPage> {
    actor.authorize(Permission.customPagesUpdate);
    return this.read(id);
  }

  async create(source: AuditSource, body: SaveCustomPageBody): Promise<AdminCustomPage> {
    source.actor.authorize(Permission.customPagesUpdate);
    const page = await this.stored(body);
    const at = this.deps.clock().toISOString();
    const id = await claimingSlug(() =>
      this.write(async (trx) => {
        if (await this.deps.repo.slugTaken(page.slug, null, trx)) throw validation({ slug: [SLUG_TAKEN] });
        const id = await this.deps.repo.create(page, source.actor.user?.id ?? null, at, trx);
        await this.deps.audit.record(
          source,
          {
            action: 'custom_page.create',
            targetType: 'custom_page',
            targetId: id,
            targetLabel: page.slug,
            after: audited(page),
          },
          trx,
        );
        return id;
      }),
    );
    return this.read(id);
  }

  async update(source: AuditSource, id: number, body: SaveCustomPageBody): Promise<AdminCustomPage> {
    source.actor.authorize(Permission.customPagesUpdate);
    const page = await this.stored(body);
    const previous = await claimingSlug(() =>
      this.write(async (trx) => {
        const before = await this.deps.repo.getById(id, trx);
        if (!before) throw notFound('There is no such page.');
        if (await this.deps.repo.slugTaken(page.slug, id, trx)) throw validation({ slug: [SLUG_TAKEN] });
        const at = this.deps.clock().toISOString();
        await this.deps.repo.update(id, page, at, trx);
        await repointMenus(trx, { id, from: before.slug, to: page.slug }, at);
        await this.deps.audit.record(
          source,
          {
            action: 'custom_page.update',
            targetType: 'custom_page',
            targetId: id,
            targetLabel: page.slug,
            before: audited(before),
            after: audited(page),
          },
          trx,
        );
        return before.body;
      }),
    );
    // Images the edit took out of the page go, unless another page still shows them.
    await this.deps.images.forgetUnused([previous]);
    return this.read(id);
  }

  /**
   * Deletes the pages (ids already gone are skipped), all or none: a pick that holds the homepage
   * is refused whole (409), so nothing goes while the site would point at a missing page. Images
   * no remaining page shows are then removed from storage.
   */
  async delete(source: AuditSource, body: AdminBulkIds): Promise<DeleteCustomPagesResponse> {
    source.actor.authorize(Permission.customPagesUpdate);
    const ids = [...new Set(body.ids)];
    const homepage = await this.homepageId();
    const removed = await this.write(async (trx) => {
      const rows = await this.deps.repo.getManyByIds(ids, trx);
      const home = rows.find((r) => r.id === homepage);
      if (home) throw conflict(`“${home.title}” ${HOMEPAGE_PAGE}`);
      if (!rows.length) return rows;
      await this.deps.repo.deleteMany(
        rows.map((r) => r.id),
        trx,
      );
      for (const row of rows)
        await this.deps.audit.record(
          source,
          {
            action: 'custom_page.delete',
            targetType: 'custom_page',
            targetId: row.id,
            targetLabel: row.slug,
            before: audited(row),
          },
          trx,
        );
      return rows;
    });
    await this.deps.images.forgetUnused(removed.map((r) => r.body));
    return { deleted: removed.length };
  }

  /** The page the site shows at / (settings homepage.type customPage), if any. */
  private async homepageId(): Promise<number | null> {
    if ((await this.deps.settings.get<string>('homepage.type')) !== 'customPage') return null;
    const value = await this.deps.settings.get<string | null>('homepage.value');
    return value && /^\d+$/.test(value) ? Number(value) : null;
  }

  /** The row as stored: the body sanitised (links, own images, no script), the SEO fields as JSON. */
  private async stored(body: SaveCustomPageBody): Promise<CustomPageFields> {
    const seo = body.seo.title || body.seo.description ? JSON.stringify(body.seo) : null;
    return { slug: body.slug, title: body.title, body: await sanitizeUserHtml(body.body), seo };
  }

  /**
   * Every change reads (the slug check, the row before) and then writes: on SQLite the write lock
   * is taken at BEGIN, so a write another process commits in between cannot fail it midway.
   */
  private write<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    return immediateTransaction(this.deps.db, this.deps.dialect, work);
  }

  private async read(id: number): Promise<AdminCustomPage> {
    const row = await this.deps.repo.getById(id);
    if (!row) throw notFound('There is no such page.');
    return presentPage(row);
  }
}
