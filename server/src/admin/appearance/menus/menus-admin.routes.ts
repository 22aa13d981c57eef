import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminMenuResponseSchema, AdminMenusSchema, SaveMenuBodySchema, idParam } from '@kosh/contracts';
import { z } from 'zod';
import type { MenusAdminService } from './menus-admin.service.ts';

const tags = ['admin'];
const params = z.object({ id: idParam() });
const rules = [
  'Item ids are unique in the menu; a route item points to a page of the app (MENU_ROUTES) or /pages/<slug>, a',
  'page item to an existing custom page, a link to an http(s) URL or a path starting with /; permissions, roles',
  'and settings conditions (public settings, yes/no, text or number values) must exist (422, errors keyed like',
  'items.2.action). A position belongs to one menu: another menu holding it loses it to this one.',
].join(' ');

/** The appearance editor's menus; permission appearance.update. */
export async function menusAdminRoutes(app: FastifyInstance, deps: { menus: MenusAdminService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.menus;

  api.get('/admin/appearance/menus', {
    schema: {
      tags,
      summary: 'Every menu, oldest first, with its positions and items.',
      description: 'Permission appearance.update.',
      response: { 200: AdminMenusSchema },
    },
    handler: async (request) => service.list({ actor: request.actor, ip: request.ip }),
  });

  api.post('/admin/appearance/menus', {
    schema: {
      tags,
      summary: 'Create a menu.',
      description: `Permission appearance.update. ${rules} Audited (menu.create).`,
      body: SaveMenuBodySchema,
      response: { 201: AdminMenuResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ menu: await service.create({ actor: request.actor, ip: request.ip }, request.body) }),
  });

  api.put('/admin/appearance/menus/:id', {
    schema: {
      tags,
      summary: 'Save a menu: its name, positions and items in the order given.',
      description: `Permission appearance.update. ${rules} 404 for an unknown menu. Audited (menu.update).`,
      params,
      body: SaveMenuBodySchema,
      response: { 200: AdminMenuResponseSchema },
    },
    handler: async (request) => ({
      menu: await service.update({ actor: request.actor, ip: request.ip }, request.params.id, request.body),
    }),
  });

  api.delete('/admin/appearance/menus/:id', {
    schema: {
      tags,
      summary: 'Delete a menu; its positions show no menu until another takes them.',
      description: 'Permission appearance.update. 404 for an unknown menu. Audited (menu.delete).',
      params,
    },
    handler: async (request, reply) => {
      await service.delete({ actor: request.actor, ip: request.ip }, request.params.id);
      return reply.status(204).send();
    },
  });
}
