import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminBulkIdsSchema,
  AdminTagResponseSchema,
  AdminTagsPageSchema,
  AdminTagsQuerySchema,
  MergeTagBodySchema,
  SaveTagBodySchema,
  idParam,
} from '@kosh/contracts';
import { z } from 'zod';
import type { TagsAdminService } from './tags-admin.service.ts';

const tags = ['admin'];
const params = z.object({ id: idParam() });
const naming = [
  'The name is made a lower-case slug ("Q3 Report" is q3-report; absent: made from the display name) and must',
  'be unique (422 errors.name).',
].join(' ');

/** The admin area's tags; permission tags.update. */
export async function tagsAdminRoutes(app: FastifyInstance, deps: { tags: TagsAdminService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.tags;

  api.get('/admin/tags', {
    schema: {
      tags,
      summary: 'Every tag, with the number of entries carrying it.',
      description: [
        'Permission tags.update. The search finds text in the name or display name; filter by type (custom,',
        'label); sort by name (default), display_name, entries_count or updated_at.',
      ].join(' '),
      querystring: AdminTagsQuerySchema,
      response: { 200: AdminTagsPageSchema },
    },
    handler: async (request) => service.list(request.actor, request.query),
  });

  api.post('/admin/tags', {
    schema: {
      tags,
      summary: 'Create a tag.',
      description: `Permission tags.update. ${naming} Audited (tag.create).`,
      body: SaveTagBodySchema,
      response: { 201: AdminTagResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ tag: await service.create({ actor: request.actor, ip: request.ip }, request.body) }),
  });

  api.put('/admin/tags/:id', {
    schema: {
      tags,
      summary: 'Rename a tag: its name, display name and type; entries keep it.',
      description: `Permission tags.update. ${naming} 404 for an unknown tag. Audited (tag.update).`,
      params,
      body: SaveTagBodySchema,
      response: { 200: AdminTagResponseSchema },
    },
    handler: async (request) => ({
      tag: await service.update({ actor: request.actor, ip: request.ip }, request.params.id, request.body),
    }),
  });

  api.post('/admin/tags/:id/merge', {
    schema: {
      tags,
      summary: 'Merge a tag into another: its entries get the other tag, then it is deleted.',
      description: [
        'Permission tags.update. An entry carrying both keeps one link. One transaction: a tag added at the same',
        'time ends on the target or is refused, never lost. 404 for an unknown tag; 422 errors.into when the',
        'target is the tag itself or does not exist. Answers the target. Audited (tag.merge).',
      ].join(' '),
      params,
      body: MergeTagBodySchema,
      response: { 200: AdminTagResponseSchema },
    },
    handler: async (request) => ({
      tag: await service.merge({ actor: request.actor, ip: request.ip }, request.params.id, request.body.into),
    }),
  });

  api.post('/admin/tags/delete', {
    schema: {
      tags,
      summary: 'Delete tags; the entries carrying them lose them.',
      description: 'Permission tags.update. Ids already gone are skipped. Audited (tag.delete, one row per tag).',
      body: AdminBulkIdsSchema,
      response: { 200: z.object({ deleted: z.number().int() }) },
    },
    handler: async (request) => service.delete({ actor: request.actor, ip: request.ip }, request.body),
  });
}
