import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SettingsModule } from './settings.module.ts';

const SettingsMapSchema = z.record(z.string().max(100), z.unknown());

export async function settingsRoutes(app: FastifyInstance, deps: { settings: SettingsModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const settings = deps.settings.service;
  api.get('/settings', {
    schema: {
      tags: ['admin'],
      summary: 'Every editable setting, flat keys to values (permission settings.update).',
      response: { 200: z.object({ settings: SettingsMapSchema }) },
    },
    handler: async (request) => ({ settings: await settings.listForAdmin(request.actor) }),
  });
  api.put('/settings', {
    schema: {
      tags: ['admin'],
      summary: 'Change settings: a map of keys to JSON values; all or nothing (permission settings.update).',
      body: z.object({
        settings: SettingsMapSchema.refine((v) => Object.keys(v).length > 0, 'Give at least one setting.'),
      }),
      response: { 200: z.object({ settings: SettingsMapSchema }) },
    },
    handler: async (request) => ({ settings: await settings.updateMany(request.actor, request.body.settings) }),
  });
  api.delete('/settings/:key', {
    schema: {
      tags: ['admin'],
      summary: 'Put one setting back to its default (permission settings.update).',
      params: z.object({ key: z.string().min(1).max(100) }),
    },
    handler: async (request, reply) => {
      await settings.reset(request.actor, request.params.key);
      return reply.status(204).send();
    },
  });
}
