import type { CustomPage } from '@kosh/contracts';
import { notFound } from '../http/app-error.ts';
import type { CustomPagesRepository } from './custom-pages.repository.ts';
import { sanitizeUserHtml } from './sanitize.ts';

export class CustomPagesService {
  private readonly pages: CustomPagesRepository;
  constructor(pages: CustomPagesRepository) {
    this.pages = pages;
  }

  /** A page by numeric id or by slug; its body is sanitised on the way out as well as in. */
  async get(idOrSlug: string): Promise<CustomPage> {
    const row = /^\d{1,9}$/.test(idOrSlug)
      ? await this.pages.getById(Number(idOrSlug))
      : await this.pages.getBySlug(idOrSlug);
    if (!row) throw notFound('Page not found.');
    const seo = row.seo ? (JSON.parse(row.seo) as { title?: string; description?: string }) : null;
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      body: await sanitizeUserHtml(row.body),
      seo: seo ? { title: seo.title ?? null, description: seo.description ?? null } : null,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }
}
