import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminThemeResponseSchema, AdminThemesSchema, SaveThemeBodySchema, idParam } from '@kosh/contracts';
import { z } from 'zod';
import type { ThemesAdminService } from './themes-admin.service.ts';

const tags = ['admin'];
const params = z.object({ id: idParam() });
const defaults = [
  'A theme made the default light (or dark) theme takes the flag from the one that had it; the default',
  'light theme must be light and the default dark one dark, and the current default keeps its flag until',
  'another theme takes it (422 errors.default_light / errors.default_dark). The last light or dark theme',
  'cannot change its darkness (422 errors.is_dark).',
].join(' ');

/** The appearance editor's themes; permission appearance.update. */
export async function themesAdminRoutes(app: FastifyInstance, deps: { themes: ThemesAdminService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.themes;

  api.get('/admin/appearance/themes', {
    schema: {
      tags,
      summary: 'Every theme, oldest first.',
      description: 'Permission appearance.update.',
      response: { 200: AdminThemesSchema },
    },
    handler: async (request) => service.list({ actor: request.actor, ip: request.ip }),
  });

  api.post('/admin/appearance/themes', {
    schema: {
      tags,
      summary: 'Create a theme.',
      description: `Permission appearance.update. ${defaults} Audited (theme.create).`,
      body: SaveThemeBodySchema,
      response: { 201: AdminThemeResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ theme: await service.create({ actor: request.actor, ip: request.ip }, request.body) }),
  });

  api.put('/admin/appearance/themes/:id', {
    schema: {
      tags,
      summary: 'Save a theme: its name, darkness, default flags and token values.',
      description: `Permission appearance.update. ${defaults} 404 for an unknown theme. Audited (theme.update).`,
      params,
      body: SaveThemeBodySchema,
      response: { 200: AdminThemeResponseSchema },
    },
    handler: async (request) => ({
      theme: await service.update({ actor: request.actor, ip: request.ip }, request.params.id, request.body),
    }),
  });

  api.post('/admin/appearance/themes/:id/duplicate', {
    schema: {
      tags,
      summary: 'Copy a theme as "Copy of <name>", default for neither mode.',
      description: 'Permission appearance.update. 404 for an unknown theme. Audited (theme.create).',
      params,
      response: { 201: AdminThemeResponseSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ theme: await service.duplicate({ actor: request.actor, ip: request.ip }, request.params.id) }),
  });

  api.delete('/admin/appearance/themes/:id', {
    schema: {
      tags,
      summary: 'Delete a theme.',
      description: [
        'Permission appearance.update. The last light and the last dark theme stay (422 errors.theme). A default',
        "theme's flag moves to the oldest remaining theme of the same darkness. 404 for an unknown theme.",
        'Audited (theme.delete).',
      ].join(' '),
      params,
    },
    handler: async (request, reply) => {
      await service.delete({ actor: request.actor, ip: request.ip }, request.params.id);
      return reply.status(204).send();
    },
  });
}
