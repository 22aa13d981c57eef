import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminBulkIdsSchema,
  AdminCustomPageResponseSchema,
  AdminCustomPagesQuerySchema,
  AdminCustomPagesSchema,
  CUSTOM_PAGE_MAX_BYTES,
  CustomPageIdParamsSchema,
  DeleteCustomPagesResponseSchema,
  SaveCustomPageBodySchema,
} from '@kosh/contracts';
import type { PagesAdminModule } from './pages-admin.module.ts';

const tags = ['admin'];
const saving = [
  'Permission custom_pages.update. The title takes 1 to 255 characters; the slug lower-case letters, digits',
  'and hyphens, unique and not a page of the app (login, drive, admin, ...): 422 errors.slug otherwise. The',
  'body is HTML, sanitised before it is stored (headings, lists, links, images served by Kosh, code, tables;',
  `no script, styles or frames). A request over ${CUSTOM_PAGE_MAX_BYTES / 1024 / 1024} MB answers 413.`,
].join(' ');

/** The admin area's custom pages (spec part 2, 2 admin route custom-pages). */
export async function pagesAdminRoutes(app: FastifyInstance, deps: { pages: PagesAdminModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.pages.admin;
  const source = (request: FastifyRequest) => ({ actor: request.actor, ip: request.ip });

  api.get('/admin/custom-pages', {
    schema: {
      tags,
      summary: 'Custom pages with their owners, newest change first.',
      description: [
        'Permission custom_pages.update, or settings.update (choosing the homepage). The search finds text in the',
        'title or slug; sort by updated_at (default), created_at, title or slug. `data` holds the page of rows.',
      ].join(' '),
      querystring: AdminCustomPagesQuerySchema,
      response: { 200: AdminCustomPagesSchema },
    },
    handler: async (request) => service.list(request.actor, request.query),
  });

  api.get('/admin/custom-pages/:id', {
    schema: {
      tags,
      summary: 'A custom page as stored, for the editor.',
      description: 'Permission custom_pages.update. 404 for an unknown page.',
      params: CustomPageIdParamsSchema,
      response: { 200: AdminCustomPageResponseSchema },
    },
    handler: async (request) => ({ page: await service.get(request.actor, request.params.id) }),
  });

  api.post('/admin/custom-pages', {
    bodyLimit: CUSTOM_PAGE_MAX_BYTES,
    schema: {
      tags,
      summary: 'Create a custom page; the caller becomes its owner.',
      description: `${saving} Audited (custom_page.create).`,
      body: SaveCustomPageBodySchema,
      response: { 201: AdminCustomPageResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ page: await service.create(source(request), request.body) }),
  });

  api.put('/admin/custom-pages/:id', {
    bodyLimit: CUSTOM_PAGE_MAX_BYTES,
    schema: {
      tags,
      summary: 'Replace a custom page: title, slug, body and SEO fields.',
      description: `${saving} 404 for an unknown page. Audited (custom_page.update).`,
      params: CustomPageIdParamsSchema,
      body: SaveCustomPageBodySchema,
      response: { 200: AdminCustomPageResponseSchema },
    },
    handler: async (request) => ({ page: await service.update(source(request), request.params.id, request.body) }),
  });

  api.post('/admin/custom-pages/delete', {
    schema: {
      tags,
      summary: 'Delete custom pages.',
      description: [
        'Permission custom_pages.update. Ids already gone are skipped. A pick holding the page shown as the',
        'homepage is refused whole (409). Images no remaining page shows are removed. Audited (custom_page.delete).',
      ].join(' '),
      body: AdminBulkIdsSchema,
      response: { 200: DeleteCustomPagesResponseSchema },
    },
    handler: async (request) => service.delete(source(request), request.body),
  });
}
